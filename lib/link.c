/* link.c -- btfld_link_btf: the session (session.c) on a linked
   file's concatenated .BTF.  */

#include "btfld-int.h"
#include "btfld-session.h"

#include <stdlib.h>

struct btfld_btf *
btfld_link_btf (const void *data, size_t size,
		const struct btfld_symtab *syms,
		const struct btfld_link_opts *opts, struct btfld_stats *stats)
{
  struct btfld_session_opts so = { true, opts->fixups, opts->engine,
				   opts->base, false, opts->vars,
				   BTFLD_FUNCS_ALL, false };
  struct btfld_session *s = btfld_session_new (&so);
  struct btfld_btf *out = NULL;
  if (!s)
    return NULL;
  btfld_session_set_symtab (s, syms);
  if (btfld_session_add_input (s, data, size) == 0
      && btfld_session_run (s) == 0)
    {
      const struct btfld_stats *st = btfld_session_stats (s);
      void *raw;
      size_t rs;
      if (btfld_session_raw (s, false, &raw, &rs, NULL, NULL) == 0)
	{
	  free (raw);
	  stats->blobs += st->blobs;
	  stats->bytes_in += st->bytes_in;
	  stats->types_in += st->types_in;
	  stats->bytes_out = rs;
	  stats->types_out = st->types_out;
	  out = btfld_session_take_btf (s);
	}
    }
  btfld_session_free (s);
  return out;
}
