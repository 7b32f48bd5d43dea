/* btfld-session.h -- one BTF link: the inputs, the symbol facts of the
   output, the options, and the stages in their one order.

   The inputs are either compilers' .BTF (btfld_session_add_input and
   its variants: one or more standalone blobs per input) or one existing
   .BTF, as a file already holds it (btfld_session_add_existing).  The
   stages, in this order, each where it applies:

     merge     each input's blobs, in input order, on the base (if any);
	       an existing .BTF is read as it is (its blobs merged, split
	       on its .BTF.base or on the base);
     fixups    compilers' inputs only: the gcc fixups with the symbol
	       facts (when enabled and given);
     dedup     compilers' inputs only: one deduplicated object, then,
	       when asked, one FUNC per name;
     relocate  an existing .BTF split on a distilled .BTF.base, when a
	       full base is given: relocated onto it, and deduplicated so
	       that the types distilling had moved out of the base fold
	       back into the base's own;
     kfuncs    kfuncs tagged, when asked;
     distill   with a base and distill: a distilled base and the split
	       BTF on it.

   btfld_session_raw then serializes the result and reads it back as a
   reader of the file would: a result the library's own parser refuses
   is an error, never written.

   Every front end (the ld plugin, btf-objcopy, and ld and objcopy with
   ld-patches/ through btfld-ld.h) gathers the inputs and the symbols,
   runs the session and writes its result; none runs the stages itself.

   Errors as everywhere in the library: a negative errno or NULL, and
   btfld_errmsg ().  */

#ifndef BTFLD_SESSION_H
#define BTFLD_SESSION_H

#include "btfld.h"

