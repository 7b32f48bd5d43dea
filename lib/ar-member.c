/* ar-member.c -- the name of an archive member, for diagnostics: ld
   hands the plugin an archive's path and the member's offset only.  */

#include "ar-member.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define AR_HDR 60

static int
read_hdr (int fd, off_t at, char h[AR_HDR])
{
  return pread (fd, h, AR_HDR, at) == AR_HDR && h[58] == '`' && h[59] == '\n'
	 ? 0 : -1;
}

/* GNU long names live in the "//" member, each ending with "/\n".  */
static int
long_name (int fd, unsigned long idx, char *buf, size_t size)
{
  char h[AR_HDR];
  off_t at = 8;
  while (read_hdr (fd, at, h) == 0)
    {
      unsigned long len = strtoul (h + 48, NULL, 10);
      if (memcmp (h, "// ", 3) == 0)
	{
	  if (idx >= len)
	    return -1;
	  size_t n = 0;
	  char c;
	  while (n + 1 < size && pread (fd, &c, 1, at + AR_HDR + idx + n) == 1
		 && c != '/' && c != '\n')
	    buf[n++] = c;
	  buf[n] = '\0';
	  return 0;
	}
      at += AR_HDR + len + (len & 1);
    }
  return -1;
}

int
btfld_ar_member_name (int fd, off_t offset, char *buf, size_t size)
{
  char h[AR_HDR], magic[8];
  if (offset < 8 + AR_HDR || size < 2 || pread (fd, magic, 8, 0) != 8
      || memcmp (magic, "!<arch>\n", 8) != 0
      || read_hdr (fd, offset - AR_HDR, h) != 0)
    return -1;
  if (h[0] == '/' && isdigit ((unsigned char) h[1]))
    return long_name (fd, strtoul (h + 1, NULL, 10), buf, size);
  size_t n = 0;
  while (n < 16 && n + 1 < size && h[n] != '/' && h[n] != ' ')
    {
      buf[n] = h[n];
      n++;
    }
  buf[n] = '\0';
  return 0;
}
