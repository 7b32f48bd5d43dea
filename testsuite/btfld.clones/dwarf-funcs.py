#!/usr/bin/env python3
"""Check every FUNC of a linked file's .BTF against the file's DWARF.

Usage: dwarf-funcs.py BTF-OBJCOPY FILE

FILE is linked from objects compiled with -g -gbtf: the code is the
code the BTF describes, and the DWARF says where each function's
parameters are when it is entered.  For each FUNC (in name order), one
line:

  FUNC 'NAME' at SYMBOL: VERDICT

SYMBOL is the function symbol the FUNC describes: NAME's own, or, for
a FUNC of a source name that only a clone has (NAME.constprop.0 ...),
the one clone of it.  VERDICT:

  exact           the DWARF subprogram at the symbol's address has the
                  FUNC's parameters (names, types) and return type
                  (when gcc describes the function only abstractly, as
                  one identical code folding found equal to another,
                  the subprogram of its name: said after the verdict);
  ignoring const  the same but for const qualifiers;
  entry           a clone: the FUNC's parameters are exactly the
                  parameters the DWARF finds in the ABI's argument
                  registers at the clone's entry, then in the stack
                  slots above the return address, in order (the others
                  gcc describes as constants or computed values), each
                  with the FUNC's name and type (a pointer to a
                  function written as llvm-dwarfdump writes it), but
                  for parameters of an empty struct type, which take no
                  register and no slot;
  entry, no return  the same, and the FUNC returns void where the
                  source returns a value (a clone whose result no caller
                  uses: nothing is claimed about the register);
  MISMATCH: WHY   anything else.

Exit status 0 when no line says MISMATCH.  This is pahole's
btf_functions.sh check, with the clones checked by where their
parameters are (pahole's rule for optimized_func).
"""

import re
import subprocess
import sys

INT_REGS = ["RDI", "RSI", "RDX", "RCX", "R8", "R9"]
SSE_REGS = ["XMM%d" % i for i in range(8)]


def run(cmd):
    return subprocess.run(cmd, check=True, capture_output=True,
                          text=True).stdout


def read_btf(objcopy, path):
    types = {}
    cur = None
    for line in run([objcopy, "--dump-btf", path]).splitlines():
        m = re.match(r"\[(\d+)\] (\w+) '([^']*)'(.*)", line)
        if m:
            tid, kind, name, rest = m.groups()
            attrs = dict(re.findall(r"(\w+)=(\S+)", rest))
            cur = {"kind": kind, "name": name, "attrs": attrs,
                   "params": []}
            types[int(tid)] = cur
            continue
        m = re.match(r"\t'([^']*)' type_id=(\d+)", line)
        if m and cur is not None and cur["kind"] == "FUNC_PROTO":
            cur["params"].append((m.group(1), int(m.group(2))))
    return types


def type_str(types, tid):
    """A BTF type as llvm-dwarfdump names a DWARF type."""
    if tid == 0:
        return "void"
    t = types[tid]
    k = t["kind"]
    a = t["attrs"]
    if k in ("INT", "FLOAT", "TYPEDEF", "STRUCT", "UNION", "ENUM",
             "ENUM64", "FWD"):
        return t["name"]
    if k == "PTR":
        to = int(a["type_id"])
        if to and types[to]["kind"] == "FUNC_PROTO":
            # As llvm-dwarfdump names a pointer to a subroutine type:
            # "RET (*)(P1, P2)", "..." for variadic ones.
            p = types[to]
            args = ["..." if (pn, pt) == ("", 0) else type_str(types, pt)
                    for pn, pt in p["params"]]
            ret = type_str(types, int(p["attrs"]["ret_type_id"]))
            return "%s (*)(%s)" % (ret, ", ".join(args))
        if to and types[to]["kind"] == "ARRAY":
            # A pointer to an array: "ELEM (*)[N]".
            a = types[to]["attrs"]
            return "%s (*)[%s]" % (type_str(types, int(a["type_id"])),
                                   a["nr_elems"])
        inner = type_str(types, to)
        return inner + (" *" if not inner.endswith("*") else "*")
    if k in ("CONST", "VOLATILE"):
        q = "const" if k == "CONST" else "volatile"
        inner = type_str(types, int(a["type_id"]))
        if inner.endswith("*"):
            return inner + q
        return q + " " + inner
    return "?" + k


def empty(types, tid):
    """Whether a BTF type is an empty struct or union (GNU C), which the
    x86-64 ABI passes in no register."""
    while tid and types[tid]["kind"] in ("TYPEDEF", "CONST", "VOLATILE"):
        tid = int(types[tid]["attrs"]["type_id"])
    return (bool(tid) and types[tid]["kind"] in ("STRUCT", "UNION")
            and types[tid]["attrs"].get("size") == "0")


def no_const(s):
    return re.sub(r"\bconst\b", "", s).replace(" ", "")


