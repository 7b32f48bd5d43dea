#define _GNU_SOURCE 1
/* out-file.c -- put a finished output in place without ever leaving a
   file that is neither its old bytes nor its new ones.

   The output is written to a temporary file first (btfld_out_create),
   then put in place (btfld_out_install):

   - an output that does not exist yet: the temporary file, made in the
     same directory, is renamed to it;
   - an existing regular file with one link: the temporary file gets the
     file's owner, group, mode (setuid and setgid bits included) and
     extended attributes (ACLs, security labels), is synced, and is
     renamed over it.  A symbolic link is followed: the temporary file
     is made beside the link's target and renamed over the target, so
     the link stays and still points at the file;
   - an existing regular file that a rename would change: several hard
     links (a rename would split them), or an owner or an attribute the
     temporary file cannot be given (not root).  Its bytes are copied
     aside first (a backup beside it, synced), then the new bytes are
     written into the file itself; on any failure, and on SIGINT,
     SIGTERM or SIGHUP (btfld_catch_signals), the backup's bytes are
     written back.  Only SIGKILL (or a crash of the machine) in the
     middle of that copy leaves the file mixed, and then the backup
     (bak.btfld.XXXXXX beside it) holds its old bytes;
   - a character or block device: the contents are written to it (the
     temporary file is made in $TMPDIR);
   - a FIFO or a socket: refused, as GNU objcopy fails there ("Illegal
     seek"), and the FIFO is left alone.

   New bytes are written over the old ones from the start and the file
   is cut to its new size afterwards, never truncated first: an output
   no larger than before (deduplication shrinks a file) needs no new
   blocks, so a full disk cannot stop either the copy or its undoing.

   The temporary name is short (tmp.btfld.XXXXXX, as GNU objcopy's
   make_tempname), so that it works wherever the output's name does.

   A link's own output (the plugin's, which ld has just written and
   nobody else has yet) is renamed over without the sync: a crash of the
   machine loses the link, which the build runs again.  */

#include "btfld-int.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/xattr.h>
#include <unistd.h>

/* What a signal must undo: the files of the one replacement under way.
   Written with the signals blocked; read by the handler.  */
static struct
{
  volatile sig_atomic_t active;	/* btfld_catch_signals was called */
  volatile sig_atomic_t have_tmp, have_bak, restore;
  char tmp[PATH_MAX], bak[PATH_MAX], target[PATH_MAX];
  off_t old_size;
} pending;

static const int caught[] = { SIGINT, SIGTERM, SIGHUP };

static void
block_signals (sigset_t *old)
{
  sigset_t set;
  sigemptyset (&set);
  for (size_t i = 0; i < sizeof caught / sizeof *caught; i++)
    sigaddset (&set, caught[i]);
  sigprocmask (SIG_BLOCK, &set, old);
}

static void
unblock_signals (const sigset_t *old)
{
  sigprocmask (SIG_SETMASK, old, NULL);
}

/* Write LEN bytes of BUF to FD at OFF, or in order where FD is at when
   OFF is negative (a device that may not seek); -errno (-EIO for a
   write that makes no progress), no message: async-signal-safe.  */
static int
write_all (int fd, const char *p, size_t len, off_t off)
{
  while (len)
    {
      ssize_t w = off < 0 ? write (fd, p, len) : pwrite (fd, p, len, off);
      if (w < 0 && errno == EINTR)
	continue;
      if (w <= 0)
	return w < 0 ? -errno : -EIO;
      p += w;
      if (off >= 0)
	off += w;
      len -= w;
    }
  return 0;
}

int
btfld_pwrite_all (int fd, const void *buf, size_t len, off_t off)
{
  return write_all (fd, buf, len, off);
}

/* All of FROM copied to TO: over TO's bytes from offset 0, TO then cut
   to FROM's size (SEEKS), or in order to a device, which may not seek
   (a terminal) and cannot be cut to size; -errno.  Only
   async-signal-safe calls: the signal handler restores a backup with
   it.  */
