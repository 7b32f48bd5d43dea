/* btfld-session.h -- one BTF link: the inputs, the symbol facts of the
   output, the options, and the stages in their one order.

     merge     each input's blobs, in input order, on the base (if any);
     fixups    the gcc fixups with the symbol facts (when enabled and
	       given);
     dedup     one deduplicated object;
     distill   with a base and distill: a distilled base and the split
	       BTF on it.

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

struct btfld_session_opts
{
  bool dedup;			/* merge, fix up and deduplicate; when
				   false the inputs are only merged (an
				   existing .BTF to distill) */
  bool fixups;			/* apply the gcc fixups */
  enum btfld_engine engine;
  const struct btfld_btf *base;	/* split on this base, or NULL */
  bool distill;			/* with BASE: a distilled base too */
  enum btfld_vars vars;		/* VAR policy of the fixups */
};

struct btfld_session *btfld_session_new (const struct btfld_session_opts *o);
void btfld_session_free (struct btfld_session *s);

/* Add one input's .BTF (one or more compiler blobs, possibly padded, as
   in a relocatable object or the concatenation a plain link leaves in
   its output).  Its blobs are merged at once, so the input's memory is
   no longer needed afterwards (and a mapped file's pages are released
   as they are read).  A malformed blob fails with a message naming its
   offset and type.  */
int btfld_session_add_input (struct btfld_session *s, const void *data,
			     size_t size);
/* Take BTF (split on the session's base or standalone) as the merged
   inputs: an existing .BTF read by the caller.  Only before any input;
   the session owns BTF afterwards.  */
int btfld_session_adopt (struct btfld_session *s, struct btfld_btf *btf);
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

/* Run the stages.  Once.  */
int btfld_session_run (struct btfld_session *s);

/* The results of a run: the output BTF and, when distilling, the
   distilled base (NULL otherwise).  They belong to the session.  */
const struct btfld_btf *btfld_session_btf (const struct btfld_session *s);
const struct btfld_btf *btfld_session_dist_base (const struct btfld_session *s);
/* Hand the output BTF over to the caller (not when distilling: the
   split BTF needs the session's distilled base).  */
struct btfld_btf *btfld_session_take_btf (struct btfld_session *s);
/* Both serialized (malloc'd; *BASE NULL when not distilling), with the
   24-byte header or, with LAYOUT, kernel 7.x's header and layout.  */
int btfld_session_raw (const struct btfld_session *s, bool layout,
		       void **btf, size_t *size, void **base,
		       size_t *base_size);
/* Counts so far (inputs, blobs, types and bytes in and out).  */
const struct btfld_stats *btfld_session_stats (const struct btfld_session *s);

#ifdef __cplusplus
}
#endif

#endif /* BTFLD_SESSION_H */