def read_syms(path):
    syms = {}
    for line in run(["readelf", "-sW", path]).splitlines():
        f = line.split()
        if len(f) >= 8 and f[3] == "FUNC" and f[6] != "UND":
            syms.setdefault(f[7], []).append(int(f[1], 16))
    return syms


def read_dwarf(path):
    """The DIEs: offset -> {tag, attrs, children, parent}."""
    dies = {}
    stack = []
    cur = None
    last_attr = None
    for line in run(["llvm-dwarfdump", "--debug-info", path]).splitlines():
        m = re.match(r"0x([0-9a-f]+):( +)(DW_TAG_\w+|NULL)", line)
        if m:
            off = int(m.group(1), 16)
            depth = len(m.group(2))
            while stack and stack[-1][0] >= depth:
                stack.pop()
            if m.group(3) == "NULL":
                cur = None
                continue
            cur = {"tag": m.group(3), "attrs": {}, "children": [],
                   "parent": stack[-1][1] if stack else None}
            dies[off] = cur
            if stack:
                dies[stack[-1][1]]["children"].append(off)
            stack.append((depth, off))
            last_attr = None
            continue
        if cur is None:
            continue
        m = re.match(r"\s+(DW_AT_\w+)\s+\((.*)$", line)
        if m:
            last_attr = m.group(1)
            cur["attrs"][last_attr] = m.group(2)
        elif line.strip() and last_attr:
            cur["attrs"][last_attr] += "\n" + line.strip()
    return dies


def ref(val):
    m = re.match(r"0x([0-9a-f]+)", val or "")
    return int(m.group(1), 16) if m else None


def quoted(val):
    m = re.search(r'"([^"]*)"', val or "")
    return m.group(1) if m else None


def attr(dies, off, name):
    """NAME of DIE OFF, or of its abstract origin."""
    seen = 0
    while off is not None and seen < 8:
        d = dies[off]
        if name in d["attrs"]:
            return d["attrs"][name]
        off = ref(d["attrs"].get("DW_AT_abstract_origin")
                  or d["attrs"].get("DW_AT_specification"))
        seen += 1
    return None


def entry_reg(loc, low):
    """Where a location is at address LOW: a register, "CFA+N" for the
    stack slot N bytes above the frame base (with the frame base the
    call frame's CFA, a stack argument's slot at entry), or None."""
    if loc is None:
        return None
    where = r"DW_OP_(?:reg\d+ (\w+)|fbreg \+(\d+))\)?$"
    m = re.match(where, loc)
    if not m:
        for line in loc.splitlines():
            r = re.match(r"\[0x([0-9a-f]+), 0x([0-9a-f]+)\): " + where, line)
            if r and int(r.group(1), 16) <= low < int(r.group(2), 16):
                m = re.match(where, line.split("): ", 1)[1])
                break
    if not m:
        return None
    return m.group(1) or "CFA+" + m.group(2)


