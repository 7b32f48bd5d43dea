/* btfld-clones.cc -- a GCC plugin that records, for each function clone
   the compiler emits, which of the source function's parameters the
   clone takes, in the section .btfld.clones of the object.

   gcc's .BTF describes every function under its source name with its
   source prototype, written before the IPA passes clone anything; the
   linker side (lib/fixups.c) reads these records to tell which FUNCs
   describe the code of a clone.

   Load it with -fplugin=btfld-clones.so (next to -gbtf).  It must be
   built against the plugin headers of the gcc that loads it.

   The section (non-alloc, alignment 1, so that ld concatenates the
   objects' records) is text: first a line for the compilation unit,

     v1 unit FILE

   (FILE the main input file's name, "-" when the format cannot carry
   it), written for every unit, with clones or not, so that in a linked
   file, where ld has concatenated the objects' .btfld.clones as it
   concatenated their .BTF, the K-th unit's records go with the K-th
   blob of .BTF; then one line per clone:

     v1 CLONE ORIGIN KIND RET VARARGS NORIG P0,P1,...

   CLONE is the clone's symbol name (NAME.isra.0, NAME.constprop.0,
   NAME.part.0 ...), ORIGIN the source function's name (its FUNC's).
   KIND: "split" for a part that function splitting moved out of the
   source function (NAME.part.N: the rest stays in the callers, so it
   is not the whole function), "clone" for any other (a copy of the
   whole function, with some parameters changed or not).
   RET: "same" (the source's return type), "void" (the clone returns
   nothing where the source returns a value) or "other".  VARARGS: "y"
   when the clone takes the source's "..." too, "n" when the source has
   none, "other" otherwise.  NORIG: the number of the source's named
   parameters.  Then, for each parameter of the clone in order, the
   index of the source parameter it is (its value is the argument the
   source function would have received), or "-" when it is none (a
   part of a split aggregate, a value the clone's caller computes);
   "." for a clone without parameters.  A clone is recorded once, when
   its body is compiled; a line is never split.

   A parameter is a source parameter only when both of what gcc keeps
   say so: the clone's parameter adjustments (IPA-SRA, ipa-cp: a copy
   of the source parameter at that index) when the clone has any, and
   the PARM_DECL's abstract origin (the source PARM_DECL at that index,
   what gcc's DWARF says too), with the same type.  */

#include "gcc-plugin.h"
#include "plugin-version.h"
#include "tree.h"
#include "tree-pass.h"
#include "cgraph.h"
#include "alloc-pool.h"
#include "symbol-summary.h"
#include "symtab-clones.h"
#include "ipa-param-manipulation.h"
#include "function.h"
#include "output.h"
#include "diagnostic-core.h"

#include <string>
#include <vector>

int plugin_is_GPL_compatible;

static std::vector<std::string> records;

/* The index of PARM in FN's parameters, or -1.  */
static int
parm_index (tree fn, tree parm)
{
  int i = 0;
  for (tree p = DECL_ARGUMENTS (fn); p; p = DECL_CHAIN (p), i++)
    if (p == parm)
      return i;
  return -1;
}

static tree
parm_at (tree fn, int index)
{
  int i = 0;
  for (tree p = DECL_ARGUMENTS (fn); p; p = DECL_CHAIN (p), i++)
    if (i == index)
      return p;
  return NULL_TREE;
}

static bool
same_type (tree a, tree b)
{
  return a && b && TYPE_MAIN_VARIANT (a) == TYPE_MAIN_VARIANT (b);
}

static const char *
symbol_name (tree decl)
{
  const char *s = IDENTIFIER_POINTER (DECL_ASSEMBLER_NAME (decl));
  return *s == '*' ? s + 1 : s;
}

/* A name the line format can carry.  */
static bool
plain_name (const char *s)
{
  if (!*s)
    return false;
  for (; *s; s++)
    if (*s <= ' ' || *s == 0x7f || *s == '"' || *s == '\\')
      return false;
  return true;
}