static int
copy_to (int from, int to, bool seeks)
{
  char buf[65536];
  off_t off = 0;
  for (;;)
    {
      ssize_t r = pread (from, buf, sizeof buf, off);
      if (r < 0 && errno == EINTR)
	continue;
      if (r < 0)
	return -errno;
      if (r == 0)
	break;
      int err = write_all (to, buf, r, seeks ? off : -1);
      if (err)
	return err;
      off += r;
    }
  return seeks && ftruncate (to, off) ? -errno : 0;
}

/* The backup's bytes back into the target; async-signal-safe.  */
static int
restore_backup (void)
{
  int from = open (pending.bak, O_RDONLY | O_CLOEXEC);
  int to = open (pending.target, O_WRONLY | O_CLOEXEC);
  int err = from < 0 || to < 0 ? -errno : copy_to (from, to, true);
  if (!err && fsync (to))
    err = -errno;
  if (from >= 0)
    close (from);
  if (to >= 0)
    close (to);
  return err;
}

static void
on_signal (int sig)
{
  int saved = errno;
  if (pending.restore && restore_backup () == 0)
    unlink (pending.bak);
  else if (pending.have_bak && !pending.restore)
    unlink (pending.bak);
  if (pending.have_tmp)
    unlink (pending.tmp);
  errno = saved;
  signal (sig, SIG_DFL);
  raise (sig);
}

int
btfld_catch_signals (void)
{
  struct sigaction sa;
  memset (&sa, 0, sizeof sa);
  sa.sa_handler = on_signal;
  sigemptyset (&sa.sa_mask);
  for (size_t i = 0; i < sizeof caught / sizeof *caught; i++)
    sigaddset (&sa.sa_mask, caught[i]);
  for (size_t i = 0; i < sizeof caught / sizeof *caught; i++)
    {
      struct sigaction old;
      /* A signal the caller ignores (nohup, a shell's background job)
	 stays ignored.  */
      if (sigaction (caught[i], NULL, &old) == 0
	  && old.sa_handler == SIG_IGN)
	continue;
      if (sigaction (caught[i], &sa, NULL))
	return -errno;
    }
  pending.active = 1;
  return 0;
}

/* Copy PATH into one of PENDING's buffers (signals blocked).  */
static void
note_path (char *dst, const char *path)
{
  size_t len = strlen (path);
  if (len >= PATH_MAX)
    len = PATH_MAX - 1;
  memcpy (dst, path, len);
  dst[len] = '\0';
}

static void
forget_tmp (void)
{
  sigset_t old;
  block_signals (&old);
  pending.have_tmp = 0;
  unblock_signals (&old);
}

/* A new file in DIR (DIRLEN bytes of it; 0: the current directory)
   named PREFIX.XXXXXX; its descriptor, its name in *NAME (malloc'd),
   or -errno with the message set.  WHAT: what it is for, in that
   message.  The name is noted for the signal handler in NOTE.  */
static int
make_temp (const char *dir, size_t dirlen, const char *prefix, char **name,
	   char *note, volatile sig_atomic_t *noted, const char *what)
{
  char *t = malloc (dirlen + strlen (prefix) + 16);
  if (!t)
    return btfld_error (-ENOMEM, "out of memory (the name of %s)", what);
  if (dirlen)
    sprintf (t, "%.*s/%s.XXXXXX", (int) dirlen, dir, prefix);
  else
    sprintf (t, "%s.XXXXXX", prefix);
  sigset_t old;
  block_signals (&old);
  int fd = mkostemp (t, O_CLOEXEC);
  if (fd >= 0 && pending.active)
    {
      note_path (note, t);
      *noted = 1;
    }
  unblock_signals (&old);
  if (fd < 0)
    {
      int err = btfld_error (-errno, "cannot create %s %s: %s", what, t,
			     strerror (errno));
      free (t);
      return err;
    }
  *name = t;
  return fd;
}

