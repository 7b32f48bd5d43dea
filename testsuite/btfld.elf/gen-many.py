#!/usr/bin/env python3
# gen-many.py N OUT.s [split] -- an assembler source of N functions, each
# in a section of its own (.text.fN: N + 13 sections, past 65,279 for
# extended section numbering when N is 66,000), and a .BTF as gcc -gbtf
# would give: an INT, then a FUNC_PROTO and a FUNC per function (2N + 1
# types, N + 2 once deduplicated).  With "split", the .BTF is split on a
# distilled base in .BTF.base (the INT 'int'), the first section after
# the assembler's .text, .data and .bss, and OUT.base.btf is a raw base to relocate it onto (INT 'long'
# then INT 'int').  The BTF goes in OUT.btf (and OUT.base) for .incbin.
import struct, sys

def blob(types, strs):
    hdr = struct.pack('<HBBIIIII', 0xeb9f, 1, 0, 24, 0, len(types),
                      len(types), len(strs))
    return hdr + types + strs

def int_type(name):
    return struct.pack('<IIII', name, 1 << 24, 4, (1 << 24) | 32)

def main():
    n, out = int(sys.argv[1]), sys.argv[2]
    split = len(sys.argv) > 3 and sys.argv[3] == 'split'
    base_strs = b'\0int\0'
    if split:
        # Split strings follow the base's: offsets start past them.
        strs, soff, first = bytearray(b'\0'), len(base_strs), 2
        types = bytearray()
    else:
        strs, soff, first = bytearray(base_strs), 0, 1
        types = bytearray(int_type(1))
    int_id = 1
    names = []
    for i in range(n):
        proto = first + 2 * i + (0 if split else 1)
        name = soff + len(strs)
        strs += b'f%d\0' % i
        types += struct.pack('<III', 0, 13 << 24, int_id)
        types += struct.pack('<III', name, (12 << 24) | 1, proto)
    with open(out + '.btf', 'wb') as f:
        f.write(blob(bytes(types), bytes(strs)))
    s = []
    if split:
        with open(out + '.base', 'wb') as f:
            f.write(blob(int_type(1), base_strs))
        with open(out + '.base.btf', 'wb') as f:
            f.write(blob(struct.pack('<IIII', 5, 1 << 24, 8, (1 << 24) | 64)
                         + int_type(1), b'\0int\0long\0'))
        s.append('\t.section .BTF.base,"",@progbits\n'
                 '\t.incbin "%s.base"\n' % out)
    for i in range(n):
        s.append('\t.section .text.f%d,"ax",@progbits\n\t.globl f%d\n'
                 '\t.type f%d, @function\nf%d:\n\tret\n\t.size f%d, 1\n'
                 % (i, i, i, i, i))
    s.append('\t.section .BTF,"",@progbits\n\t.incbin "%s.btf"\n' % out)
    with open(out, 'w') as f:
        f.write(''.join(s))

main()
