/* build-id.h -- recompute .note.gnu.build-id after the output changed,
   with the algorithm GNU ld used.  */

#ifndef BTFLD_BUILD_ID_H
#define BTFLD_BUILD_ID_H

#include <stdbool.h>
#include <stddef.h>

/* ld's --build-id=STYLE.  */
enum btfld_build_id_style
{
  BTFLD_BUILD_ID_AUTO = 0,	/* find out from the file (sha1, md5 or keep) */
  BTFLD_BUILD_ID_NONE,		/* --build-id=none: no note expected */
  BTFLD_BUILD_ID_SHA1,
  BTFLD_BUILD_ID_MD5,
  BTFLD_BUILD_ID_UUID,
  BTFLD_BUILD_ID_HEX,		/* 0xHEX: a fixed ID, kept */
  BTFLD_BUILD_ID_UNSUPPORTED	/* a style btfld cannot compute (xx) */
};

struct btfld_build_id
{
  enum btfld_build_id_style style;
  char name[16];		/* the style as given, for messages */
};

/* Parse STYLE as ld does ("sha1", "md5", "uuid", "0xHEX", "none"; NULL
   or "" is ld's default, sha1).  Returns 0, or -EINVAL for an unknown
   style.  */
int btfld_build_id_parse (const char *style, struct btfld_build_id *bid);

/* Where the build ID descriptor of the ELF image lies: 0 and *DESC_OFF,
   *DESC_LEN (file offset and size of the descriptor), *NOTE_OFF,
   *NOTE_LEN (the whole note section); 1 when the image has none.  */
int btfld_build_id_find (const unsigned char *image, size_t size,
			 size_t *note_off, size_t *note_len,
			 size_t *desc_off, size_t *desc_len);

/* ld's sha1 or md5 build ID of the ELF image (ld's
   elf_checksum_contents: the ELF header without e_phoff and e_shoff, the
   program headers, each section header without sh_offset, and the
   contents of every section that has any, except the symbol table, its
   string table and the section name table, which ld has not in memory
   when it hashes; the build ID note counts as zeros).  OUT receives 20
   or 16 bytes.  Returns 0 or a negative errno.  */
int btfld_build_id_hash (const unsigned char *image, size_t size,
			 enum btfld_build_id_style style, unsigned char *out);

/* Recompute the build ID of the ELF file open read-write on FD for BID
   (AUTO: ORIG, the image the file was written from, tells: its ID is
   ld's sha1 or md5 of it, else the ID is kept with a warning).  A file
   without a note (or written from an ORIG without one) is left alone.
   Returns 0 or a negative errno.  */
int btfld_build_id_update_fd (int fd, const struct btfld_build_id *bid,
			      const unsigned char *orig, size_t orig_size);

/* The style found in ld's command line ARGV (the last --build-id;
   response files @FILE expanded); BTFLD_BUILD_ID_AUTO when there is
   none.  */
int btfld_build_id_from_argv (int argc, char **argv,
			      struct btfld_build_id *bid);

/* The same from this process's own command line (/proc/self/cmdline):
   the plugin runs inside ld.  */
int btfld_build_id_from_self (struct btfld_build_id *bid);

#endif
