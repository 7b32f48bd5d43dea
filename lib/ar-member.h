/* ar-member.h -- the name of an archive member from its offset.  */

#ifndef BTFLD_AR_MEMBER_H
#define BTFLD_AR_MEMBER_H

#include <stddef.h>
#include <sys/types.h>

/* Name of the member whose data starts at OFFSET in the archive open on
   FD, into BUF.  Returns 0, or -1 when OFFSET is not a member's.  */
int btfld_ar_member_name (int fd, off_t offset, char *buf, size_t size);

#endif
