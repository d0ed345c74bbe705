"""Random annotated programs for the differential fuzzer: the case model,
its meaning, and the C text of the annotated function, its unannotated
copy and the harness that compares them.

A case is one computation, for example

    #pragma tensor A(i,k) += 2 * B(i,j) * C(j,k) - D(i,k)

with a format for every operand (B a CSC struct with 1-based long
indices, C a flat float pointer with shape(C: ...), D a VLA pointer, A a
column-major fixed array ...).  The fuzzer writes the loop nest itself:
the right-hand side is expanded into monomials (products of accesses with
a coefficient and the indices they are summed over), and each monomial
becomes one loop nest that either walks a sparse operand's levels or runs
over the index extents, finding the other sparse entries by search.  The
same body, with and without the pragma, is the annotated function and its
reference; a third copy over absolute values bounds the rounding error.

Outline:
  1. generate(rng) draws a case: indices, accesses, the expression tree,
     operand kinds and formats, clauses (Case, a JSON-friendly dict);
  2. monomials(case) gives the meaning (SPEC 1.2: an index absent from
     the output is summed over the smallest subexpression holding all its
     occurrences; in a sum only the terms that mention it count);
  3. pragma_text(case) prints the annotation, emit_case(case, n) the C
     functions of case number N; emit_batch writes a program of cases.

Expressions are nested lists: ["acc", OP, [IDX...]], ["num", VALUE,
SPELLING], ["neg", E], ["add"|"sub"|"mul", E1, E2].  Operands, formats and
indices are referred to by their position in the case's lists."""

import copy
import json
import random

ADDITIVE = ("add", "sub", "neg")
INDEX_POOL = ["i", "j", "k", "l", "m", "n", "p", "q", "r", "s", "t", "u",
              "row", "col", "kk", "i2", "jj", "z_", "a1"]
OPERAND_POOL = ["A", "B", "C", "D", "E", "F", "G", "H", "x", "y", "w", "v",
                "alpha", "beta", "Wq", "Mx", "T0", "S_", "data", "vec"]
FIELD_POOL = ["pos", "crd", "ptr", "idx", "rowptr", "colidx", "Ap", "Ai",
              "fptr", "fids", "seg", "ind", "off", "nz", "c_", "lvl",
              "p1", "i1", "links", "keys"]
ITYPES = ["int", "long", "unsigned", "size_t", "int64_t", "int32_t",
          "long long", "unsigned long", "short", "uint32_t"]
DTYPES = ["int", "long", "size_t", "int64_t", "unsigned", "long long"]
NUMBERS = [("2", 2.0), ("2.0", 2.0), ("2.", 2.0), ("3", 3.0), ("0.5", 0.5),
           (".5", 0.5), ("5e-1", 0.5), ("0.25", 0.25), ("1.5", 1.5),
           ("0", 0.0), ("0.0", 0.0), ("1", 1.0), ("10", 10.0),
           ("0.125", 0.125), ("1e-3", 1e-3), ("2.5e2", 250.0),
           ("0x10", 16.0), ("0.5f", 0.5), ("4L", 4.0), ("7", 7.0)]
BUILTIN = {
    # name: (order, kinds, modes, dims fields, level fields, nnz field)
    "sf_csr": (2, ["dense", "compressed"], [0, 1], ["nrows", "ncols"],
               [None, ("pos", "crd")], None),
    "sf_csc": (2, ["dense", "compressed"], [1, 0], ["nrows", "ncols"],
               [None, ("pos", "crd")], None),
    "sf_dcsr": (2, ["compressed", "compressed"], [0, 1],
                ["nrows", "ncols"],
                [("pos[0]", "crd[0]"), ("pos[1]", "crd[1]")], None),
    "sf_coo2": (2, ["coo", "singleton"], [0, 1], ["dims[0]", "dims[1]"],
                [("nnz", "crd[0]"), (None, "crd[1]")], "nnz"),
    "sf_coo3": (3, ["coo", "singleton", "singleton"], [0, 1, 2],
                ["dims[0]", "dims[1]", "dims[2]"],
                [("nnz", "crd[0]"), (None, "crd[1]"), (None, "crd[2]")],
                "nnz"),
}
for _perm in ["012", "021", "102", "120", "201", "210"]:
    BUILTIN["sf_csf3_" + _perm] = (
        3, ["compressed"] * 3, [int(c) for c in _perm],
        ["dims[0]", "dims[1]", "dims[2]"],
        [("pos[%d]" % l, "crd[%d]" % l) for l in range(3)], None)
