#define _GNU_SOURCE 1
/* out-file.c -- put a finished temporary file in place of the output,
   the way GNU objcopy (binutils 2.40) does it:

   - an output that does not exist yet: the temporary file (made in the
     same directory) is renamed to it;
   - an existing regular file: the temporary file is copied into it, so a
     symbolic link is written through (the link stays), hard links stay
     linked, and the owner stays; when the output is the input (in
     place), the input's mode is set again, setuid and setgid bits
     included, as objcopy's smart_rename does;
   - a character or block device: the contents are written to it;
   - a FIFO or a socket: refused, as objcopy fails there ("Illegal
     seek"), and the FIFO is left alone.

   A link's own output (the plugin's, which ld has just written) that
   is a regular file of one link is renamed over instead: nobody else
   has it yet, and copying into it would write it twice.

   On every error the temporary file is removed and an existing output
   is left alone (unless the copy itself fails half way).  */

#include "btfld-int.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Copy all of FROM (from its start) to TO at its current offset.  */
static int
copy_all (int from, int to)
{
  off_t off = 0;
  for (;;)
    {
      char buf[65536];
      ssize_t r = pread (from, buf, sizeof buf, off);
      if (r < 0 && errno == EINTR)
	continue;
      if (r < 0)
	return -errno;
      if (r == 0)
	return 0;
      for (ssize_t done = 0; done < r;)
	{
	  ssize_t w = write (to, buf + done, r - done);
	  if (w < 0 && errno == EINTR)
	    continue;
	  if (w <= 0)
	    return w < 0 ? -errno : -EIO;
	  done += w;
	}
      off += r;
    }
}

/* TMP (open as TMP_FD, closed here) renamed to OUT_PATH, with MODE.  */
static int
rename_into_place (int tmp_fd, const char *tmp, const char *out_path,
		   mode_t mode)
{
  int err = 0;
  if (fchmod (tmp_fd, mode & 07777) || close (tmp_fd))
    {
      err = btfld_error (-errno, "cannot write %s: %s", tmp,
			 strerror (errno));
      unlink (tmp);
      return err;
    }
  if (rename (tmp, out_path))
    {
      err = btfld_error (-errno, "cannot rename %s to %s: %s", tmp,
			 out_path, strerror (errno));
      unlink (tmp);
    }
  return err;
}

int
btfld_install_output (int tmp_fd, const char *tmp, const char *out_path,
		      const struct stat *in_st, bool in_place, bool own)
{
  struct stat st;
  int err = 0, fd;
  /* A link's own fresh output: nothing else links to it, and copying a
     kernel's (a gigabyte) into it would write it twice.  */
  if (own && lstat (out_path, &st) == 0 && S_ISREG (st.st_mode)
      && st.st_nlink == 1)
    {
      /* Removed first: renamed over, ext4 would write the new file's
	 delayed blocks out before the rename returns (auto_da_alloc), a
	 wait for the disk that nothing here needs.  */
      if (unlink (out_path) && errno != ENOENT)
	{
	  err = btfld_error (-errno, "cannot remove %s: %s", out_path,
			     strerror (errno));
	  close (tmp_fd);
	  unlink (tmp);
	  return err;
	}
      return rename_into_place (tmp_fd, tmp, out_path, st.st_mode);
    }
  /* A new file (or a dangling link): rename, with the input's mode.  */
  if (stat (out_path, &st) != 0)
    return rename_into_place (tmp_fd, tmp, out_path, in_st->st_mode);
  if (S_ISFIFO (st.st_mode) || S_ISSOCK (st.st_mode))
    err = btfld_error (-ESPIPE, "cannot write to a %s: %s",
		       S_ISFIFO (st.st_mode) ? "FIFO" : "socket",
		       strerror (ESPIPE));
  else if (!S_ISREG (st.st_mode) && !S_ISCHR (st.st_mode)
	   && !S_ISBLK (st.st_mode))
    err = btfld_error (-EINVAL, "not a regular file or a device");
  else if ((fd = open (out_path, O_WRONLY | (S_ISREG (st.st_mode)
					     ? O_TRUNC : 0))) < 0)
    err = btfld_error (-errno, "cannot open for writing: %s",
		       strerror (errno));
  else
    {
      err = copy_all (tmp_fd, fd);
      if (err)
	btfld_error (err, "cannot write: %s", strerror (-err));
      else if (in_place && S_ISREG (st.st_mode)
	       && fchmod (fd, in_st->st_mode & 07777))
	err = btfld_error (-errno, "cannot set the mode: %s",
			   strerror (errno));
      if (close (fd) && !err)
	err = btfld_error (-errno, "cannot write: %s", strerror (errno));
    }
  close (tmp_fd);
  unlink (tmp);
  return err;
}
