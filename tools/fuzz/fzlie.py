"""Lying annotations: mutants of a fuzz case's correct pragma, and the
reference that says whether a mutant still describes the loop.

For the case

    #pragma tensor y(i) += 2 * B(i,j) * x(j) - z(i)

the mutants include

    y(i) += 2 * B(j,i) * x(j) - z(i)        swap-operand
    y(i) = 2 * B(i,j) * x(j) - z(i)         flip-assign
    y(i) += 2 * B(i,j) - z(i)               drop-factor
    y(i) += 2 * B(i,j) * x(j)               drop-term
    y(i) += 2 * B(i,j) * x(j) + z(i)        flip-sign
    y(i) += 2 * (2 * B(i,j) * x(j)) - z(i)  scale
    format ... base(1) of B's struct        base
    format ... modes(1, 0) of B's struct    modes
(swap-output swaps two indices of the output).  The loop is left as the
correct annotation describes it; only the pragma or a format declaration
lies.

Outline:
  1. candidates(case, kind) lists the mutations of one kind; mutant()
     turns one into a case whose pragma (pragma_override) or format
     declaration (format_override) says it, with the case's own clauses
     (the shapes still the arrays' true extents; no check clause, whose
     run-time comparison would hide a wrong result);
  2. judge(case, mutant) evaluates both annotations densely, as SPEC 1.2
     reads them (an index absent from the output summed over the smallest
     subexpression holding all its occurrences, in a sum over the terms
     that mention it), on the data the fuzzer's own harness draws for the
     case (a port of fuzz-rt.h, the six data sets) and on more seeds; the
     inputs are stored as the program stores them and read back through
     each annotation's format declarations, so that a base or a mode
     order that does not describe the arrays reads other entries, or
     outside the arrays.  A difference on any input, or a read outside,
     or indices whose extents disagree, makes the mutant "wrong"; else it
     is "equivalent".

The driver that compiles the mutants and sorts the outcomes is
fuzz.py run --lie (fzlierun.py)."""

import copy
import math
import struct

import fzcase as fc
import pragma_ref as pr

KINDS = ("swap-operand", "swap-output", "drop-factor", "drop-term",
         "flip-assign", "flip-sign", "scale", "base", "modes")


# ---------------------------------------------------------------------
# 1. Mutations.

# The walk over an expression tree is the minimizer's.
from fzmin import _kids, _paths, _get  # noqa: E402


def _replace(rhs, path, node):
    """Return a copy of tree RHS with the node at PATH replaced by NODE."""
    if not path:
        return copy.deepcopy(node)
    out = copy.deepcopy(rhs)
    _get(out, path[:-1])[path[-1]] = copy.deepcopy(node)
    return out


def _term_paths(rhs):
    """Return the paths of the terms of RHS: its maximal subtrees that
    are not a sum, a difference or a negation."""
    out, todo = [], [()]
    while todo:
        path = todo.pop(0)
        node = _get(rhs, path)
        if node[0] in fc.ADDITIVE:
            todo += [path + (k,) for k in _kids(node)]
        else:
            out.append(path)
    return out


def _comp(case, what, rhs=None, out_idx=None, accumulate=None):
    return {"what": what,
            "rhs": case["rhs"] if rhs is None else rhs,
            "out_idx": case["out_idx"] if out_idx is None else out_idx,
            "accumulate": case["accumulate"] if accumulate is None
            else accumulate, "format": None}


def _acc_text(case, node):
    return fc.expr_text(case, node)


def _swap_operand(case):
    out = []
    for path in _paths(case["rhs"]):
        node = _get(case["rhs"], path)
        if node[0] != "acc":
            continue
        idx = node[2]
        for a in range(len(idx)):
            for b in range(a + 1, len(idx)):
                if idx[a] == idx[b]:
                    continue
                new = copy.deepcopy(node)
                new[2][a], new[2][b] = idx[b], idx[a]
                out.append(_comp(case, "%s as %s" % (
                    _acc_text(case, node), _acc_text(case, new)),
                                 rhs=_replace(case["rhs"], path, new)))
    return out


def _swap_output(case):
    out = []
    idx = case["out_idx"]
    for a in range(len(idx)):
        for b in range(a + 1, len(idx)):
            new = list(idx)
            new[a], new[b] = idx[b], idx[a]
            out.append(_comp(case, "output %s as %s" % (
                _acc_text(case, ["acc", 0, idx]),
                _acc_text(case, ["acc", 0, new])), out_idx=new))
    return out


