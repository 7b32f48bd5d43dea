/* A library user of the installed btfld (pkg-config btfld): the .BTF of
   a plain link deduplicated with its symbols through a session, dumped
   as btf-objcopy --btf-dedup --dump-btf dumps it.  */

#include <btfld.h>
#include <btfld-session.h>

#include <fcntl.h>
#include <gelf.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

int
main (int argc, char **argv)
{
  struct btfld_session_opts so = { .fixups = true };
  struct btfld_session *s;
  Elf_Scn *scn = NULL;
  Elf_Data *d = NULL;
  size_t shstrndx;
  Elf *elf;
  int fd;

  if (argc != 2 || elf_version (EV_CURRENT) == EV_NONE
      || (fd = open (argv[1], O_RDONLY)) < 0
      || !(elf = elf_begin (fd, ELF_C_READ, NULL))
      || elf_getshdrstrndx (elf, &shstrndx))
    return 2;
  while ((scn = elf_nextscn (elf, scn)))
    {
      GElf_Shdr sh;
      if (gelf_getshdr (scn, &sh)
	  && strcmp (elf_strptr (elf, shstrndx, sh.sh_name), ".BTF") == 0)
	d = elf_getdata (scn, NULL);
    }
  if (!d || !(s = btfld_session_new (&so))
      || btfld_session_symbols_from_elf (s, elf)
      || btfld_session_add_input (s, d->d_buf, d->d_size)
      || btfld_session_run (s))
    {
      fprintf (stderr, "session-user: %s\n", btfld_errmsg ());
      return 1;
    }
  const struct btfld_btf *b = btfld_session_btf (s);
  btfld_dump_raw (stdout, b, btfld_start_id (b), btfld_type_cnt (b) - 1);
  btfld_session_free (s);
  elf_end (elf);
  close (fd);
  return 0;
}