def stack_size(types, tid):
    """The bytes a BTF type takes on the stack as an argument."""
    while tid and types[tid]["kind"] in ("TYPEDEF", "CONST", "VOLATILE"):
        tid = int(types[tid]["attrs"]["type_id"])
    size = 8
    if tid and types[tid]["kind"] != "PTR":
        size = int(types[tid]["attrs"].get("size", 8))
    return max(8, (size + 7) // 8 * 8)


def main():
    objcopy, path = sys.argv[1], sys.argv[2]
    types = read_btf(objcopy, path)
    syms = read_syms(path)
    dies = read_dwarf(path)
    by_low = {}
    for off, d in dies.items():
        if d["tag"] != "DW_TAG_subprogram":
            continue
        if "DW_AT_low_pc" in d["attrs"]:
            by_low[ref(d["attrs"]["DW_AT_low_pc"])] = off
        # A function split into hot and cold parts: its ranges.
        for m in re.finditer(r"\[0x([0-9a-f]+), 0x[0-9a-f]+\)",
                             d["attrs"].get("DW_AT_ranges", "")):
            by_low.setdefault(int(m.group(1), 16), off)
    # A clone's symbols by the names they extend (NAME.isra.0 under NAME),
    # and the defined subprograms by name: a kernel has 10^5 symbols and
    # 10^6 DIEs, too many to scan for each FUNC.
    ext = {}
    for s in syms:
        for i, c in enumerate(s):
            if c == ".":
                ext.setdefault(s[:i], []).append(s)
    named = {}
    for off, d in dies.items():
        if (d["tag"] == "DW_TAG_subprogram"
                and "DW_AT_declaration" not in d["attrs"]):
            named.setdefault(quoted(d["attrs"].get("DW_AT_name")), []).append(off)
    bad = 0
    funcs = sorted((t["name"], tid) for tid, t in types.items()
                   if t["kind"] == "FUNC")
    for name, tid in funcs:
        proto = types[int(types[tid]["attrs"]["type_id"])]
        verdict, sym = check(types, syms, ext, named, dies, by_low, name,
                             proto)
        print("FUNC '%s' at %s: %s" % (name, sym, verdict))
        bad += verdict.startswith("MISMATCH")
    return 1 if bad else 0


def check(types, syms, ext, named, dies, by_low, name, proto):
    own = syms.get(name, [])
    clone = False
    sym = name
    if len(own) != 1:
        if own:
            return "MISMATCH: several symbols", name
        cands = [s for s in ext.get(name, []) if not s.endswith(".cold")]
        if len(cands) != 1:
            return "MISMATCH: %d candidate symbols" % len(cands), name
        sym = cands[0]
        own = syms[sym]
        if len(own) != 1:
            return "MISMATCH: several symbols", sym
    if "." in sym:
        clone = True
    low = own[0]
    note = ""
    if low in by_low:
        sub = by_low[low]
    else:
        # gcc describes some functions only abstractly (one that ICF
        # found equal to another): the subprogram of the name then.
        subs = [] if clone else named.get(name, [])
        if len(subs) != 1:
            return "MISMATCH: no DWARF subprogram at its address", sym
        sub = subs[0]
        note = " (DWARF has it without an address)"
    ret = attr(dies, sub, "DW_AT_type")
    dret = quoted(ret) if ret else "void"
    bret = type_str(types, int(proto["attrs"]["ret_type_id"]))
    bparams = proto["params"]
    va = bool(bparams) and bparams[-1] == ("(anon)", 0)
    if va:
        bparams = bparams[:-1]
    # The abstract subprogram's "...", and its parameters.
    abstract = sub
    while "DW_AT_abstract_origin" in dies[abstract]["attrs"]:
        abstract = ref(dies[abstract]["attrs"]["DW_AT_abstract_origin"])
    dva = any(dies[c]["tag"] == "DW_TAG_unspecified_parameters"
              for c in dies[abstract]["children"])
    if va != dva:
        return "MISMATCH: variadic %s, DWARF %s" % (va, dva), sym
    # Stack slots are CFA-relative only with the CFA as the frame base.
    cfa = "DW_OP_call_frame_cfa" in (dies[sub]["attrs"].get("DW_AT_frame_base")
                                     or "")
    dparams = []
    for c in dies[sub]["children"]:
        if dies[c]["tag"] != "DW_TAG_formal_parameter":
            continue
        dparams.append((quoted(attr(dies, c, "DW_AT_name")),
                        quoted(attr(dies, c, "DW_AT_type")),
                        entry_reg(dies[c]["attrs"].get("DW_AT_location"),
                                  low)))
    btf = [(n, type_str(types, t)) for n, t in bparams]
    if not clone:
        want = [(n, t) for n, t, _ in dparams]
        if btf == want and bret == dret:
            return "exact" + note, sym
        if ([(n, no_const(t)) for n, t in btf]
                == [(n, no_const(t)) for n, t in want]
                and no_const(bret) == no_const(dret)):
            return "ignoring const" + note, sym
        return "MISMATCH: %s %s, DWARF %s %s" % (bret, btf, dret, want), sym
    # A clone: the parameters in the argument registers at entry, then
    # those in the stack slots above the return address, in order.
    real = []
    ni = ns = slot = 0
    sizes = {n: stack_size(types, t) for n, t in bparams}
    # An empty struct parameter takes no register and no stack slot,
    # whatever location DWARF gives it.
    empties = {n for n, t in bparams if empty(types, t)}
    for n, t, reg in dparams:
        if (reg is None or n in empties
                or (reg.startswith("CFA+") and not cfa)):
            continue
        if reg.startswith("CFA+"):
            if ni < len(INT_REGS) or int(reg[4:]) != slot:
                return "MISMATCH: '%s' at %s, not the stack slot at CFA+%d" % (
                    n, reg, slot), sym
            slot += sizes.get(n, 8)
        elif reg in INT_REGS:
            if INT_REGS.index(reg) != ni:
                return "MISMATCH: '%s' in %s, not argument %d" % (
                    n, reg, ni), sym
            ni += 1
        elif reg in SSE_REGS:
            if SSE_REGS.index(reg) != ns:
                return "MISMATCH: '%s' in %s" % (n, reg), sym
            ns += 1
        else:
            return "MISMATCH: '%s' in %s" % (n, reg), sym
        real.append((n, t))
    # An empty struct parameter takes no register, and DWARF gives it no
    # location.
    passed = [(n, type_str(types, t)) for n, t in bparams
              if not empty(types, t)]
    if passed != real:
        return "MISMATCH: %s, in registers at entry %s" % (btf, real), sym
    if bret == dret:
        return "entry", sym
    if bret == "void":
        return "entry, no return", sym
    return "MISMATCH: returns %s, DWARF %s" % (bret, dret), sym


if __name__ == "__main__":
    sys.exit(main())
