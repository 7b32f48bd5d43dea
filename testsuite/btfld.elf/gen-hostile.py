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
        # Section numbers and counts, which differ between compilers.
        v.write('@TEXTNDX@ %d @BTFNDX@ %d @SYMNDX@ %d @SHSTRNDX@ %d '
                '@NSEC@ %d @NSEC3@ %d @NSEC5@ %d @SHSTRSIZE@ %d\n'
                % (find(b, '.text'), find(b, '.BTF'), find_type(b, 2),
                   shstrndx, shnum, shnum + 3, shnum + 5,
                   sh(b, shstrndx)[SIZE]))
    if case == 'ehdr-only':
        b = b[:64]
    elif case == 'ehsize0':
        struct.pack_into('<H', b, 0x34, 0)
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
    elif case == 'strtab-empty':
        edit(b, sh(b, find_type(b, 2))[LINK], SIZE, 0)
    elif case == 'align-huge':
        edit(b, shstrndx, ALIGN, 1 << 40)
    elif case == 'align-odd':
        edit(b, find(b, '.BTF'), ALIGN, 3)
    elif case == 'name-range':
        edit(b, find(b, '.text'), NAME, 0x7fffffff)
    elif case == 'compressed':
        edit(b, find(b, '.BTF'), FLAGS, 0x800)
    elif case in ('zlib', 'zstd', 'zlib-corrupt', 'zlib-size',
                  'zlib-huge', 'zlib-alloc'):
        # .BTF compressed as the gABI says (Elf64_Chdr, then a zlib
        # stream or a zstd frame), at the end of the file.
        i = find(b, '.BTF')
        v = sh(b, i)
        raw = bytes(b[v[OFFSET]:v[OFFSET] + v[SIZE]])
        if case == 'zstd':
            import subprocess
            data = subprocess.run(['zstd', '-q', '-c', '-19'], input=raw,
                                  stdout=subprocess.PIPE, check=True).stdout
            ctype = 2
        else:
            import zlib
            data = zlib.compress(raw, 9)
            ctype = 1
        if case == 'zlib-corrupt':
            data = data[:len(data) // 2]
        size = len(raw) + (100 if case == 'zlib-size' else 0)
        if case == 'zlib-huge':
            size = 1 << 62
        chdr = struct.pack('<IIQQ', ctype, 0, size, v[ALIGN])
        b += b'\0' * (-len(b) % 8)
        off = len(b)
        b += chdr + data
        v[OFFSET], v[SIZE], v[ALIGN] = off, len(chdr) + len(data), 8
        v[FLAGS] |= 0x800 | (2 if case == 'zlib-alloc' else 0)
        put_sh(b, i, v)
        with open(dst + '.vars', 'a') as f:
            f.write('@CSIZE@ %d @USIZE@ %d\n' % (v[SIZE], size))
    elif case == 'zlib-both':
        # .BTF and .BTF.base compressed with zlib, at the end of the file.
        import zlib
        for name in ('.BTF', '.BTF.base'):
            i = find(b, name)
            v = sh(b, i)
            raw = bytes(b[v[OFFSET]:v[OFFSET] + v[SIZE]])
            data = struct.pack('<IIQQ', 1, 0, len(raw), v[ALIGN]) \
                + zlib.compress(raw, 9)
            b += b'\0' * (-len(b) % 8)
            v[OFFSET], v[SIZE], v[ALIGN] = len(b), len(data), 8
            v[FLAGS] |= 0x800
            b += data
            put_sh(b, i, v)
    elif case == 'two-btf':
        # A second section named .BTF: the name of the first (its
        # contents a copy of .text, not BTF).
        edit(b, find(b, '.text'), NAME, sh(b, find(b, '.BTF'))[NAME])
    else:
        raise SystemExit('unknown case ' + case)
    open(dst, 'wb').write(b)

main()