def _drop_factor(case):
    out = []
    for path in _paths(case["rhs"]):
        node = _get(case["rhs"], path)
        if node[0] != "mul":
            continue
        for keep, drop in ((1, 2), (2, 1)):
            rhs = _replace(case["rhs"], path, node[keep])
            if fc.accesses(rhs):
                out.append(_comp(case, "drop factor %s" % fc.expr_text(
                    case, node[drop]), rhs=rhs))
    return out


def _drop_term(case):
    out = []
    for path in _paths(case["rhs"]):
        node = _get(case["rhs"], path)
        if node[0] not in ("add", "sub"):
            continue
        kept_right = node[2] if node[0] == "add" else ["neg", node[2]]
        for keep, drop in ((node[1], node[2]), (kept_right, node[1])):
            rhs = _replace(case["rhs"], path, keep)
            if fc.accesses(rhs):
                out.append(_comp(case, "drop term %s" % fc.expr_text(
                    case, drop), rhs=rhs))
    return out


def _flip_assign(case):
    return [_comp(case, "%s for %s" % ("=" if case["accumulate"] else "+=",
                                       "+=" if case["accumulate"] else "="),
                  accumulate=not case["accumulate"])]


def _negated(node):
    return node[1] if node[0] == "neg" else ["neg", node]


def _flip_sign(case):
    out = []
    rhs = case["rhs"]
    for path in _paths(rhs):
        node = _get(rhs, path)
        if node[0] in ("add", "sub"):
            other = ["sub" if node[0] == "add" else "add", node[1], node[2]]
            out.append(_comp(case, "sign of %s" % fc.expr_text(case,
                                                                node[2]),
                             rhs=_replace(rhs, path, other)))
            left = [node[0], _negated(node[1]), node[2]]
            out.append(_comp(case, "sign of %s" % fc.expr_text(case,
                                                                node[1]),
                             rhs=_replace(rhs, path, left)))
    if rhs[0] not in ("add", "sub"):
        out.append(_comp(case, "sign of the whole right-hand side",
                         rhs=_negated(rhs)))
    return out


def _scale(case):
    out = []
    for path in _term_paths(case["rhs"]):
        node = _get(case["rhs"], path)
        out.append(_comp(case, "2 * %s" % fc.expr_text(case, node),
                         rhs=_replace(case["rhs"], path,
                                      ["mul", ["num", 2.0, "2"], node])))
    return out


def _user_formats(case, least_order=1):
    """Return the user formats (declared by the program, not the
    runtime's) that some sparse operand of CASE has."""
    used = sorted({op["format"] for op in case["operands"]
                   if op["kind"] == "sparse"})
    return [fi for fi in used if not case["formats"][fi]["builtin"]
            and len(case["formats"][fi]["kinds"]) >= least_order]


def _format_comp(case, fi, f, what):
    c = _comp(case, what)
    c["format"] = (fi, f)
    return c


def _base(case):
    out = []
    for fi in _user_formats(case):
        f = copy.deepcopy(case["formats"][fi])
        f["base"] = 1 - f["base"]
        out.append(_format_comp(case, fi, f, "base(%d) for base(%d) in "
                                "format %d" % (f["base"], 1 - f["base"],
                                               fi)))
    return out


def _permutations(items):
    if len(items) <= 1:
        return [list(items)]
    return [[x] + rest for k, x in enumerate(items)
            for rest in _permutations(items[:k] + items[k + 1:])]


def _modes(case):
    out = []
    for fi in _user_formats(case, 2):
        f0 = case["formats"][fi]
        for perm in _permutations(f0["modes"]):
            if perm == f0["modes"]:
                continue
            f = copy.deepcopy(f0)
            f["modes"] = perm
            f["say_modes"] = True
            out.append(_format_comp(case, fi, f, "modes(%s) for modes(%s) "
                                    "in format %d" % (
                                        ", ".join(map(str, perm)),
                                        ", ".join(map(str, f0["modes"])),
                                        fi)))
    return out


_MAKERS = {"swap-operand": _swap_operand, "swap-output": _swap_output,
           "drop-factor": _drop_factor, "drop-term": _drop_term,
           "flip-assign": _flip_assign, "flip-sign": _flip_sign,
           "scale": _scale, "base": _base, "modes": _modes}