int
btfld_out_create (struct btfld_out *out, const char *out_path)
{
  struct stat lst, st;
  memset (out, 0, sizeof *out);
  out->fd = -1;
  out->exists = stat (out_path, &st) == 0;
  if (out->exists)
    out->st = st;
  /* Through a symbolic link: the file it names is replaced, where it
     is, and the link stays.  */
  if (out->exists && lstat (out_path, &lst) == 0 && S_ISLNK (lst.st_mode)
      && !(out->target = realpath (out_path, NULL)) && errno == ENOMEM)
    return btfld_error (-ENOMEM, "out of memory");
  /* A link to no file name (/dev/stdout on a pipe) is the thing it
     names: a FIFO is refused, a device written to.  */
  if (!out->target)
    out->target = strdup (out_path);
  if (!out->target)
    return btfld_error (-ENOMEM, "out of memory");
  const char *dir = out->target, *slash = strrchr (dir, '/');
  size_t dirlen = slash ? (size_t) (slash - dir) + (slash == dir) : 0;
  if (out->exists && !S_ISREG (st.st_mode))
    {
      /* A device is written to, never renamed over: the temporary
	 file goes where temporary files go.  */
      dir = getenv ("TMPDIR");
      if (!dir || !*dir)
	dir = "/tmp";
      dirlen = strlen (dir);
    }
  int fd = make_temp (dir, dirlen, "tmp.btfld", &out->tmp, pending.tmp,
		      &pending.have_tmp, "a temporary file");
  if (fd < 0)
    {
      free (out->target);
      out->target = NULL;
      return fd;
    }
  out->fd = fd;
  return 0;
}

void
btfld_out_discard (struct btfld_out *out)
{
  if (out->fd >= 0)
    close (out->fd);
  if (out->tmp)
    {
      unlink (out->tmp);
      forget_tmp ();
    }
  free (out->tmp);
  free (out->target);
  memset (out, 0, sizeof *out);
  out->fd = -1;
}

/* Give the temporary file what the rename must keep of ST (the file it
   replaces, open as OLD_FD, or -1): owner, group, mode, extended
   attributes.  False when it cannot be given all of it.  */
static bool
keep_attributes (int tmp_fd, int old_fd, const struct stat *st)
{
  if ((st->st_uid != geteuid () || st->st_gid != getegid ())
      && fchown (tmp_fd, st->st_uid, st->st_gid))
    return false;
  /* After the owner: changing it clears setuid and setgid.  */
  if (fchmod (tmp_fd, st->st_mode & 07777))
    return false;
  if (old_fd < 0)
    return true;
  ssize_t len = flistxattr (old_fd, NULL, 0);
  if (len < 0)
    return errno == ENOTSUP;
  if (len == 0)
    return true;
  char *names = malloc (len), *value = NULL;
  bool ok = names && flistxattr (old_fd, names, len) == len;
  for (char *n = names; ok && n < names + len; n += strlen (n) + 1)
    {
      ssize_t vlen = fgetxattr (old_fd, n, NULL, 0);
      char *v = vlen >= 0 ? realloc (value, vlen ? vlen : 1) : NULL;
      ok = v && fgetxattr (old_fd, n, v, vlen) == vlen
	   && fsetxattr (tmp_fd, n, v, vlen, 0) == 0;
      if (v)
	value = v;
    }
  free (names);
  free (value);
  return ok;
}

/* OUT's temporary file renamed over its target.  */
static int
rename_into_place (struct btfld_out *out)
{
  sigset_t old;
  if (close (out->fd))
    {
      out->fd = -1;
      return btfld_error (-errno, "cannot write: %s", strerror (errno));
    }
  out->fd = -1;
  block_signals (&old);
  int err = rename (out->tmp, out->target) ? -errno : 0;
  if (!err)
    {
      pending.have_tmp = 0;
      free (out->tmp);
      out->tmp = NULL;
    }
  unblock_signals (&old);
  if (err)
    btfld_error (err, "cannot rename %s to %s: %s", out->tmp, out->target,
		 strerror (-err));
  return err;
}

/* OUT's bytes written into its target, a regular file, open as FD,
   whose bytes are first copied to a backup beside it and written back
   if anything fails.  */
