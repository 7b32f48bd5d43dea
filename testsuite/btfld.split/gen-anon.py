#!/usr/bin/env python3
# gen-anon.py OUT -- a base BTF with anonymous types a distilled base
# cannot name (OUT.base.btf, raw) and a split BTF on it that uses each
# (OUT.btf), with OUT.s to assemble it into an object's .BTF.  No
# compiler writes the anonymous INT, FLOAT and FWD, nor the STRUCT
# whose name is an empty string at a nonzero offset; gcc -gbtf does
# write the anonymous UNION and ENUM (embedded in 'outer', used as a
# value) and the anonymous STRUCT behind a TYPEDEF.
import struct, sys

class Btf:
    def __init__(self, strs=b'\0', str_base=0, id_base=1):
        self.types, self.strs = bytearray(), bytearray(strs)
        self.str_base, self.next = str_base, id_base

    def s(self, name):
        if name is None:
            return 0
        off = self.str_base + len(self.strs)
        self.strs += name.encode() + b'\0'
        return off

    def add(self, kind, name, vlen, sz_or_type, extra=b'', kflag=0):
        self.types += struct.pack('<III', name, (kflag << 31) | (kind << 24)
                                  | vlen, sz_or_type) + extra
        self.next += 1
        return self.next - 1

    def blob(self):
        return struct.pack('<HBBIIIII', 0xeb9f, 1, 0, 24, 0, len(self.types),
                           len(self.types), len(self.strs)) \
            + self.types + self.strs

INT, PTR, ARRAY, STRUCT, UNION, ENUM, FWD, TYPEDEF, FLOAT = 1, 2, 3, 4, 5, \
    6, 7, 8, 16

def member(b, name, t, off):
    return struct.pack('<III', b.s(name), t, off)

def main():
    out = sys.argv[1]
    b = Btf()
    i = b.add(INT, b.s('int'), 0, 4, struct.pack('<I', (1 << 24) | 32))
    # An empty name at a nonzero offset, for the STRUCT below.
    empty = b.s('')
    ai = b.add(INT, 0, 0, 4, struct.pack('<I', 32))
    af = b.add(FLOAT, 0, 0, 8)
    aw = b.add(FWD, 0, 0, 0)
    es = b.add(STRUCT, empty, 1, 4, member(b, 'x', i, 0))
    au = b.add(UNION, 0, 2, 8, member(b, 'p', ai, 0) + member(b, 'q', af, 0))
    ae = b.add(ENUM, 0, 1, 4, struct.pack('<Ii', b.s('E1'), 0))
    outer = b.add(STRUCT, b.s('outer'), 3, 16,
                  member(b, 'a', i, 0) + member(b, 'u', au, 64)
                  + member(b, 'e', ae, 32))
    ast = b.add(STRUCT, 0, 1, 4, member(b, 'y', i, 0))
    td = b.add(TYPEDEF, b.s('anon_t'), 0, ast)
    # A named type the split does not use: not in the distilled base.
    b.add(STRUCT, b.s('unused'), 0, 0)
    with open(out + '.base.btf', 'wb') as f:
        f.write(b.blob())
    s = Btf(b'\0', len(b.strs), b.next)
    p = s.add(PTR, 0, 0, aw)
    m = s.add(STRUCT, s.s('mod'), 7, 56,
              member(s, 'o', outer, 0) + member(s, 'ai', ai, 128)
              + member(s, 'af', af, 192) + member(s, 'fw', p, 256)
              + member(s, 'es', es, 320) + member(s, 'ae', ae, 352)
              + member(s, 't', td, 384))
    with open(out + '.btf', 'wb') as f:
        f.write(s.blob())
    with open(out + '.s', 'w') as f:
        f.write('\t.section .BTF,"",@progbits\n\t.incbin "%s.btf"\n' % out)

main()