BUILTIN["sf_csf4"] = (4, ["compressed"] * 4, [0, 1, 2, 3],
                      ["dims[%d]" % d for d in range(4)],
                      [("pos[%d]" % l, "crd[%d]" % l) for l in range(4)],
                      None)


# ---------------------------------------------------------------------
# 1. Generation.

def _pick(rng, items, weights=None):
    return rng.choices(items, weights=weights)[0] if weights \
        else rng.choice(items)


def _level_kinds(rng, order, for_output):
    """Return random level kinds for a sparse format of ORDER levels."""
    if not for_output and order >= 2 and rng.random() < 0.22:
        return ["coo"] + ["singleton"] * (order - 1)
    if not for_output and order == 1 and rng.random() < 0.04:
        return ["coo"]
    kinds = []
    for l in range(order):
        p_dense = 0.5 if l == 0 else 0.15
        kinds.append("dense" if rng.random() < p_dense else "compressed")
    if for_output and rng.random() < 0.05 and order >= 2:
        kinds = ["coo"] + ["singleton"] * (order - 1)
    return kinds


def _field_name(rng, used, base):
    while True:
        name = base if base not in used and rng.random() < 0.5 \
            else _pick(rng, FIELD_POOL) + str(rng.randrange(10))
        if name not in used:
            used.add(name)
            return name


def new_format(rng, order, for_output, tag):
    """Return a random user format (a dict) of ORDER modes named TAG."""
    kinds = _level_kinds(rng, order, for_output)
    modes = list(range(order))
    if rng.random() < 0.5:
        rng.shuffle(modes)
    used = set()
    arrays = rng.random() < 0.35
    dims_array = rng.random() < 0.4
    f = {"tag": tag, "typedef": rng.random() < 0.3, "kinds": kinds,
         "modes": modes, "base": 1 if rng.random() < 0.2 else 0,
         "ptype": _pick(rng, ITYPES), "ctype": _pick(rng, ITYPES),
         "dtype": _pick(rng, DTYPES),
         "vtype": "float" if rng.random() < 0.25 else "double",
         "builtin": None, "arrays": arrays, "dims_array": dims_array,
         "constptr": rng.random() < 0.3}
    used.update(["pos", "crd", "dims"] if arrays else [])
    f["dims"] = (["dims[%d]" % d for d in range(order)] if dims_array
                 else [_field_name(rng, used, "n%d" % d)
                       for d in range(order)])
    if dims_array:
        used.add("dims")
    levels = []
    for l, k in enumerate(kinds):
        if k == "dense":
            levels.append(None)
        elif arrays:
            first = "nnz" if k == "coo" else "pos[%d]" % l
            levels.append((None if k == "singleton" else first,
                           "crd[%d]" % l))
        else:
            pos = None
            if k in ("compressed", "coo"):
                pos = _field_name(rng, used, "nnz" if k == "coo"
                                  else "pos%d" % l)
            levels.append((pos, _field_name(rng, used, "crd%d" % l)))
    f["levels"] = levels
    f["vals"] = _field_name(rng, used, "vals")
    return f


def builtin_format(name):
    """Return the format dict of runtime type NAME (sparsefuse.h)."""
    order, kinds, modes, dims, levels, _ = BUILTIN[name]
    return {"tag": name, "typedef": True, "kinds": list(kinds),
            "modes": list(modes), "base": 0, "ptype": "int64_t",
            "ctype": "int32_t", "dtype": "int64_t", "vtype": "double",
            "builtin": name, "arrays": "[" in str(levels),
            "dims_array": "[" in dims[0], "dims": list(dims),
            "levels": [list(x) if x else None for x in levels],
            "vals": "vals"}