def candidates(case, kind):
    """Return the mutations of KIND of CASE: dicts with the mutated
    "rhs", "out_idx", "accumulate", "format" ((index, format dict) or
    None) and "what" (a description)."""
    return _MAKERS[kind](case)


def choose(case, rng, kinds=KINDS):
    """Return (kind, mutation) drawn with RNG: a kind among KINDS that
    has mutations for CASE, uniformly, then one of its mutations; or
    (None, None)."""
    have = [k for k in kinds if candidates(case, k)]
    if not have:
        return None, None
    kind = rng.choice(have)
    return kind, rng.choice(candidates(case, kind))


def _mentioned(case, rhs):
    return {0} | {n[1] for n in fc.accesses(rhs)}


def _true_extents(case, o):
    """Return the C names of the extents of operand O's dimensions (the
    harness's ext parameters: the arrays' true extents)."""
    cls = fc.extent_classes(case)
    return [fc.ext_name(cls[v]) for v in fc.operand_dims(case, o)]


def comp_text(case, comp):
    """Return the computation pragma (after "tensor") that mutation COMP
    of CASE writes: its output, assignment and right-hand side, and the
    case's clauses restricted to the operands it still mentions (shape
    clauses giving each operand's true extents where the original or the
    mutant needs one), without a check clause."""
    m = fc.clone(case)
    m["rhs"], m["out_idx"] = comp["rhs"], comp["out_idx"]
    ops = case["operands"]
    used = _mentioned(case, comp["rhs"])
    text = "%s %s %s" % (fc._fmt_access(m, ["acc", 0, comp["out_idx"]]),
                         "+=" if comp["accumulate"] else "=",
                         fc.expr_text(m, comp["rhs"]))
    clauses = []
    for o in sorted((fc.needed_shapes(case) | fc.needed_shapes(m)) & used):
        clauses.append("shape(%s: %s)" % (ops[o]["name"], ", ".join(
            _true_extents(case, o))))
    cm = [ops[o]["name"] for o in sorted(used) if ops[o]["kind"] == "dense"
          and ops[o]["colmajor"]]
    if cm:
        clauses.append("colmajor(%s)" % ", ".join(cm))
    sparse_read = [ops[o]["name"] for o in sorted(used - {0})
                   if ops[o]["kind"] == "sparse"]
    for kind, arg in case["clauses"]:
        if kind == "schedule":
            clauses.append("schedule(%s)" % arg)
        elif kind == "serial":
            clauses.append("serial")
        elif kind in ("threads", "memory"):
            clauses.append("%s(%s)" % (kind, arg.replace(
                "EXT0", fc.ext_name(0) if case["nidx"] else "1")))
        elif kind == "assume":
            facts = ["nnz(%s) >= 0" % n for n in sparse_read]
            facts.append("%s >= 0" % fc.ext_name(0) if case["nidx"]
                         else "1 > 0")
            clauses.append("assume(%s)" % ", ".join(facts))
        elif kind == "relayout" and sparse_read:
            clauses.append("relayout(%s)" % ", ".join(sparse_read))
    for c in sorted(set(clauses), key=clauses.index):
        text += " " + c
    return text


def original_comp(case):
    """Return the mutation that changes nothing (the correct pragma)."""
    return _comp(case, "unchanged")


def mutant(case, kind, comp):
    """Return the case CASE with the pragma or format declaration of
    mutation COMP (of KIND): its "pragma_override" and maybe
    "format_override", and a "lie" record saying what was done."""
    m = fc.clone(case)
    m["pragma_override"] = comp_text(case, comp)
    if comp["format"] is not None:
        fi, f = comp["format"]
        g = dict(f)
        g["tag"] = "c0_" + g["tag"]
        m["format_override"] = {str(fi): fc.format_text(g)}
    m["lie"] = {"kind": kind, "what": comp["what"],
                "truth": comp_text(case, original_comp(case))}
    return m


def prepare(case):
    """Return CASE made fit for lying: no file-scope operands (the
    pragma's text would need their per-case names) and no second,
    chained statement (a mutant is judged by the one region it
    mutates)."""
    case = fc.clone(case)
    case["style"]["no_chain"] = True
    for o, op in enumerate(case["operands"]):
        if op["kind"] == "dense" and op["decl"] == "global":
            op["decl"] = "flat"
        if op["kind"] == "scalar" and o and op["where"] == "global":
            op["where"] = "param"
    return case


