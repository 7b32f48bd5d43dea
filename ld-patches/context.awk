# context.awk -- rewrite a version's patch so that it differs from the
# series' patch only where it must (used by gen-series --record).
#
#   awk -f context.awk SERIES-PATCH VERSION-PATCH
#
# Both are git format-patch outputs of the same change.  Prints
# VERSION-PATCH with each file's header lines (diff --git, index, ---,
# +++) taken from SERIES-PATCH, and each hunk whose lines are those of
# the same hunk of SERIES-PATCH (the same file, the same position in it)
# replaced by that hunk, @@ line included: what remains different is the
# hunks whose context or content is not the series', and the commit
# message and diffstat if they differ.  patch(1) finds the hunks that
# only moved by their context, at an offset.

FNR == 1 { part++; file = ""; hunk = 0; inhunk = 0 }

/^diff --git / {
  file = $0; hunk = 0; inhunk = 0
  if (part == 1) {
    chdr[file] = $0 "\n"
  } else {
    nfiles++
    vfile[nfiles] = file
    vhdr[file] = $0 "\n"
  }
  next
}

file == "" {
  if (part == 2)
    head = head $0 "\n"
  next
}

/^@@ / {
  hunk++; inhunk = 1
  k = file SUBSEP hunk
  if (part == 1) {
    cat[k] = $0; cbody[k] = ""
  } else {
    nhunks[file] = hunk
    vat[k] = $0; vbody[k] = ""
  }
  next
}

{
  if (inhunk) {
    if (part == 1) cbody[k] = cbody[k] $0 "\n"
    else vbody[k] = vbody[k] $0 "\n"
  } else if (part == 1) {
    chdr[file] = chdr[file] $0 "\n"
  } else {
    vhdr[file] = vhdr[file] $0 "\n"
  }
}

END {
  printf "%s", head
  for (i = 1; i <= nfiles; i++) {
    f = vfile[i]
    printf "%s", ((f in chdr) ? chdr[f] : vhdr[f])
    for (h = 1; h <= nhunks[f]; h++) {
      k = f SUBSEP h
      if ((k in cbody) && cbody[k] == vbody[k])
	printf "%s\n%s", cat[k], cbody[k]
      else
	printf "%s\n%s", vat[k], vbody[k]
    }
  }
}
