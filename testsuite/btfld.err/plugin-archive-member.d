#name: plugin: a malformed archive member is named as ARCHIVE(MEMBER)
#source: main.c
#source: bad-magic.s
#ld: archive
#ldflags: -Wl,--whole-archive
#error: btfld: ./libplugin-archive-member.a(plugin-archive-member-2.o): error: .BTF: bad BTF magic 0xeb9e
#error: btfld: error: 1 input(s) with malformed .BTF; no output written
