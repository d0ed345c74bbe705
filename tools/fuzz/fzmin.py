"""Shrinking a failing fuzz case while it still fails the same way.

    small = minimize (case, still_fails)

tries, in rounds until none applies, candidates from simplest to least
simple: drop a clause; replace an operator by one of its operands or an
access by the number 1; drop a dimension of an operand (an index from
all its accesses, a level from its format); drop an output index; make
an operand plainer (a sparse operand dense, a format CSR-like and
0-based with long indices and double values, a dense operand a plain
pointer, a scalar a double parameter); make the loop style plainer.  A
candidate is kept when STILL_FAILS (candidate) is true; every candidate
is a valid case or the plain build rejects it, which counts as not
failing the same way."""

import copy

import fzcase as fc


def _kids(e):
    return [k for k in range(1, len(e)) if isinstance(e[k], list)
            and e[k] and isinstance(e[k][0], str)]


def _paths(e, path=()):
    """Yield the path (child positions) of every node of E."""
    yield path
    for k in _kids(e):
        yield from _paths(e[k], path + (k,))


def _get(e, path):
    for k in path:
        e = e[k]
    return e


def _set(case, path, node):
    if not path:
        case["rhs"] = node
    else:
        _get(case["rhs"], path[:-1])[path[-1]] = node


def renumber(case):
    """Drop operands, formats and indices nothing uses; number them in
    order of first use (the output first)."""
    idx_map, op_map = {}, {0: 0}
    for v in case["out_idx"]:
        idx_map.setdefault(v, len(idx_map))
    for n in fc.accesses(case["rhs"]):
        op_map.setdefault(n[1], len(op_map))
        for v in n[2]:
            idx_map.setdefault(v, len(idx_map))
    for n in fc.accesses(case["rhs"]):
        n[1] = op_map[n[1]]
        n[2] = [idx_map[v] for v in n[2]]
    case["out_idx"] = [idx_map[v] for v in case["out_idx"]]
    ops = [None] * len(op_map)
    for old, new in op_map.items():
        ops[new] = case["operands"][old]
    names = [None] * len(idx_map)
    for old, new in idx_map.items():
        names[new] = case["indices"][old]
    case["operands"] = ops
    case["indices"] = names
    case["nidx"] = len(idx_map)
    return case


def _valid_format(f):
    kinds = f["kinds"]
    if not kinds:
        return False
    for l, k in enumerate(kinds):
        if k == "coo" and l:
            return False
        if k == "singleton" and (l == 0 or kinds[l - 1] not in
                                 ("coo", "singleton")):
            return False
        if l and kinds[0] == "coo" and k != "singleton":
            return False
    return True


def _expr_candidates(case):
    out = []
    for path in _paths(case["rhs"]):
        node = _get(case["rhs"], path)
        for k in _kids(node):
            c = copy.deepcopy(case)
            _set(c, path, copy.deepcopy(node[k]))
            out.append(c)
        if node[0] == "acc":
            c = copy.deepcopy(case)
            _set(c, path, ["num", 1.0, "1"])
            out.append(c)
    return [c for c in out if fc.accesses(c["rhs"])]


def _drop_dim(case, o, d):
    """Return CASE without dimension D of operand O, or None."""
    c = copy.deepcopy(case)
    op = c["operands"][o]
    if op["order"] < 1:
        return None
    for n in fc.accesses(c["rhs"]):
        if n[1] == o:
            del n[2][d]
    if o == 0:
        if op["kind"] == "sparse":
            return None
        del c["out_idx"][d]
    op["order"] -= 1
    if op["kind"] == "sparse":
        f = copy.deepcopy(c["formats"][op["format"]])
        lv = f["modes"].index(d)
        for key in ("kinds", "levels", "modes"):
            del f[key][lv]
        f["modes"] = [m - (m > d) for m in f["modes"]]
        if f["dims_array"]:
            f["dims"] = ["dims[%d]" % m for m in range(op["order"])]
        else:
            del f["dims"][d]
        f["builtin"] = None
        f["tag"] = "fmt%d" % len(c["formats"])
        if not _valid_format(f):
            return None
        c["formats"].append(f)
        op["format"] = len(c["formats"]) - 1
    if op["order"] == 0:
        name = op["name"]
        op.clear()
        op.update({"order": 0, "kind": "scalar", "ctype": "double",
                   "where": "param", "name": name})
        if o == 0:
            return None
    return c


