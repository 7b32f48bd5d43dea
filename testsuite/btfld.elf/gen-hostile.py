#!/usr/bin/env python3
# gen-hostile.py CASE IN OUT -- write OUT, a copy of the ELF64
# little-endian object IN damaged as CASE says (see CASES).
import struct, sys

def shdrs(b):
    shoff, = struct.unpack_from('<Q', b, 0x28)
    shnum, shstrndx = struct.unpack_from('<HH', b, 0x3c)
    return shoff, shnum, shstrndx

def sh(b, i):
    shoff = shdrs(b)[0]
    return list(struct.unpack_from('<IIQQQQIIQQ', b, shoff + 64 * i))

def put_sh(b, i, v):
    struct.pack_into('<IIQQQQIIQQ', b, shdrs(b)[0] + 64 * i, *v)

def find(b, name):
    shoff, shnum, shstrndx = shdrs(b)
    stoff = sh(b, shstrndx)[4]
    for i in range(1, shnum):
        n = sh(b, i)[0]
        if b[stoff + n:stoff + n + len(name) + 1] == name.encode() + b'\0':
            return i
    raise SystemExit('no section ' + name)

def find_type(b, t):
    for i in range(1, shdrs(b)[1]):
        if sh(b, i)[1] == t:
            return i
    raise SystemExit('no section of type %d' % t)

def edit(b, i, field, value):
    v = sh(b, i)
    v[field] = value
    put_sh(b, i, v)

NAME, TYPE, FLAGS, ADDR, OFFSET, SIZE, LINK, INFO, ALIGN, ENTSIZE = range(10)

def main():
    case, src, dst = sys.argv[1:4]
    b = bytearray(open(src, 'rb').read())
    shoff, shnum, shstrndx = shdrs(b)
    text = sh(b, find(b, '.text'))
    # What the messages quote, for the test to expect exactly.
    with open(dst + '.vars', 'w') as v:
        v.write('@SIZE@ %d @SHOFF@ %d @SHSTROFF@ %d @TEXTOFF@ %d '
                '@TEXTSIZE@ %d @BEYOND@ %d @BEYONDTEXT@ %d @SYMSIZE@ %d\n'
                % (len(b), shoff, sh(b, shstrndx)[OFFSET], text[OFFSET],
                   text[SIZE], len(b) + 4096, len(b) + 100,
                   sh(b, find_type(b, 2))[SIZE]))
    if case == 'ehdr-only':
        b = b[:64]
    elif case == 'shnum0':
        struct.pack_into('<H', b, 0x3c, 0)
    elif case == 'shnum1':
        struct.pack_into('<H', b, 0x3c, 1)
    elif case == 'shstrtab-huge':
        edit(b, shstrndx, SIZE, 0x7ffffffffffff000)
    elif case == 'shstrndx-range':
        struct.pack_into('<H', b, 0x3e, shnum + 5)
    elif case == 'shoff-beyond':
        struct.pack_into('<Q', b, 0x28, len(b) + 4096)
    elif case == 'sec-beyond':
        edit(b, find(b, '.text'), OFFSET, len(b) + 100)
    elif case == 'overlap':
        edit(b, find(b, '.BTF'), OFFSET, sh(b, find(b, '.text'))[OFFSET])
    elif case == 'symtab-nodata':
        edit(b, find_type(b, 2), SIZE, 0)
    elif case == 'symtab-entsize':
        edit(b, find_type(b, 2), ENTSIZE, 7)
    elif case == 'symtab-link':
        edit(b, find_type(b, 2), LINK, shnum + 3)
    elif case == 'align-huge':
        edit(b, shstrndx, ALIGN, 1 << 40)
    elif case == 'align-odd':
        edit(b, find(b, '.BTF'), ALIGN, 3)
    elif case == 'name-range':
        edit(b, find(b, '.text'), NAME, 0x7fffffff)
    elif case == 'compressed':
        edit(b, find(b, '.BTF'), FLAGS, 0x800)
    elif case == 'two-btf':
        # A second section named .BTF: the name of the first (its
        # contents a copy of .text, not BTF).
        edit(b, find(b, '.text'), NAME, sh(b, find(b, '.BTF'))[NAME])
    else:
        raise SystemExit('unknown case ' + case)
    open(dst, 'wb').write(b)

main()