/* The function compiled now, when it is a clone: its record.  */
static void
note_function (void *, void *)
{
  tree d = current_function_decl;
  if (!d || TREE_CODE (d) != FUNCTION_DECL)
    return;
  tree origin = DECL_ABSTRACT_ORIGIN (d);
  if (!origin || origin == d || TREE_CODE (origin) != FUNCTION_DECL
      || !DECL_NAME (origin))
    return;
  const char *clone = symbol_name (d);
  const char *oname = IDENTIFIER_POINTER (DECL_NAME (origin));
  if (!plain_name (clone) || !plain_name (oname))
    return;

  cgraph_node *node = cgraph_node::get (d);
  clone_info *ci = node ? clone_info::get (node) : NULL;
  ipa_param_adjustments *adj = ci ? ci->param_adjustments : NULL;

  int norig = 0;
  for (tree p = DECL_ARGUMENTS (origin); p; p = DECL_CHAIN (p))
    norig++;

  tree oret = TREE_TYPE (TREE_TYPE (origin));
  tree cret = TREE_TYPE (TREE_TYPE (d));
  const char *ret;
  if (same_type (oret, cret) && (!adj || !adj->m_skip_return))
    ret = "same";
  else if (VOID_TYPE_P (cret) && !VOID_TYPE_P (oret)
	   && (!adj || adj->m_skip_return))
    ret = "void";
  else
    ret = "other";

  bool ovar = stdarg_p (TREE_TYPE (origin));
  bool cvar = stdarg_p (TREE_TYPE (d));
  const char *varargs = !ovar && !cvar ? "n" : ovar && cvar ? "y" : "other";

  std::string params;
  unsigned nadj = adj ? vec_safe_length (adj->m_adj_params) : 0;
  int i = 0;
  for (tree p = DECL_ARGUMENTS (d); p; p = DECL_CHAIN (p), i++)
    {
      tree po = DECL_ABSTRACT_ORIGIN (p);
      int by_origin = po && !DECL_ARTIFICIAL (p) ? parm_index (origin, po)
		      : -1;
      int by_adj = by_origin;
      if (adj)
	{
	  if ((unsigned) i < nadj)
	    {
	      const ipa_adjusted_param &a = (*adj->m_adj_params)[i];
	      by_adj = a.op == IPA_PARAM_OP_COPY ? (int) a.base_index : -1;
	    }
	  else
	    by_adj = -1;
	}
      tree op = by_origin >= 0 ? parm_at (origin, by_origin) : NULL_TREE;
      bool source = by_origin >= 0 && by_adj == by_origin && op
		    && same_type (TREE_TYPE (p), TREE_TYPE (op));
      if (i)
	params += ',';
      params += source ? std::to_string (by_origin) : std::string ("-");
    }
  if (params.empty ())
    params = ".";
  const char *kind = node && node->split_part ? "split" : "clone";
  records.push_back (std::string ("v1 ") + clone + " " + oname + " " + kind
		     + " " + ret
		     + " " + varargs + " " + std::to_string (norig) + " "
		     + params);
}

/* Write the unit's line and its records as the section's contents.  */
static void
finish_unit (void *, void *)
{
  if (!asm_out_file)
    return;
  const char *file = main_input_filename ? main_input_filename : "";
  fprintf (asm_out_file, "\t.pushsection\t.btfld.clones,\"\",%%progbits\n");
  fprintf (asm_out_file, "\t.ascii\t\"v1 unit %s\\n\"\n",
	   plain_name (file) ? file : "-");
  for (const std::string &r : records)
    fprintf (asm_out_file, "\t.ascii\t\"%s\\n\"\n", r.c_str ());
  fprintf (asm_out_file, "\t.popsection\n");
  records.clear ();
}

static struct plugin_info info = {
  "1", "records gcc's function clones for btfld (.btfld.clones)"
};

int
plugin_init (struct plugin_name_args *pi, struct plugin_gcc_version *version)
{
  if (!plugin_default_version_check (version, &gcc_version))
    {
      error ("btfld-clones: built for gcc %s, loaded by gcc %s",
	     gcc_version.basever, version->basever);
      return 1;
    }
  register_callback (pi->base_name, PLUGIN_INFO, NULL, &info);
  register_callback (pi->base_name, PLUGIN_ALL_PASSES_END, note_function,
		     NULL);
  register_callback (pi->base_name, PLUGIN_FINISH_UNIT, finish_unit, NULL);
  return 0;
}
