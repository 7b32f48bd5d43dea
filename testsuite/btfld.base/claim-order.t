/* The second input's .BTF first: the output's .BTF is not in the order
   ld read (and the plugin claimed) the inputs.  */
SECTIONS
{
  .BTF 0 : { *claim-order-2.o(.BTF) *(.BTF) }
}
