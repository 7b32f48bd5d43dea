/* A kernel-style static call: the trampoline __SCT__hook is assembly in
   .static_call.text, declared in C with the type of the function it
   calls; asm_add is an assembly function in .text.  */
int hook_target (int a, int b) { return a + b; }
extern __typeof__ (hook_target) __SCT__hook;
extern void __SCT__flush (void);
extern int asm_add (int a, int b);
asm (".pushsection .static_call.text, \"ax\"\n"
     ".globl __SCT__hook\n.type __SCT__hook, @function\n"
     "__SCT__hook: jmp hook_target\n.size __SCT__hook, . - __SCT__hook\n"
     ".globl __SCT__flush\n.type __SCT__flush, @function\n"
     "__SCT__flush: ret\n.size __SCT__flush, . - __SCT__flush\n"
     ".popsection\n"
     ".text\n.globl asm_add\n.type asm_add, @function\n"
     "asm_add: lea (%rdi,%rsi), %eax\nret\n.size asm_add, . - asm_add\n");
int main (void) { __SCT__flush (); return __SCT__hook (1, 2) + asm_add (1, 0) - 4; }