# ---------------------------------------------------------------------
# 2. The data the harness draws (a port of fuzz-rt.h and of the order in
# which fzemit.Harness draws).

M64 = (1 << 64) - 1
RANDOM, EMPTY, SINGLE, FULL, EXTREME, SPARSE = range(6)
DATA_SETS = 6


class Rand:
    """fz_seed, fz_bits (splitmix64), fz_below, fz_unit, fz_value."""

    def __init__(self, s):
        self.state = (s * 0x9e3779b97f4a7c15 + 0x632be59bd9b4e019) & M64

    def bits(self):
        self.state = (self.state + 0x9e3779b97f4a7c15) & M64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xbf58476d1ce4e5b9) & M64
        z = ((z ^ (z >> 27)) * 0x94d049bb133111eb) & M64
        return z ^ (z >> 31)

    def below(self, n):
        return self.bits() % n if n > 0 else 0

    def unit(self):
        return (self.bits() >> 11) / 9007199254740992.0

    def value(self, data, limit):
        if self.below(16) == 0:
            return 0.0
        if data != EXTREME:
            return self.unit() * 2.0 - 1.0
        # ldexp's arguments: GCC evaluates the exponent first.
        e = self.below(2 * limit + 1) - limit
        m = float(self.below(7) + 1)
        v = math.ldexp(m, e)
        return -v if self.below(2) else v


def f32(v):
    """Return V rounded to float."""
    if abs(v) >= 3.5e38:
        return math.copysign(math.inf, v)
    return struct.unpack("f", struct.pack("f", v))[0]


def extents(rnd, fixed, data):
    """fz_extents: the extent of each index class."""
    n = len(fixed)
    most = 9 if data == SPARSE else 3 if data == FULL else 5
    zero = rnd.below(n) if data == SPARSE and rnd.below(3) == 0 else -1
    ext = [fixed[c] if fixed[c] > 0 else 0 if c == zero
           else 1 + rnd.below(most) for c in range(n)]
    while True:
        prod, big = 1, -1
        for c in range(n):
            prod *= ext[c] or 1
            if fixed[c] <= 0 and (big < 0 or ext[c] > ext[big]):
                big = c
        if prod <= 3000 or big < 0 or ext[big] <= 1:
            return ext
        ext[big] -= 1


def _unravel(e, dims):
    out = [0] * len(dims)
    for m in range(len(dims) - 1, -1, -1):
        out[m] = e % dims[m]
        e //= dims[m]
    return tuple(out)


def tensor_random(rnd, dims, data, limit, flt):
    """fz_tensor_random: {coordinates: value}."""
    total = 1
    for d in dims:
        total *= d
    single = rnd.below(total) if total else -1
    density = 1.0 if data == FULL else 0.08 if data == SPARSE \
        else 0.15 + 0.4 * rnd.unit()
    out = {}
    for e in range(total):
        if data == EMPTY:
            keep = False
        elif data == SINGLE:
            keep = e == single
        else:
            keep = rnd.unit() < density
        if keep:
            v = rnd.value(data, limit)
            out[_unravel(e, dims)] = f32(v) if flt else v
    return out


def build_levels(entries, dims, kinds, modes, base):
    """fz_levels_build, then the harness's copy into the struct: return
    {"pos": [list per level or None], "crd": [...], "nnz": [...],
    "vals": [...], "dims": DIMS} with BASE added to pos and crd."""
    order = sorted(entries, key=lambda c: tuple(c[m] for m in modes))
    nl = len(kinds)
    pos = [[0] for _ in range(nl)]
    crd = [[] for _ in range(nl)]
    vals = []

    def child(l, group):
        if l + 1 < nl:
            level(l + 1, group)
        else:
            vals.append(entries[group[0]] if group else 0.0)

    def level(l, group):
        m = modes[l]
        if kinds[l] == "dense":
            for c in range(dims[m]):
                crd[l].append(c)
                child(l, [e for e in group if e[m] == c])
        elif kinds[l] == "compressed":
            k = 0
            while k < len(group):
                c = group[k][m]
                j = k
                while j < len(group) and group[j][m] == c:
                    j += 1
                crd[l].append(c)
                child(l, group[k:j])
                k = j
        else:
            for e in group:
                crd[l].append(e[m])
                child(l, [e])
        pos[l].append(len(crd[l]))

    level(0, order)
    st = {"pos": [None] * nl, "crd": [None] * nl, "nnz": [None] * nl,
          "vals": vals, "dims": list(dims)}
    for l, k in enumerate(kinds):
        if k == "compressed":
            st["pos"][l] = [p + base for p in pos[l]]
        if k == "coo":
            st["nnz"][l] = len(crd[l])
        if k != "dense":
            st["crd"][l] = [c + base for c in crd[l]]
    return st