#ifdef __cplusplus
extern "C" {
#endif

struct btfld_session;
struct Elf;

/* FUNCs per function name: one per prototype (all), or pahole's
   rules: one, none when the prototypes differ (pahole >= 1.25's
   consistent_func), and also none when the name's function symbols lie
   at several addresses (pahole >= 1.31; needs the symbols).  */
enum btfld_funcs { BTFLD_FUNCS_ALL = 0, BTFLD_FUNCS_PROTO,
		   BTFLD_FUNCS_ADDR };

/* FUNCs for gcc's function clones (NAME.isra.0, NAME.constprop.0 ...),
   from the records the GCC plugin gcc-plugin/btfld-clones.so leaves in
   each object's .btfld.clones (doc/clones.md): with per-object facts,
   or for a linked file whose objects are gone, its own .btfld.clones
   (btfld_session_unit_clones).  Named after pahole's features that give
   them from DWARF.  */
enum btfld_clone_funcs
{
  /* The source name's FUNC describes a clone that takes the source's
     parameters unchanged, when the name has no function of its own
     (pahole's optimized_func).  */
  BTFLD_CLONES_OPTIMIZED_FUNC = 1,
  /* A FUNC of the clone's own name with the parameters it takes, when
     each is one of the source's (pahole's true_signature).  */
  BTFLD_CLONES_TRUE_SIGNATURE = 2
};

/* NAME, one of the features above as the front ends spell them
   (optimized_func or optimized-func, true_signature or true-signature),
   added to *FLAGS: 0, or -1 when it is none.  */
int btfld_clone_feature (const char *name, unsigned *flags);
/* The same for each name of the comma-separated LIST.  */
int btfld_clone_features (const char *list, unsigned *flags);

/* The options of a session, for every front end.  Fill them with
   designated initialisers: a field left out is zero, which is the
   default where there is one.  */
struct btfld_session_opts
{
  bool fixups;			/* apply the gcc fixups */
  enum btfld_engine engine;
  const struct btfld_btf *base;	/* split on this base, or NULL */
  bool distill;			/* with BASE: a distilled base too */
  enum btfld_vars vars;		/* VAR policy of the fixups */
  enum btfld_funcs funcs;	/* after dedup: every FUNC the
				   fixups keep, or one per name
				   (func-consistency.c) */
  const struct btfld_btf *relocate;	/* an existing .BTF on a distilled
					   .BTF.base: relocate it onto this
					   full base (else onto BASE, when
					   given) */
  unsigned clones;		/* enum btfld_clone_funcs flags */
};

/* Which .BTF_ids set8s are kfunc sets (kfuncs.c): those whose flags have
   BTF_SET8_KFUNCS (pahole's rule; Linux >= 6.9 sets it), or every one
   (Linux 6.0 to 6.8, whose set8s are all kfunc sets and carry no
   flag).  */
enum btfld_kfunc_sets { BTFLD_KFUNCS_FLAGGED = 1, BTFLD_KFUNCS_ALL };

struct btfld_session *btfld_session_new (const struct btfld_session_opts *o);
void btfld_session_free (struct btfld_session *s);

/* Add one input's .BTF (one or more compiler blobs, possibly padded, as
   in a relocatable object or the concatenation a plain link leaves in
   its output).  Its blobs are merged at once, so the input's memory is
   no longer needed afterwards (the session only reads it: what becomes
   of its pages is the caller's business).  A malformed blob fails with a message naming its
   offset and type.  */
int btfld_session_add_input (struct btfld_session *s, const void *data,
			     size_t size);
/* The one input: an existing .BTF, DATA (SIZE bytes: one blob, or
   several as a link without btfld leaves them, which are merged), with
   the file's .BTF.base BASE_SECTION (BASE_SIZE bytes), or NULL when it
   has none.  With a .BTF.base the .BTF is split on it (and relocated
   onto the session's relocate or base option, when one is given);
   without, the .BTF is split on the session's base, or standalone.  Copied: DATA need not outlive the
   call.  No fixups or dedup apply to it.  */
int btfld_session_add_existing (struct btfld_session *s, const void *data,
				size_t size, const void *base_section,
				size_t base_size);
/* Number of inputs added.  */
unsigned btfld_session_inputs (const struct btfld_session *s);

/* The symbol facts for the fixups: the symbols of the linked ELF file
   ELF (a finished output, or an object)...  */
int btfld_session_symbols_from_elf (struct btfld_session *s,
				    struct Elf *elf);
/* ... or a table the caller built (btfld-ld.h); borrowed, it must stay
   valid until btfld_session_run returns.  */
void btfld_session_set_symtab (struct btfld_session *s,
			       const struct btfld_symtab *syms);

/* Tag the kfuncs of ELF's .BTF_ids sets (read from its .BTF_ids and
   .symtab): after dedup, a DECL_TAG 'bpf_kfunc' on each FUNC a kfunc
   set names (and 'bpf_fastcall' for KF_FASTCALL), as pahole's
   decl_tag_kfuncs.  A kfunc without a FUNC is named in a warning.  */
int btfld_session_kfuncs_from_elf (struct btfld_session *s,
				   struct Elf *elf,
				   enum btfld_kfunc_sets which);

/* Per-object symbol facts.  With them, the FUNCs and VARs of an
   object's blobs describe that object's own symbols (not any symbol of
   the output that has their name): a static of one file never takes
   another file's symbol, a name the object does not define (extern,
   optimized away) or whose definition did not survive the link (a
   section --gc-sections removed, a weak definition another object
   overrode) has no FUNC/VAR, and a VAR is placed where the object's
   input section landed in the output.  The output's own symbols (above)
   still give the output sections and say which global definition won.
   Blobs of no object (LTO's objects, which no front end sees) are fixed
   up with the output's symbols by name.  */

/* The section of a symbol that has none.  */
#define BTFLD_OBJ_UNDEF 0xffffffffu
#define BTFLD_OBJ_COMMON 0xfffffffeu
#define BTFLD_OBJ_ABS 0xfffffffdu

struct btfld_obj_sym
{
  const char *name;		/* for STT_FILE: the file's name */
  unsigned char bind, type;	/* STB_*, STT_* */
  uint32_t sec;			/* index in the object's sections, or
				   BTFLD_OBJ_UNDEF, _COMMON, _ABS */
  uint64_t value, size;		/* offset in that section, st_size */
};

struct btfld_obj_sec
{
  const char *name;		/* the input section's name */
  uint64_t size, flags;		/* sh_size, sh_flags */
  const char *out_name;		/* the output section it landed in, or
				   NULL: discarded or not known */
  uint64_t out_offset;		/* the offset it landed at in it */
};

struct btfld_object
{
  const char *label;		/* for messages: FILE or ARCHIVE(MEMBER) */
  const char *file;		/* the name of the STT_FILE symbol ld writes
				   before the object's locals when the
				   object has none (an assembler's object):
				   the base name of its file, or of its
				   archive member's name */
  struct btfld_obj_sym *syms;	/* in symbol table order; STT_FILE
				   symbols included (they start each source
				   file's locals), STT_SECTION ones not */
  size_t nsyms;
  struct btfld_obj_sec *secs;	/* by section index */
  size_t nsecs;
  /* Copies of the string tables the names of SYMS and SECS point into,
     or NULL: each name is an allocation of its own.  */
  char *sym_strings, *sec_strings;
  /* The contents of the object's .btfld.clones sections (the GCC
     plugin's records of the function clones: doc/clones.md), or NULL.  */
  char *clones;
  size_t clones_size;
};

/* The facts of the relocatable object ELF: its own symbols and sections,
   none placed (out_name NULL).  LABEL is copied.  */
struct btfld_object *btfld_object_from_elf (struct Elf *elf,
					    const char *label);
/* Whether A and B have the same sections and symbols (names, sizes,
   flags; bindings, types, sections, values), placements aside: the
   same file read two ways.  */
bool btfld_object_same_facts (const struct btfld_object *a,
			      const struct btfld_object *b);
/* The file name of O (its member name, for an archive member) as ld
   names the STT_FILE symbol it writes for an object without one: its
   base name is copied.  btfld_object_from_elf takes LABEL's.  */
int btfld_object_set_file (struct btfld_object *o, const char *name);
/* Every section placed at offset 0 of itself: the object is the output
   (btf-objcopy on a relocatable file).  */
int btfld_object_place_self (struct btfld_object *o);
/* Where the sections of the N objects OBJS (in link order) landed in the
   linked file OUTPUT, from its symbol table (.dynsym when it has no
   .symtab: -s): a section is placed by the
   output symbols that are its own symbols (a strong global of the
   object; its locals, which ld writes together after the STT_FILE
   symbol of their source file, in the object's order), and only when
   they all agree.  A section none of them places stays unplaced (it
   has no FUNC/VAR).  */
int btfld_objects_place (struct btfld_object *const *objs, size_t n,
			 struct Elf *output);
void btfld_object_free (struct btfld_object *o);

/* Register object O (borrowed: valid until btfld_session_run returns);
   returns its id (>= 0) for btfld_session_add_object_input.  */
int btfld_session_add_object (struct btfld_session *s,
			      const struct btfld_object *o);
/* btfld_session_add_input, the blobs being object OBJ's (an id from
   btfld_session_add_object, or -1: of no known object).  */
int btfld_session_add_object_input (struct btfld_session *s,
				    const void *data, size_t size, int obj);
/* btfld_session_add_object_input for DATA whose every blob btfld_btf_parse
   (without a base) or btfld_blobs_add has accepted before: the same
   bytes (the plugin checks each input's .BTF when ld offers it and finds
   those bytes again in the output's).  They are not checked again.  */
int btfld_session_add_checked_input (struct btfld_session *s,
				     const void *data, size_t size, int obj);

/* The SIZE bytes at DATA (copied) are the .btfld.clones of the linked
   file whose .BTF the inputs are: the GCC plugin's records, a line
   "v1 unit FILE" before each object's.  When it has as many units as
   the inputs have blobs, unit K's records are blob K's (of no object).  */
int btfld_session_unit_clones (struct btfld_session *s, const void *data,
			       size_t size);

/* After the last input, before the symbols are known: do what needs
   none of them (the fixups of the types' contents, and the dedup
   engine's classes on the result), so that btfld_session_run has less
   left.  Optional; no input may be added afterwards.  Nothing is done
   (and 0 returned) where it would not help: without fixups, with the
   libbpf engine or one FUNC per name.  On failure the session is as
   before.  */
int btfld_session_prepare (struct btfld_session *s);

/* Run the stages.  Once.  */
int btfld_session_run (struct btfld_session *s);

/* The results of a run: the output BTF and the distilled base it is
   split on (distilled by the run, or an existing .BTF's that was not
   relocated), NULL when there is none.  They belong to the session.  */
const struct btfld_btf *btfld_session_btf (const struct btfld_session *s);
const struct btfld_btf *btfld_session_dist_base (const struct btfld_session *s);
/* Hand the output BTF over to the caller, and in *DIST the distilled
   base it is split on (NULL when none; free the BTF first).  With DIST
   NULL, BTF on a distilled base is an error.  */
struct btfld_btf *btfld_session_take_btf (struct btfld_session *s,
					  struct btfld_btf **dist);
/* Both serialized (malloc'd; *BASE NULL when there is no distilled
   base), with the 24-byte header or, with LAYOUT, kernel 7.x's header
   and layout; each is read back (above) before it is returned.  */
int btfld_session_raw (const struct btfld_session *s, bool layout,
		       void **btf, size_t *size, void **base,
		       size_t *base_size);
/* Counts so far (inputs, blobs, types and bytes in and out).  */
const struct btfld_stats *btfld_session_stats (const struct btfld_session *s);

#ifdef __cplusplus
}
#endif

#endif /* BTFLD_SESSION_H */