def _gen_clauses(rng):
    """Return random optional clause kinds (shape and colmajor are added
    where the operands need them)."""
    out = []
    if rng.random() < 0.2:
        out.append(("schedule", _pick(rng, ["auto", "naive", "unfused"])))
    if rng.random() < 0.1:
        out.append(("serial", None))
    if rng.random() < 0.1:
        out.append(("threads", _pick(rng, ["2", "1", "3", "EXT0 + 1"])))
    if rng.random() < 0.1:
        out.append(("memory", _pick(rng, ["0", "64", "1048576",
                                          "EXT0 * 8"])))
    if rng.random() < 0.15:
        out.append(("assume", None))
    if rng.random() < 0.03:
        out.append(("check", None))
    if rng.random() < 0.12:
        out.append(("relayout", None))
    if rng.random() < 0.05 and out:
        out.append(rng.choice(out))	# a repeated clause, same meaning
    rng.shuffle(out)
    return out


def _gen_tree(rng, nleaves, leaf):
    """Return a random expression tree over NLEAVES leaves made by LEAF."""
    if nleaves == 1:
        e = leaf()
    else:
        k = rng.randrange(1, nleaves)
        op = _pick(rng, ["mul", "add", "sub"], [0.6, 0.22, 0.18])
        e = [op, _gen_tree(rng, k, leaf), _gen_tree(rng, nleaves - k, leaf)]
    if rng.random() < 0.07:
        e = ["neg", e]
    return e


class _Builder:
    """State while drawing one case: operands and their index lists."""

    def __init__(self, rng, nidx, nout):
        self.rng = rng
        self.nidx = nidx
        self.nout = nout
        self.ops = []		# dicts with "order" (and "uses")
        self.scalar_ratio = 0.12

    def access(self):
        rng = self.rng
        if rng.random() < 0.1:
            text, value = _pick(rng, NUMBERS)
            return ["num", value, text]
        reuse = [o for o in range(1, len(self.ops))
                 if self.ops[o]["order"] > 0]
        if reuse and rng.random() < 0.18:
            o = rng.choice(reuse)
            idx = rng.sample(range(self.nidx), self.ops[o]["order"])
            return ["acc", o, idx]
        if rng.random() < self.scalar_ratio:
            order = 0
        else:
            order = min(self.nidx, _pick(rng, [1, 2, 3, 4], [3, 5, 2, 1]))
        self.ops.append({"order": order})
        idx = rng.sample(range(self.nidx), order)
        return ["acc", len(self.ops) - 1, idx]


def _walk(e):
    """Yield every node of expression E."""
    yield e
    for c in e[1:]:
        if isinstance(c, list) and c and isinstance(c[0], str):
            yield from _walk(c)


def accesses(e):
    """Return the access nodes of E, in text order."""
    return [n for n in _walk(e) if n[0] == "acc"]


def generate(rng, cid=0):
    """Return a random case drawn with RNG."""
    nidx = _pick(rng, [1, 2, 3, 4, 5, 6], [2, 5, 5, 3, 1, 1])
    nout = min(nidx, _pick(rng, [0, 1, 2, 3, 4], [1, 6, 6, 2, 1]))
    b = _Builder(rng, nidx, nout)
    b.ops.append({"order": nout})		# the output is operand 0
    nleaves = _pick(rng, [1, 2, 3, 4, 5, 6], [3, 6, 5, 3, 2, 1])
    rhs = _gen_tree(rng, nleaves, b.access)
    if not accesses(rhs):
        rhs = ["mul", rhs, b.access()] if rng.random() < 0.5 else b.access()
        if rhs[0] != "acc" and not accesses(rhs):
            return generate(rng, cid)
    out_idx = list(range(nout))
    case = {"version": 1, "seed": rng.randrange(1 << 30),
            "accumulate": rng.random() < 0.35, "rhs": rhs,
            "out_idx": out_idx, "operands": b.ops, "formats": [],
            "clauses": _gen_clauses(rng)}
    _renumber(case)
    _choose_kinds(rng, case)
    _choose_style(rng, case)
    _name_things(rng, case)
    return case