def _floaty(case):
    for op in case["operands"]:
        if op.get("vtype") == "float" or op.get("ctype") == "float":
            return True
        if op["kind"] == "sparse" \
                and case["formats"][op["format"]]["vtype"] == "float":
            return True
    return False


def _memory_coords(dims, colmajor):
    """Return the logical coordinates of each element of a dense array
    of extents DIMS, in memory order."""
    total = 1
    for d in dims:
        total *= d
    if not colmajor:
        return [_unravel(t, dims) for t in range(total)]
    return [_unravel(t, dims[::-1])[::-1] for t in range(total)]


def draw_data(case, seed, data, full_out=False):
    """Return the operands c<N>_data (DATA) builds for CASE when seeded
    with SEED (the case's own seed gives the fuzzer's data), a sparse
    output's own pattern full when FULL_OUT (the harness draws it as for
    the random data set): {"ext":
    extents per index class, "ops": per operand {"dims", "dense"
    (coordinates -> value) or "store" (build_levels) or "scalar"},
    "init": the output's initial values in memory order}."""
    rnd = Rand((seed * 131 + data) & M64)
    cls = fc.extent_classes(case)
    ncls = len(set(cls))
    consts = fc.const_extents(case)
    ext = extents(rnd, [consts.get(c, 0) for c in range(ncls)], data)
    lim = 16 if _floaty(case) else 100
    ops = [None] * len(case["operands"])

    def dims_of(o):
        return [ext[cls[v]] for v in fc.operand_dims(case, o)]

    def sparse(o, which):
        f = case["formats"][case["operands"][o]["format"]]
        d = dims_of(o)
        t = tensor_random(rnd, d, which, lim, f["vtype"] == "float")
        return build_levels(t, d, f["kinds"], f["modes"], f["base"])

    for o, op in enumerate(case["operands"]):
        if o == 0:
            continue
        if op["kind"] == "sparse":
            ops[o] = {"dims": dims_of(o), "store": sparse(o, data)}
        elif op["kind"] == "scalar":
            if op["ctype"] in ("int", "long"):
                v = float(rnd.below(7) - 3)
            else:
                v = rnd.value(RANDOM, 0)
                v = f32(v) if op["ctype"] == "float" else v
            ops[o] = {"dims": [], "scalar": v}
        else:
            d = dims_of(o)
            flt = op["vtype"] == "float"
            dense = {}
            for c in _memory_coords(d, op["colmajor"]):
                v = rnd.value(data, lim)
                dense[c] = f32(v) if flt else v
            ops[o] = {"dims": d, "dense": dense}
    out = case["operands"][0]
    if out["kind"] == "scalar":
        ops[0] = {"dims": [], "scalar": None}
        init = [rnd.value(data, lim)]
    else:
        if out["kind"] == "sparse":
            src = fc.share_source(case)
            store = ops[src]["store"] if src is not None \
                else sparse(0, FULL if full_out else RANDOM)
            ops[0] = {"dims": dims_of(0), "store": store}
            n = len(store["vals"])
            flt = case["formats"][out["format"]]["vtype"] == "float"
        else:
            ops[0] = {"dims": dims_of(0), "dense": None}
            n = len(_memory_coords(dims_of(0), out["colmajor"]))
            flt = out["vtype"] == "float"
        init = []
        for _ in range(n):
            v = rnd.value(data, lim)
            init.append(f32(v) if flt else v)
    return {"ext": ext, "ops": ops, "init": init}


# ---------------------------------------------------------------------
# 3. Reading the stored operands through a format declaration, and the
# dense meaning of an annotation.

