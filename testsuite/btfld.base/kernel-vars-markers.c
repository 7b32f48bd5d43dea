/* Symbols of size 0 in .data..percpu, as the kernel's linker script
   defines __per_cpu_end at the section's end, and an empty array: they
   describe no storage, so they get no VAR (the kernel refuses a DATASEC
   entry of size 0; pahole skips them too), with every VAR policy.  */
extern char pcpu_marker_end[];

__attribute__ ((section (".data..percpu"))) int pcpu_count = 1;
__attribute__ ((section (".data..percpu"))) char pcpu_empty[0];

__asm__ (".pushsection .data..percpu,\"aw\"\n\t"
	 ".globl pcpu_marker_end\n"
	 "pcpu_marker_end:\n\t"
	 ".popsection");

char *
marker (void)
{
  return pcpu_marker_end + pcpu_count + sizeof pcpu_empty;
}