def _renumber(case):
    """Drop indices and operands nothing mentions; number them densely in
    order of first use (output first)."""
    idx_map, op_map = {}, {0: 0}
    for v in case["out_idx"]:
        idx_map.setdefault(v, len(idx_map))
    for n in accesses(case["rhs"]):
        op_map.setdefault(n[1], len(op_map))
        for v in n[2]:
            idx_map.setdefault(v, len(idx_map))
        n[1] = op_map[n[1]]
        n[2] = [idx_map[v] for v in n[2]]
    case["out_idx"] = [idx_map[v] for v in case["out_idx"]]
    ops = [None] * len(op_map)
    for old, new in op_map.items():
        ops[new] = case["operands"][old]
    case["operands"] = ops
    case["nidx"] = len(idx_map)


def _choose_kinds(rng, case):
    """Choose sparse, dense or scalar for each operand, and formats."""
    for o, op in enumerate(case["operands"]):
        order = op["order"]
        op.clear()
        op["order"] = order
        if order == 0:
            op["kind"] = "scalar"
            op["ctype"] = _pick(rng, ["double", "float", "int", "long"],
                                [4, 2, 2, 1])
            op["where"] = _pick(rng, ["param", "global", "local"],
                                [6, 1, 1])
            continue
        p_sparse = 0.3 if o == 0 else 0.6
        if rng.random() < p_sparse:
            op["kind"] = "sparse"
            op["by_pointer"] = rng.random() < 0.5
            op["format"] = _sparse_format(rng, case, order, o == 0)
        else:
            op["kind"] = "dense"
            op["vtype"] = "float" if rng.random() < 0.25 else "double"
            op["decl"] = _pick(rng, ["flat", "vla", "fixed", "global",
                                     "local"], [4, 4, 1, 1, 1])
            if order == 1 and op["decl"] == "vla":
                op["decl"] = "flat"
            op["colmajor"] = order >= 2 and rng.random() < 0.2
            op["const"] = o > 0 and rng.random() < 0.3
            op["spell"] = _pick(rng, ["plain", "typedef", "restrict"],
                                [6, 1, 1])
    if case["operands"][0]["kind"] == "scalar" and rng.random() < 0.8:
        case["operands"][0]["ctype"] = "double"


def _sparse_format(rng, case, order, for_output):
    """Return the index of a format for a sparse operand of ORDER modes:
    an existing one of that order, a runtime type or a new one."""
    same = [k for k, f in enumerate(case["formats"])
            if len(f["kinds"]) == order
            and (not for_output or set(f["kinds"]) <= {"dense",
                                                       "compressed"})]
    if same and rng.random() < 0.3:
        return rng.choice(same)
    builtins = [n for n, b in BUILTIN.items() if b[0] == order
                and (not for_output or "coo" not in b[1])]
    if builtins and rng.random() < 0.2:
        f = builtin_format(rng.choice(builtins))
    else:
        f = new_format(rng, order, for_output, "")
    case["formats"].append(f)
    return len(case["formats"]) - 1


def _choose_style(rng, case):
    """Choose how the loop nest is written."""
    case["style"] = {
        "legacy": rng.random() < 0.3,	# variables declared at the top
        "live_after": rng.random() < 0.05,	# a counter read afterwards
        "ivtype": _pick(rng, ["long", "int", "size_t"], [6, 3, 1]),
        "pragma": _pick(rng, ["plain", "spaced", "split", "_Pragma"],
                        [6, 2, 1, 1]),
        "loops": rng.randrange(1 << 20),	# per-monomial strategy seed
        "share": rng.random() < 0.6,	# sparse output shares a pattern
        "place": _pick(rng, ["plain", "nested", "if", "else", "do",
                             "stmtexpr", "twice"], [16, 1, 1, 1, 1, 1, 1]),
    }