class Invalid(Exception):
    """The annotation reads outside the arrays, or its indices' extents
    disagree: it does not describe the program."""


def _at(array, k, what):
    if array is None or not 0 <= k < len(array):
        raise Invalid("%s read at %d (of %d)" % (
            what, k, 0 if array is None else len(array)))
    return array[k]


def decode(store, kinds, modes, base, name):
    """Return [(position, coordinates)] of the entries of STORE read as
    levels KINDS storing MODES with BASE (a format declaration), or raise
    Invalid for a read outside an array or a coordinate outside its
    extent."""
    dims = store["dims"]
    nl = len(kinds)
    out = []
    if sorted(modes) != list(range(len(dims))) or nl != len(dims):
        raise Invalid("%s: modes %s do not fit %d dimensions"
                      % (name, modes, len(dims)))

    def go(l, p, c, coords):
        if not 0 <= c < dims[modes[l]]:
            raise Invalid("%s: coordinate %d of mode %d outside 0..%d"
                          % (name, c, modes[l], dims[modes[l]] - 1))
        coords = coords + [(modes[l], c)]
        if l + 1 < nl:
            walk(l + 1, p, coords)
        else:
            _at(store["vals"], p, name + " values")
            out.append((p, tuple(x for _, x in sorted(coords))))

    def walk(l, parent, coords):
        kind = kinds[l]
        what = "%s level %d" % (name, l)
        if kind == "dense":
            d = dims[modes[l]]
            for c in range(d):
                go(l, c if l == 0 else parent * d + c, c, coords)
        elif kind == "compressed":
            par = 0 if l == 0 else parent
            lo = _at(store["pos"][l], par, what + " pos") - base
            hi = _at(store["pos"][l], par + 1, what + " pos") - base
            for p in range(lo, hi):
                go(l, p, _at(store["crd"][l], p, what + " crd") - base,
                   coords)
        elif kind == "coo":
            for p in range(store["nnz"][l]):
                go(l, p, _at(store["crd"][l], p, what + " crd") - base,
                   coords)
        else:
            go(l, parent, _at(store["crd"][l], parent, what + " crd")
               - base, coords)

    walk(0, 0, [])
    return out


def _mention(e):
    if e[0] == "acc":
        return set(e[2])
    if e[0] == "num":
        return set()
    return set().union(*(_mention(c) for c in e[1:]))


def _scope_paths(rhs, out):
    """Return {path: indices summed there}: each index absent from OUT at
    the smallest subexpression of RHS holding all its occurrences."""
    result = {}
    for r in sorted(_mention(rhs) - set(out)):
        path, e = (), rhs
        while e[0] not in ("acc", "num"):
            holding = [k for k in range(1, len(e)) if r in _mention(e[k])]
            if len(holding) != 1:
                break
            path, e = path + (holding[0],), e[holding[0]]
        result.setdefault(path, set()).add(r)
    return result


def _assignments(indices, extent):
    """Yield every assignment ({index: value}) of INDICES."""
    indices = sorted(indices)
    if not indices:
        yield {}
        return
    first, rest = indices[0], indices[1:]
    for v in range(extent[first]):
        for a in _assignments(rest, extent):
            a[first] = v
            yield a