static int
write_into (struct btfld_out *out, int fd)
{
  const char *slash = strrchr (out->target, '/');
  size_t dirlen = slash ? (size_t) (slash - out->target) + (slash == out->target)
			: 0;
  char *bak = NULL;
  sigset_t old;
  int bfd = make_temp (out->target, dirlen, "bak.btfld", &bak, pending.bak,
		       &pending.have_bak, "a backup");
  if (bfd < 0)
    return bfd;
  int err = copy_to (fd, bfd, true);
  if (!err && fsync (bfd))
    err = -errno;
  if (err)
    btfld_error (err, "cannot keep a copy of its old contents (%s): %s", bak,
		 strerror (-err));
  if (!err)
    {
      block_signals (&old);
      note_path (pending.target, out->target);
      pending.restore = pending.active;
      unblock_signals (&old);
      err = copy_to (out->fd, fd, true);
      if (!err && fsync (fd))
	err = -errno;
      if (err)
	{
	  btfld_error (err, "cannot write: %s", strerror (-err));
	  /* The old bytes back: they fit where they were.  */
	  int rerr = copy_to (bfd, fd, true);
	  if (!rerr && fsync (fd))
	    rerr = -errno;
	  if (rerr)
	    {
	      btfld_error (err, "cannot write: %s; its old contents are in %s "
			   "(cannot put them back: %s)", strerror (-err), bak,
			   strerror (-rerr));
	      bak[0] = '\0';	/* kept */
	    }
	}
    }
  block_signals (&old);
  pending.restore = 0;
  pending.have_bak = 0;
  if (bak[0])
    unlink (bak);
  unblock_signals (&old);
  close (bfd);
  free (bak);
  return err;
}

int
btfld_out_install (struct btfld_out *out, const struct stat *in_st, bool own)
{
  struct stat st;
  int err = 0, fd;
  if (stat (out->target, &st) != 0)
    {
      /* A new file (or a dangling link): with the input's mode.  */
      if (fchmod (out->fd, in_st->st_mode & 07777))
	err = btfld_error (-errno, "cannot set the mode of %s: %s",
			   out->tmp, strerror (errno));
      else
	err = rename_into_place (out);
    }
  else if (S_ISFIFO (st.st_mode) || S_ISSOCK (st.st_mode))
    err = btfld_error (-ESPIPE, "cannot write to a %s: %s",
		       S_ISFIFO (st.st_mode) ? "FIFO" : "socket",
		       strerror (ESPIPE));
  else if (!S_ISREG (st.st_mode) && !S_ISCHR (st.st_mode)
	   && !S_ISBLK (st.st_mode))
    err = btfld_error (-EINVAL, "not a regular file or a device");
  else if (!S_ISREG (st.st_mode))
    {
      if ((fd = open (out->target, O_WRONLY | O_CLOEXEC)) < 0)
	err = btfld_error (-errno, "cannot open for writing: %s",
			   strerror (errno));
      else
	{
	  err = copy_to (out->fd, fd, false);
	  if (err)
	    btfld_error (err, "cannot write: %s", strerror (-err));
	  if (close (fd) && !err)
	    err = btfld_error (-errno, "cannot write: %s", strerror (errno));
	}
    }
  else if (own && st.st_nlink == 1)
    {
      if (fchmod (out->fd, st.st_mode & 07777))
	err = btfld_error (-errno, "cannot set the mode of %s: %s",
			   out->tmp, strerror (errno));
      else
	err = rename_into_place (out);
    }
  else
    {
      /* Replacing a user's file: it must be the old bytes or the new
	 ones whatever happens, so the new ones are on disk before the
	 rename makes them the file's.  */
      int ofd = open (out->target, O_RDONLY | O_CLOEXEC);
      /* Refused where GNU objcopy, writing into the file, is refused
	 (a read-only file of someone else's), though a rename could.  */
      if (faccessat (AT_FDCWD, out->target, W_OK, AT_EACCESS))
	err = btfld_error (-errno, "cannot open for writing: %s",
			   strerror (errno));
      else if (st.st_nlink == 1 && keep_attributes (out->fd, ofd, &st))
	{
	  if (fsync (out->fd))
	    err = btfld_error (-errno, "cannot write: %s", strerror (errno));
	  else
	    err = rename_into_place (out);
	}
      else if ((fd = open (out->target, O_RDWR | O_CLOEXEC)) < 0)
	err = btfld_error (-errno, "cannot open for writing: %s",
			   strerror (errno));
      else
	{
	  err = write_into (out, fd);
	  if (close (fd) && !err)
	    err = btfld_error (-errno, "cannot write: %s", strerror (errno));
	}
      if (ofd >= 0)
	close (ofd);
    }
  btfld_out_discard (out);
  return err;
}
