#name: plugin: a malformed archive member is named as ARCHIVE(MEMBER)
#source: main.c
#source: bad-magic.s
#ld: archive
#ldflags: -Wl,--whole-archive
#error: btfld: ./libplugin-archive-member.a(plugin-archive-member-2.o): .BTF: bad BTF magic 0xeb9e
#error: btfld: 1 input(s) with malformed .BTF; no output written