class Meaning:
    """One annotation (a pragma_ref tree) bound to one draw of data."""

    def __init__(self, tree, formats, case, data):
        """TREE: the computation; FORMATS: {format index: parsed
        declaration}; DATA: draw_data's result."""
        _, (self.out_name, self.out_idx), self.acc, self.rhs, _ = tree
        self.case = case
        self.data = data
        self.names = {op["name"]: o for o, op in enumerate(case["operands"])}
        self.views = {}
        self.extent = {}
        for o, op in enumerate(case["operands"]):
            if op["kind"] == "sparse":
                _, _, _, levels, _, modes, base = formats[op["format"]]
                kinds = [lv[0] for lv in levels]
                self.views[o] = decode(data["ops"][o]["store"], kinds,
                                       list(modes), base, op["name"])
        self.bind(self.out_name, self.out_idx)
        self._bind_all(self.rhs)
        self.scopes = _scope_paths(self.rhs, self.out_idx)
        self.values = {}
        for o, entries in self.views.items():
            if o == 0:
                continue
            vals = data["ops"][o]["store"]["vals"]
            d = self.values[o] = {}
            for p, c in entries:
                d[c] = d.get(c, 0.0) + vals[p]

    def bind(self, name, idx):
        """Record the extents index list IDX gets from operand NAME;
        raise Invalid when they disagree with earlier ones."""
        o = self.names[name]
        dims = self.data["ops"][o]["dims"]
        if len(dims) != len(idx):
            raise Invalid("%s has %d dimensions, used with %d" % (
                name, len(dims), len(idx)))
        for v, d in zip(idx, dims):
            if self.extent.setdefault(v, d) != d:
                raise Invalid("index %s has extents %d and %d" % (
                    v, self.extent[v], d))

    def _bind_all(self, e):
        if e[0] == "acc":
            self.bind(e[1], e[2])
        elif e[0] != "num":
            for c in e[1:]:
                self._bind_all(c)

    def leaf(self, e, env):
        o = self.names[e[1]]
        op = self.data["ops"][o]
        if "scalar" in op:
            return op["scalar"]
        c = tuple(env[v] for v in e[2])
        if o in self.values:
            return self.values[o].get(c, 0.0)
        return op["dense"][c]

    def value(self, e, path, env, pending):
        """Return (value, magnitude) of node E at PATH under assignment
        ENV, PENDING the indices an enclosing sum sums over its terms
        that mention them."""
        own = self.scopes.get(path, set())
        if e[0] in ("add", "sub", "neg"):
            pend = pending | own
            parts = [self.value(e[k], path + (k,), env, pend)
                     for k in range(1, len(e))]
            if e[0] == "neg":
                return -parts[0][0], parts[0][1]
            sign = 1.0 if e[0] == "add" else -1.0
            return parts[0][0] + sign * parts[1][0], parts[0][1] + parts[1][1]
        here = own | {r for r in pending if r in _mention(e)}
        total, mag = 0.0, 0.0
        for a in _assignments(here, self.extent):
            env2 = {**env, **a}
            if e[0] == "num":
                v = e[1]
                m = abs(v)
            elif e[0] == "acc":
                v = self.leaf(e, env2)
                m = abs(v)
            else:
                x = self.value(e[1], path + (1,), env2, set())
                y = self.value(e[2], path + (2,), env2, set())
                v, m = x[0] * y[0], x[1] * y[1]
            total += v
            mag += m
        return total, mag

    def result(self):
        """Return the output after the statement, as [(value,
        magnitude)] in the harness's element order."""
        case = self.case
        init = self.data["init"]
        out = case["operands"][0]
        dims = self.data["ops"][0]["dims"]
        res = [(x, abs(x)) for x in init]
        if out["kind"] == "scalar":
            points = [(0, ())]
        elif out["kind"] == "sparse":
            points = self.views[0]
        else:
            points = list(enumerate(_memory_coords(dims, out["colmajor"])))
        # The statement runs twice where the case places it twice.
        times = 2 if case["style"].get("place") == "twice" else 1
        for p, coords in points:
            v, m = self.value(self.rhs, (), dict(zip(self.out_idx, coords)),
                              set())
            for _ in range(times):
                res[p] = (v + res[p][0], m + res[p][1]) if self.acc \
                    else (v, m)
        return res


def differ(a, b, tol=1e-9):
    """Return the first element where results A and B differ beyond
    rounding (relative TOL of the magnitudes), or None."""
    for k, ((x, mx), (y, my)) in enumerate(zip(a, b)):
        if x == y:
            continue
        if not abs(x - y) <= tol * (mx + my):
            return k
    return None


def parse_formats(case):
    """Return {format index: pragma_ref tree of its declaration}, the
    case's format_override included."""
    out = {}
    for fi, f in enumerate(case["formats"]):
        over = case.get("format_override", {}).get(str(fi))
        out[fi] = pr.parse(over if over is not None else fc.format_text(f))
    return out


def meaning_of(case, seed, data, full_out=False):
    """Return the result of CASE's annotation (its pragma and formats) on
    the data draw_data (CASE, SEED, DATA, FULL_OUT) draws, or raise
    Invalid."""
    tree = pr.parse(fc.pragma_text(case))
    return Meaning(tree, parse_formats(case), case,
                   draw_data(case, seed, data, full_out)).result()