def _name_things(rng, case):
    """Give operands and indices distinct names, formats tags."""
    names = rng.sample(OPERAND_POOL, len(case["operands"]))
    for op, name in zip(case["operands"], names):
        op["name"] = name
    pool = [n for n in INDEX_POOL if n not in names]
    case["indices"] = rng.sample(pool, case["nidx"])
    for k, f in enumerate(case["formats"]):
        if not f["builtin"]:
            f["tag"] = "fmt%d" % k


# ---------------------------------------------------------------------
# Derived facts: extent classes, extent sources, shapes.

def extent_classes(case):
    """Return CLS: CLS[v] is the class of index v; indices used at the same
    dimension of one operand (repeated operands) share a class."""
    parent = list(range(case["nidx"]))

    def find(v):
        while parent[v] != v:
            parent[v] = parent[parent[v]]
            v = parent[v]
        return v

    first = {}
    for n in [["acc", 0, case["out_idx"]]] + accesses(case["rhs"]):
        for d, v in enumerate(n[2]):
            key = (n[1], d)
            if key in first:
                parent[find(v)] = find(first[key])
            else:
                first[key] = v
    roots = {}
    return [roots.setdefault(find(v), len(roots))
            for v in range(case["nidx"])]


def all_accesses(case):
    """Return the output access followed by the rhs accesses."""
    return [["acc", 0, case["out_idx"]]] + accesses(case["rhs"])


def operand_dims(case, o):
    """Return the index used at each dimension of operand O (first use)."""
    for n in all_accesses(case):
        if n[1] == o:
            return n[2]
    return []


def const_extents(case):
    """Return {class: constant extent} forced by fixed-size arrays."""
    cls = extent_classes(case)
    out = {}
    for o, op in enumerate(case["operands"]):
        if op["kind"] == "dense" and op["decl"] in ("fixed", "global",
                                                     "local"):
            for v in operand_dims(case, o):
                out.setdefault(cls[v], 2 + (case["seed"] + cls[v]) % 4)
    return out


def _typed_dims(case, o):
    """Return the set of dimension positions (in index order) of dense
    operand O whose extent the C type gives."""
    op = case["operands"][o]
    r = op["order"]
    if op["decl"] == "flat":
        return set()
    cdims = set(range(r)) if op["decl"] in ("global", "local") \
        else set(range(1, r))
    if op["colmajor"]:
        return {r - 1 - d for d in cdims}
    return cdims


def needed_shapes(case):
    """Return the operands that need a shape() clause: flat pointers used
    with several indices, and users of an index nothing else sizes."""
    need = set()
    for o, op in enumerate(case["operands"]):
        if op["kind"] == "dense" and op["decl"] == "flat" \
                and op["order"] > 1:
            need.add(o)
    for v in range(case["nidx"]):
        sized, users = False, []
        for n in all_accesses(case):
            op = case["operands"][n[1]]
            for d, w in enumerate(n[2]):
                if w != v:
                    continue
                if op["kind"] == "sparse" or n[1] in need \
                        or d in _typed_dims(case, n[1]):
                    sized = True
                elif op["kind"] == "dense":
                    users.append(n[1])
        if not sized and users:
            need.add(users[0])
    return need


# ---------------------------------------------------------------------
# 2. Meaning: monomials.

def mention(e):
    """Return the set of indices expression E mentions."""
    return {v for n in accesses(e) for v in n[2]}


def _scopes(case):
    """Return {id(node): set of indices summed there} (the smallest
    subexpression holding every occurrence of the index)."""
    out = set(case["out_idx"])
    result = {}
    for r in sorted(mention(case["rhs"]) - out):
        e = case["rhs"]
        while True:
            kids = [c for c in e[1:] if isinstance(c, list)
                    and c and isinstance(c[0], str)]
            holding = [c for c in kids if r in mention(c)]
            if len(holding) != 1:
                break
            e = holding[0]
        result.setdefault(id(e), set()).add(r)
    return result


