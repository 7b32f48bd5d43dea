/* btfld-ld.h -- BTF linking from inside a linker or objcopy (binutils
   with ld-patches/): the inputs' .BTF, the output sections and the
   symbols come from the tool's own tables instead of a finished ELF file.

   Two phases, because the linker must know the size of the output .BTF
   before it assigns file positions, but learns the addresses later:

   layout  (symbols resolved, input sections mapped to output sections,
	    no addresses yet): merge, gcc fixups, dedup, optionally split on
	    a base and distill it.  The result has its final size; each
	    DATASEC entry still holds a placeholder.
   finish  (addresses known): fill the DATASEC sizes and the VAR offsets
	    and sizes in place, sort each DATASEC's entries by offset and put
	    the VAR records in section order.  Only fixed-size fields and
	    equal-size records change: the size stays the same.

   Errors are reported as everywhere in the library: a negative errno or
   NULL, and btfld_errmsg ().  */

#ifndef BTFLD_LD_H
#define BTFLD_LD_H

#include "btfld.h"
#include "btfld-session.h"

#ifdef __cplusplus
extern "C" {
#endif

struct btfld_ld;

/* One symbol of the output, as the linker sees it before layout.  */
struct btfld_ld_sym
{
  const char *name;		/* copied */
  unsigned char bind;		/* STB_LOCAL, STB_GLOBAL, STB_WEAK */
  unsigned char type;		/* STT_FUNC, STT_OBJECT, STT_NOTYPE, ... */
  uint32_t sec;			/* output section (btfld_ld_add_section),
				   0 when not defined in the output */
  uint64_t unit;		/* the input section defining it: symbols of
				   different units never overlap */
  uint64_t value;		/* offset in that unit */
  uint64_t size;
  uint64_t cookie;		/* the caller's, handed back by finish */
};

/* Where the linker put things, asked for by btfld_ld_finish.  */
struct btfld_ld_layout
{
  /* Size of output section SEC.  */
  uint64_t (*section_size) (void *ctx, uint32_t sec);
  /* Offset in its output section of the symbol with COOKIE.  */
  uint64_t (*symbol_offset) (void *ctx, uint64_t cookie);
  void *ctx;
};

/* A link with OPTS (btfld-session.h; funcs and relocate do not apply
   and must be zero).  */
struct btfld_ld *btfld_ld_new (const struct btfld_session_opts *opts);
void btfld_ld_free (struct btfld_ld *ld);

/* Add an input's .BTF (one or more blobs, possibly padded).  A malformed
   one fails with a message naming the type.  */
int btfld_ld_add_input (struct btfld_ld *ld, const void *data, size_t size);
/* Number of inputs added so far.  */
unsigned btfld_ld_inputs (const struct btfld_ld *ld);

/* An input section of an object (btfld_ld_add_object), as the linker
   placed it.  */
struct btfld_ld_obj_sec
{
  const char *name;		/* the input section's name */
  uint64_t size, flags;		/* sh_size, sh_flags */
  const char *out_name;		/* the output section it went to, NULL
				   when discarded */
  uint64_t unit;		/* the unit of btfld_ld_sym for it */
};

/* Per-object facts (btfld-session.h): input object LABEL's own symbols
   SYMS, in its symbol table order without STT_SECTION symbols (their
   sec indexes SECS), and its sections SECS by section index.  All
   copied.  The sections are placed where phase 1 puts their units, so
   that the object's FUNCs and VARs describe its own symbols.  Returns
   the object's id for btfld_ld_add_object_input, or a negative errno.  */
int btfld_ld_add_object (struct btfld_ld *ld, const char *label,
			 const struct btfld_obj_sym *syms, size_t nsyms,
			 const struct btfld_ld_obj_sec *secs, size_t nsecs);
/* btfld_ld_add_input, the blobs being object OBJ's (an id from
   btfld_ld_add_object, or -1: of no known object, fixed up by name).  */
int btfld_ld_add_object_input (struct btfld_ld *ld, const void *data,
			       size_t size, int obj);

/* Declare the output sections in their output order; the first is 1.
   Returns the index, or a negative errno.  */
long btfld_ld_add_section (struct btfld_ld *ld, const char *name);
/* Add a symbol.  Locals must come in input order (the K-th static
   variable of a name in the inputs is the K-th local symbol of it).  */
int btfld_ld_add_symbol (struct btfld_ld *ld, const struct btfld_ld_sym *sym);

/* Phase 1.  On success *BTF (*SIZE bytes) is the output .BTF and, when
   distilling, *BASE (*BASE_SIZE bytes) the .BTF.base (NULL/0 otherwise); both
   belong to LD, and finish modifies *BTF in place.  STATS (optional)
   receives the counts.  */
int btfld_ld_do_layout (struct btfld_ld *ld, void **btf, size_t *size,
			void **base, size_t *base_size,
			struct btfld_stats *stats);

/* Phase 2, on the buffer phase 1 returned.  */
int btfld_ld_finish (struct btfld_ld *ld, const struct btfld_ld_layout *l);

/* objcopy's operations on a file's existing .BTF (BTF/SIZE) and
   .BTF.base (BASE_SECTION/BASE_SECTION_SIZE, NULL when absent), the
   same as btf-objcopy's: with DISTILL (needs BASE) the .BTF, split on
   BASE, gets a distilled .BTF.base; with RELOCATE, the split .BTF is
   relocated from its .BTF.base onto RELOCATE and .BTF.base goes (the
   session's add_existing, btfld-session.h).  On
   success *OUT (*OUT_SIZE bytes) is the new .BTF and *OUT_BASE
   (*OUT_BASE_SIZE bytes) the new .BTF.base, NULL when the file has none afterwards (malloc'd;
   free them).  (--btf-dedup is btfld_ld_new and the phases above.)  */
int btfld_ld_convert (const void *btf, size_t size,
		      const void *base_section, size_t base_section_size,
		      const struct btfld_btf *base, bool distill,
		      const struct btfld_btf *relocate,
		      enum btfld_engine engine,
		      void **out, size_t *out_size,
		      void **out_base, size_t *out_base_size);

#ifdef __cplusplus
}
#endif

#endif /* BTFLD_LD_H */