def draws(case, extra):
    """Return the (seed, data set, full output) triples a judgement uses:
    the fuzzer's own six data sets, then EXTRA more seeds of six, where
    the full data set fills a sparse output's pattern too (a product of
    sparse vectors meets a random pattern seldom: a sign flipped in
    (b(t) + v(t)) * b(t) * w(t) into a sparse output went unseen on 24
    draws without it)."""
    seeds = [(case["seed"] * 7 + 1000003 * k) % (1 << 30)
             for k in range(1, extra + 1)]
    return [(case["seed"], d, False) for d in range(DATA_SETS)] \
        + [(s, d, d == FULL) for s in seeds for d in range(DATA_SETS)]


def _ties(case, tree):
    """Return the classes of the dimensions ((operand name, dimension))
    of the operands annotation TREE mentions, as a checker may size them:
    tied by a shared index, by a shape clause's expression, or by a C
    type (the case's true extent); a struct's dims are its own."""
    _, (out_name, out_idx), _, rhs, clauses = tree
    parent = {}

    def find(x):
        parent.setdefault(x, x)
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    def tie(a, b):
        parent[find(a)] = find(b)

    names = {op["name"]: o for o, op in enumerate(case["operands"])}
    cls = fc.extent_classes(case)
    shapes = (clauses or {}).get("shape", {})
    accs = [("acc", out_name, out_idx)]
    stack = [rhs]
    while stack:
        e = stack.pop()
        if e[0] == "acc":
            accs.append(e)
        elif e[0] != "num":
            stack.extend(e[1:])
    for _, name, idx in accs:
        o = names[name]
        typed = fc._typed_dims(case, o) \
            if case["operands"][o]["kind"] == "dense" else set()
        dims = fc.operand_dims(case, o)
        for d, v in enumerate(idx):
            find((name, d))
            tie((name, d), ("index", v))
            if name in shapes and d < len(shapes[name]):
                tie((name, d), ("expr", repr(shapes[name][d])))
            elif d in typed and d < len(dims):
                tie((name, d), ("expr", repr(("name", fc.ext_name(
                    cls[dims[d]])))))
    return {x: find(x) for x in parent if x[0] not in ("index", "expr")}


def _loosened(case, m):
    """Return a text when mutant M no longer ties two dimensions the
    correct annotation ties (dropping E(t,l) frees E's columns from D's
    rows): inputs of the mutant's reading then exist that the loop was
    not written for, where it may go outside an array, so that an error
    of the checker there is no false alarm; else None."""
    try:
        t = _ties(case, pr.parse(fc.pragma_text(_truth(case))))
        u = _ties(case, pr.parse(fc.pragma_text(m)))
    except Exception:  # noqa: BLE001 - a pragma this reference cannot read
        return None
    for a in u:
        for b in u:
            if a < b and a in t and b in t and t[a] == t[b] \
                    and u[a] != u[b]:
                return "the annotation no longer ties %s's dimension %d " \
                    "to %s's dimension %d" % (a[0], a[1], b[0], b[1])
    return None


def judge(case, m, extra=4):
    """Return ("wrong" or "equivalent", detail) for mutant M of CASE, both
    evaluated on the draws of draws(CASE, EXTRA); raise ValueError when
    the correct annotation itself cannot be evaluated (a fault of this
    reference)."""
    truth = _truth(case)
    for seed, data, full in draws(case, extra):
        where = "seed %d data %d%s" % (seed, data, " (full output)"
                                        if full else "")
        try:
            want = meaning_of(truth, seed, data, full)
        except Invalid as e:
            raise ValueError("the correct annotation is invalid: %s" % e)
        try:
            got = meaning_of(m, seed, data, full)
        except Invalid as e:
            return "wrong", "%s: %s" % (where, e)
        if len(got) != len(want):
            return "wrong", "%s: %d values for %d" % (where, len(got),
                                                     len(want))
        k = differ(got, want)
        if k is not None:
            return "wrong", "%s: element %d is %.17g, the loop gives " \
                "%.17g" % (where, k, got[k][0], want[k][0])
    loose = _loosened(case, m)
    if loose:
        return "wrong", loose
    return "equivalent", "agrees on %d draws" % (6 * (extra + 1))


def _truth(case):
    """Return CASE with its pragma as the lying mode writes the correct
    one (its own clauses, no check clause)."""
    t = fc.clone(case)
    t["pragma_override"] = comp_text(case, original_comp(case))
    return t