def _expand(e, pending, scopes):
    """Return the monomials of E: (coef, factors, summed) triples, where
    PENDING holds the indices summed over an enclosing sum's terms that
    mention them."""
    own = scopes.get(id(e), set())
    if e[0] in ADDITIVE:
        pend = pending | own
        if e[0] == "neg":
            return [(-c, f, s) for c, f, s in _expand(e[1], pend, scopes)]
        a = _expand(e[1], pend, scopes)
        b = _expand(e[2], pend, scopes)
        if e[0] == "sub":
            b = [(-c, f, s) for c, f, s in b]
        return a + b
    here = own | {r for r in pending if r in mention(e)}
    if e[0] == "num":
        ms = [(e[1], [], set())]
    elif e[0] == "acc":
        ms = [(1.0, [e], set())]
    else:
        ms = [(ca * cb, fa + fb, sa | sb)
              for ca, fa, sa in _expand(e[1], set(), scopes)
              for cb, fb, sb in _expand(e[2], set(), scopes)]
    return [(c, f, s | here) for c, f, s in ms]


def monomials(case):
    """Return the meaning of the case's right-hand side as a list of
    (coef, factors, summed) with factors the access nodes; the value at an
    output point is the sum over monomials of coef times, for each summed
    index the monomial does not mention, its extent, times the sum over
    the others of the product of the factors."""
    return _expand(case["rhs"], set(), _scopes(case))


# ---------------------------------------------------------------------
# 3. Printing the pragma.

def _fmt_access(case, n):
    name = case["operands"][n[1]]["name"]
    if not n[2]:
        return name
    return "%s(%s)" % (name, ",".join(case["indices"][v] for v in n[2]))


_LEVEL = {"add": 1, "sub": 1, "mul": 2, "neg": 3, "num": 4, "acc": 4}


def expr_text(case, e, rng=None, need=0):
    """Return E as pragma text; RNG adds redundant parentheses."""
    if e[0] == "num":
        s = e[2]
    elif e[0] == "acc":
        s = _fmt_access(case, e)
    elif e[0] == "neg":
        s = "-" + expr_text(case, e[1], rng, 4)
    else:
        lv = _LEVEL[e[0]]
        op = {"add": " + ", "sub": " - ", "mul": " * "}[e[0]]
        s = expr_text(case, e[1], rng, lv) + op \
            + expr_text(case, e[2], rng, lv + 1)
    if _LEVEL[e[0]] < need or (rng and rng.random() < 0.08):
        s = "(" + s + ")"
    return s


def ext_name(c):
    """Return the C parameter holding the extent of class C."""
    return "ext%d" % c


def _shape_extent(case, o, d, rng):
    """Return a C expression for the extent of dimension D of operand O."""
    cls = extent_classes(case)
    v = operand_dims(case, o)[d]
    consts = const_extents(case)
    if cls[v] in consts and rng.random() < 0.5:
        return str(consts[cls[v]])
    e = ext_name(cls[v])
    return _pick(rng, [e, e, "(%s)" % e, "%s + 0" % e, "%s * 1" % e])


def _assume_text(case, rng):
    facts = []
    for o, op in enumerate(case["operands"]):
        if op["kind"] == "sparse" and rng.random() < 0.5:
            facts.append("nnz(%s) >= 0" % op["name"])
        if op["kind"] != "scalar" and op["order"] and rng.random() < 0.3:
            facts.append("dim(%s, %d) <= 1000000" % (op["name"],
                                                     op["order"] - 1))
    facts.append("%s >= 0" % ext_name(0) if case["nidx"] else "1 > 0")
    return "assume(%s)" % ", ".join(facts)