def _dim_candidates(case):
    out = []
    for o, op in enumerate(case["operands"]):
        for d in range(op["order"]):
            c = _drop_dim(case, o, d)
            if c:
                out.append(c)
    return out


PLAIN_DENSE = {"vtype": "double", "decl": "flat", "colmajor": False,
               "const": False}


def _operand_candidates(case):
    out = []
    for o, op in enumerate(case["operands"]):
        if op["kind"] == "sparse":
            c = copy.deepcopy(case)
            name, order = op["name"], op["order"]
            c["operands"][o] = dict(PLAIN_DENSE, kind="dense", name=name,
                                    order=order)
            out.append(c)
            if op["by_pointer"]:
                c = copy.deepcopy(case)
                c["operands"][o]["by_pointer"] = False
                out.append(c)
            out += _format_candidates(case, o)
        elif op["kind"] == "dense":
            for key, plain in PLAIN_DENSE.items():
                if op[key] != plain:
                    c = copy.deepcopy(case)
                    c["operands"][o][key] = plain
                    out.append(c)
        else:
            for key, plain in (("ctype", "double"), ("where", "param")):
                if op[key] != plain and not (o == 0 and key == "where"):
                    c = copy.deepcopy(case)
                    c["operands"][o][key] = plain
                    out.append(c)
    return out


def _format_candidates(case, o):
    """Return CASE with operand O's format plainer in one respect."""
    f = case["formats"][case["operands"][o]["format"]]
    order = len(f["kinds"])
    changes = []
    if f["builtin"]:
        changes.append({"builtin": None})
    for key, plain in (("base", 0), ("ptype", "long"), ("ctype", "long"),
                       ("dtype", "long"), ("vtype", "double"),
                       ("typedef", False), ("modes", list(range(order)))):
        if f[key] != plain:
            changes.append({key: plain})
    if f["kinds"][0] == "coo" or f["arrays"] or f["dims_array"]:
        changes.append({"kinds": ["compressed"] * order, "arrays": False,
                        "dims_array": False,
                        "dims": ["n%d" % d for d in range(order)],
                        "levels": [("pos%d" % l, "crd%d" % l)
                                   for l in range(order)]})
    for l, k in enumerate(f["kinds"]):
        if k == "compressed":
            kinds = list(f["kinds"])
            kinds[l] = "dense"
            levels = list(f["levels"])
            levels[l] = None
            changes.append({"kinds": kinds, "levels": levels})
    out = []
    for ch in changes:
        c = copy.deepcopy(case)
        g = copy.deepcopy(f)
        g.update(ch)
        if g["builtin"] is None:
            g["tag"] = "fmt%d" % len(c["formats"])
        if not _valid_format(g):
            continue
        c["formats"].append(g)
        c["operands"][o]["format"] = len(c["formats"]) - 1
        out.append(c)
    return out


PLAIN_STYLE = {"legacy": False, "live_after": False, "ivtype": "long",
               "pragma": "plain", "share": False, "place": "plain"}


def _style_candidates(case):
    out = []
    if case["accumulate"]:
        c = copy.deepcopy(case)
        c["accumulate"] = False
        out.append(c)
    for key, plain in PLAIN_STYLE.items():
        if case["style"].get(key) != plain:
            c = copy.deepcopy(case)
            c["style"][key] = plain
            out.append(c)
    return out


def candidates(case):
    """Return the one-step simplifications of CASE, simplest first."""
    out = []
    for k in range(len(case["clauses"])):
        c = copy.deepcopy(case)
        del c["clauses"][k]
        out.append(c)
    out += _expr_candidates(case)
    out += _dim_candidates(case)
    out += _operand_candidates(case)
    out += _style_candidates(case)
    return [renumber(c) for c in out]


def size(case):
    """Return a measure that every accepted step decreases."""
    return (len(list(fc._walk(case["rhs"]))) * 100
            + sum(op["order"] for op in case["operands"]) * 10
            + len(case["clauses"]) * 5
            + len(fc.to_json(case)) // 50)


def minimize(case, still_fails, budget=300):
    """Return a smaller case for which STILL_FAILS holds (CASE itself if
    none), trying at most BUDGET candidates."""
    case = renumber(copy.deepcopy(case))
    tried = 0
    progress = True
    while progress and tried < budget:
        progress = False
        for c in candidates(case):
            if size(c) >= size(case):
                continue
            tried += 1
            if still_fails(c):
                case = c
                progress = True
                break
            if tried >= budget:
                break
    return case