def clause_texts(case, rng):
    """Return the clauses of CASE as text, in a random order."""
    out = []
    for o in sorted(needed_shapes(case)):
        op = case["operands"][o]
        out.append("shape(%s: %s)" % (op["name"], ", ".join(
            _shape_extent(case, o, d, rng) for d in range(op["order"]))))
    cm = [op["name"] for op in case["operands"]
          if op["kind"] == "dense" and op["colmajor"]]
    if cm:
        out.append("colmajor(%s)" % ", ".join(cm))
    for kind, arg in case["clauses"]:
        if kind == "schedule":
            out.append("schedule(%s)" % arg)
        elif kind in ("serial", "check"):
            out.append(kind)
        elif kind in ("threads", "memory"):
            out.append("%s(%s)" % (kind, arg.replace("EXT0", ext_name(0))
                                   if case["nidx"] else
                                   arg.replace("EXT0", "1")))
        elif kind == "assume":
            out.append(_assume_text(case, rng))
        elif kind == "relayout":
            names = _relayout_names(case, rng)
            if names:
                out.append("relayout(%s)" % ", ".join(names))
    rng.shuffle(out)
    return out


def _relayout_names(case, rng):
    """Return a random nonempty subset of the sparse operands CASE reads
    (named when the clause is written, so that a minimized case never
    names an operand it lost), or [] when it reads none."""
    read = sorted({n[1] for n in accesses(case["rhs"])})
    cand = [case["operands"][o]["name"] for o in read
            if o > 0 and case["operands"][o]["kind"] == "sparse"]
    if not cand:
        return []
    return rng.sample(cand, rng.randint(1, len(cand)))


def pragma_text(case):
    """Return the computation pragma of CASE (after "tensor"): its
    "pragma_override" when it has one (a mutated pragma)."""
    if case.get("pragma_override") is not None:
        return case["pragma_override"]
    rng = random.Random(case["seed"] ^ 0x5bd1)
    out = _fmt_access(case, ["acc", 0, case["out_idx"]])
    text = "%s %s %s" % (out, "+=" if case["accumulate"] else "=",
                         expr_text(case, case["rhs"], rng))
    for c in clause_texts(case, rng):
        text += " " + c
    return text


def format_text(f):
    """Return the format declaration of F (after "tensor")."""
    typ = f["tag"] if f["typedef"] else "struct " + f["tag"]
    levels = []
    for k, lv in zip(f["kinds"], f["levels"]):
        if k == "dense":
            levels.append("dense")
        elif k == "singleton":
            levels.append("singleton(%s)" % lv[1])
        else:
            levels.append("%s(%s, %s)" % (k, lv[0], lv[1]))
    text = "format %s dims(%s) levels(%s) values(%s)" % (
        typ, ", ".join(f["dims"]), ", ".join(levels), f["vals"])
    if f["modes"] != list(range(len(f["modes"]))) or f.get("say_modes"):
        text += " modes(%s)" % ", ".join(str(m) for m in f["modes"])
    if f["base"]:
        text += " base(1)"
    return text


def to_json(case):
    return json.dumps(case, sort_keys=True)


def clone(case):
    return copy.deepcopy(case)


def share_source(case):
    """Return the input whose pattern a sparse output shares (the same
    format, the same indices, and the style asks for it), or None."""
    ops = case["operands"]
    if ops[0]["kind"] != "sparse" or not case["style"]["share"]:
        return None
    for n in accesses(case["rhs"]):
        if ops[n[1]]["kind"] == "sparse" \
                and ops[n[1]]["format"] == ops[0]["format"] \
                and n[2] == case["out_idx"]:
            return n[1]
    return None


# Open issues the generator can steer clear of, so that a long run finds
# new ones: name -> (predicate, reproducer in testsuite/fuzz/open/).
KNOWN = {
    # Fixed so far: sum-order (the sums of two indices sharing some
    # terms), shared-union (a sparse output on an input's pattern
    # losing terms) and check-float (the check clause on a float array
    # output); see testsuite/sparsefuse.dg/fuzz-*.c.
}


def known_issues(case):
    """Return the names of the open issues CASE runs into."""
    return [k for k, (pred, _) in KNOWN.items() if pred(case)]
