"""C text of fuzz cases: format declarations, the annotated function, its
unannotated copy, the copy over absolute values, and the harness that
builds the operands for every data set and compares the results.

For case 3, "y(i) = B(i,j) * x(j)" with B a 1-based CSR struct:

    struct c3_fmt0 { int n0, n1; long *pos1; int *crd1; double *vals; };
    #pragma tensor format struct c3_fmt0 dims(n0, n1) levels(dense,
        compressed(pos1, crd1)) values(vals) base(1)
    static long c3_annot (long ext0, long ext1, double *y,
                          struct c3_fmt0 B, const double *x)
    {
    #pragma tensor y(i) = B(i,j) * x(j)
      {
        for (long i_0 = 0; i_0 < ext0; i_0++) y[i_0] = 0;
        for (long cB_0 = 0; cB_0 < (long) B.n0; cB_0++)
          for (long pB_1 = ...; ...)
            y[cB_0] += 1.0 * (double) B.vals[pB_1] * (double) x[cB_1];
      }
      return 0;
    }
    c3_ref: the same without the pragma; c3_abs: over fabs () of each
    factor; c3_data (int data): operands, four calls, comparisons.

emit_batch (cases) returns the program text and, for each case, the line
range of its pragmas (diagnostics are mapped back to cases by line)."""

import random

import fzcase as fc


class Code:
    """Lines of C with indentation and, for "legacy" style, variables
    gathered for declaration at the top of the function."""

    def __init__(self, legacy, ivtype="long"):
        self.lines = []
        self.depth = 1
        self.legacy = legacy
        self.ivtype = ivtype
        self.decls = []

    def __call__(self, text):
        self.lines.append("  " * self.depth + text)

    def open(self, text):
        self(text + " {" if text else "{")
        self.depth += 1

    def close(self, n=1):
        for _ in range(n):
            self.depth -= 1
            self("}")

    def var(self, name, ty="long"):
        """Return how to introduce variable NAME: "long name" in C99 style,
        "name" (declared at the top) in legacy style."""
        if self.legacy:
            if name not in [d[0] for d in self.decls]:
                self.decls.append((name, ty))
            return name
        return "%s %s" % (ty, name)


def _member(case, o, field):
    op = case["operands"][o]
    return "%s%s%s" % (op["name"], "->" if op["by_pointer"] else ".", field)


class Body:
    """The loop nest of one case in one of three modes: "annot" (with the
    pragma), "ref" (without), "abs" (absolute values, no pragma)."""

    def __init__(self, case, n, mode):
        self.case = case
        self.n = n
        self.mode = mode
        st = case["style"]
        self.code = Code(st["legacy"], st["ivtype"])
        self.cls = fc.extent_classes(case)
        self.rng = random.Random(st["loops"])
        self.tag = 0

    # ---- operands ----

    def fmt(self, o):
        return self.case["formats"][self.case["operands"][o]["format"]]

    def dim_field(self, o, mode):
        return "(long) %s" % _member(self.case, o, self.fmt(o)["dims"][mode])

    def ext(self, v):
        return fc.ext_name(self.cls[v])

    def dense_elem(self, o, coords):
        """Return the C lvalue of dense operand O at COORDS (C exprs, one
        per index position)."""
        case = self.case
        op = case["operands"][o]
        dims = fc.operand_dims(case, o)
        r = op["order"]
        if r == 0:
            return op["name"]
        if op["decl"] == "flat":
            order = list(range(r))
            if op["colmajor"]:
                order.reverse()
            lin = coords[order[0]]
            for d in order[1:]:
                lin = "(%s) * %s + %s" % (lin, self.ext(dims[d]), coords[d])
            return "%s[%s]" % (op["name"], lin)
        cs = list(coords)
        if op["colmajor"]:
            cs.reverse()
        return op["name"] + "".join("[%s]" % c for c in cs)

    # ---- sparse walks ----

    def iterate(self, o, idx, bound):
        """Open loops over every stored entry of sparse operand O accessed
        with indices IDX; bind its indices in BOUND; return the C
        expression of the entry's value position."""
        c = self.code
        f = self.fmt(o)
        b = f["base"]
        t = self.tag = self.tag + 1
        prev = None
        for l, kind in enumerate(f["kinds"]):
            v = idx[f["modes"][l]]
            p, cv = "p%d_%d" % (t, l), "c%d_%d" % (t, l)
            lv = f["levels"][l]
            if kind == "dense":
                dim = self.dim_field(o, f["modes"][l])
                c.open("for (%s = 0; %s < %s; %s++)"
                       % (c.var(cv), cv, dim, cv))
                c("%s = %s;" % (c.var(p), cv if prev is None else
                                "%s * %s + %s" % (prev, dim, cv)))
            elif kind == "compressed":
                pos = _member(self.case, o, lv[0])
                par = prev if prev is not None else "0"
                c.open("for (%s = (long) %s[%s] - %d; %s < (long) %s[%s + 1]"
                       " - %d; %s++)" % (c.var(p), pos, par, b, p, pos, par,
                                         b, p))
                c("%s = (long) %s[%s] - %d;" % (
                    c.var(cv), _member(self.case, o, lv[1]), p, b))
            elif kind == "coo":
                nnz = _member(self.case, o, lv[0])
                c.open("for (%s = 0; %s < (long) %s; %s++)"
                       % (c.var(p), p, nnz, p))
                c("%s = (long) %s[%s] - %d;" % (
                    c.var(cv), _member(self.case, o, lv[1]), p, b))
            else:
                c.open("")
                c("%s = %s;" % (c.var(p), prev))
                c("%s = (long) %s[%s] - %d;" % (
                    c.var(cv), _member(self.case, o, lv[1]), p, b))
            if v in bound:
                c.open("if (%s == %s)" % (cv, bound[v]))
            else:
                bound[v] = cv
            prev = p
        return prev

    def lookup(self, o, idx, bound):
        """Open the tests that find the entry of sparse operand O at the
        bound coordinates of IDX; return its value position."""
        c = self.code
        f = self.fmt(o)
        b = f["base"]
        t = self.tag = self.tag + 1
        prev = None
        l = 0
        while l < len(f["kinds"]):
            kind = f["kinds"][l]
            lv = f["levels"][l]
            coord = bound[idx[f["modes"][l]]]
            p = "p%d_%d" % (t, l)
            if kind == "dense":
                dim = self.dim_field(o, f["modes"][l])
                c.open("")
                c("%s = %s;" % (c.var(p), coord if prev is None else
                                "%s * %s + %s" % (prev, dim, coord)))
            elif kind == "compressed":
                pos = _member(self.case, o, lv[0])
                crd = _member(self.case, o, lv[1])
                par = prev if prev is not None else "0"
                hi = "h%d_%d" % (t, l)
                c.open("")
                c("%s = (long) %s[%s + 1] - %d;" % (c.var(hi), pos, par, b))
                if self.rng.random() < 0.5:
                    c("%s = (long) %s[%s] - %d;" % (c.var(p), pos, par, b))
                    c("while (%s < %s && (long) %s[%s] - %d != %s)"
                      % (p, hi, crd, p, b, coord))
                    c("  %s++;" % p)
                else:
                    c("%s = (long) %s[%s] - %d;" % (c.var(p), pos, par, b))
                    c("for (; %s < %s && (long) %s[%s] - %d != %s; %s++)"
                      % (p, hi, crd, p, b, coord, p))
                    c("  ;")
                c.open("if (%s < %s)" % (p, hi))
            elif kind == "coo":
                nnz = _member(self.case, o, lv[0])
                tests = []
                m = l
                while m < len(f["kinds"]) and (m == l or
                                               f["kinds"][m] == "singleton"):
                    tests.append("(long) %s[%s] - %d == %s" % (
                        _member(self.case, o, f["levels"][m][1]), p, b,
                        bound[idx[f["modes"][m]]]))
                    m += 1
                c.open("")
                c("%s = 0;" % c.var(p))
                c("while (%s < (long) %s && !(%s))"
                  % (p, nnz, " && ".join(tests)))
                c("  %s++;" % p)
                c("  ;")
                c.open("if (%s < (long) %s)" % (p, nnz))
                prev = p
                l = m
                continue
            else:
                c.open("if ((long) %s[%s] - %d == %s)"
                       % (_member(self.case, o, lv[1]), prev, b, coord))
                p = prev
            prev = p
            l += 1
        return prev

    # ---- statements ----

    def factor(self, node, where, bound):
        """Return the C value of access NODE (its sparse position in
        WHERE, indices bound in BOUND)."""
        case = self.case
        o = node[1]
        op = case["operands"][o]
        if op["kind"] == "scalar":
            s = "(double) %s" % op["name"]
        elif op["kind"] == "sparse":
            s = "(double) %s[%s]" % (_member(case, o, self.fmt(o)["vals"]),
                                     where[id(node)])
        else:
            s = "(double) %s" % self.dense_elem(o, [bound[v]
                                                    for v in node[2]])
        return "fabs (%s)" % s if self.mode == "abs" else s

    def out_lvalue(self, bound, outq):
        case = self.case
        op = case["operands"][0]
        if op["kind"] == "sparse":
            return "%s[%s]" % (_member(case, 0, self.fmt(0)["vals"]), outq)
        return self.dense_elem(0, [bound[v] for v in case["out_idx"]])

    def zero_output(self):
        """For "=": set every entry of the output to zero."""
        c = self.code
        case = self.case
        op = case["operands"][0]
        depth = c.depth
        if op["kind"] == "sparse":
            q = self.iterate(0, case["out_idx"], {})
            c("%s = 0;" % self.out_lvalue({}, q))
        else:
            bound = {}
            for v in case["out_idx"]:
                iv = "i%d_%d" % (self.tag + 1, v)
                c.open("for (%s = 0; %s < %s; %s++)"
                       % (c.var(iv, c.ivtype), iv, self.ext(v), iv))
                bound[v] = iv
            self.tag += 1
            c("%s = 0;" % self.out_lvalue(bound, None))
        c.close(c.depth - depth)

    def monomial(self, coef, factors, summed):
        """Emit the loop nest adding one monomial to the output."""
        c = self.code
        case = self.case
        depth = c.depth
        ops = case["operands"]
        mentioned = {v for n in factors for v in n[2]}
        loopset = set(case["out_idx"]) | (summed & mentioned)
        phantom = sorted(summed - mentioned)
        sparse = [n for n in factors if ops[n[1]]["kind"] == "sparse"]
        bound, where = {}, {}
        outq = None
        choice = self.rng.random()
        if ops[0]["kind"] == "sparse" and choice < 0.3:
            outq = self.iterate(0, case["out_idx"], bound)
        elif sparse and choice < 0.8:
            drv = self.rng.choice(sparse)
            where[id(drv)] = self.iterate(drv[1], drv[2], bound)
        for v in sorted(loopset - set(bound)):
            iv = "i%d_%d" % (self.tag + 1, v)
            c.open("for (%s = 0; %s < %s; %s++)"
                   % (c.var(iv, c.ivtype), iv, self.ext(v), iv))
            bound[v] = iv
        self.tag += 1
        for n in sparse:
            if id(n) not in where:
                where[id(n)] = self.lookup(n[1], n[2], bound)
        if ops[0]["kind"] == "sparse" and outq is None:
            outq = self.lookup(0, case["out_idx"], bound)
        k = abs(coef) if self.mode == "abs" else coef
        terms = [repr(float(k))]
        terms += ["(double) %s" % self.ext(v) for v in phantom]
        terms += [self.factor(n, where, bound) for n in factors]
        c("%s += %s;" % (self.out_lvalue(bound, outq), " * ".join(terms)))
        c.close(c.depth - depth)

    def region(self):
        """Emit the statement the pragma describes: a block of loop nests,
        or the one loop nest alone."""
        c = self.code
        c.open("")
        count = 0
        if not self.case["accumulate"]:
            self.zero_output()
            count += 1
        for coef, factors, summed in fc.monomials(self.case):
            self.monomial(coef, factors, summed)
            count += 1
        c.close()
        if count == 1 and self.rng.random() < 0.5:
            del c.lines[0]
            del c.lines[-1]
            c.lines = [x[2:] for x in c.lines]


# ---------------------------------------------------------------------
# Declarations and signatures.


def struct_type(case, fi, n):
    f = case["formats"][fi]
    if f["builtin"]:
        return f["builtin"]
    return ("c%d_%s" % (n, f["tag"]) if f["typedef"]
            else "struct c%d_%s" % (n, f["tag"]))


def _struct_decl(case, fi, n, rng):
    """Return the C declaration of user format FI and its pragma."""
    f = case["formats"][fi]
    members = []
    nl = len(f["kinds"])
    if f["dims_array"]:
        members.append("%s dims[%d];" % (f["dtype"], nl + rng.randrange(2)))
    else:
        members += ["%s %s;" % (f["dtype"], d) for d in f["dims"]]
    # Input-only formats may hold const pointers.
    c = "const " if f.get("constptr") and not any(
        op["kind"] == "sparse" and op["format"] == fi
        for op in case["operands"][:1]) else ""
    if f["arrays"]:
        members.append("%s%s *pos[%d];" % (c, f["ptype"], nl))
        members.append("%s%s *crd[%d];" % (c, f["ctype"], nl))
        if "coo" in f["kinds"]:
            members.append("%s nnz;" % f["dtype"])
    else:
        for k, lv in zip(f["kinds"], f["levels"]):
            if k == "compressed":
                members.append("%s%s *%s;" % (c, f["ptype"], lv[0]))
            if k == "coo":
                members.append("%s %s;" % (f["dtype"], lv[0]))
            if k != "dense":
                members.append("%s%s *%s;" % (c, f["ctype"], lv[1]))
    members.append("%s%s *%s;" % (c, f["vtype"], f["vals"]))
    if rng.random() < 0.3:
        members.append("int unused_%d;" % rng.randrange(100))
    rng.shuffle(members)
    tag = "c%d_%s" % (n, f["tag"])
    body = " ".join(members)
    if f["typedef"]:
        decl = "typedef struct %s_s { %s } %s;" % (tag, body, tag)
    else:
        decl = "struct %s { %s };" % (tag, body)
    g = dict(f)
    g["tag"] = tag
    over = case.get("format_override", {}).get(str(fi))
    if over is not None:
        return decl, "#pragma tensor " + over.replace("c0_", "c%d_" % n)
    return decl, "#pragma tensor " + fc.format_text(g)



def params(case, n):
    """Return the parameter list of the case functions."""
    cls = fc.extent_classes(case)
    ps = ["long %s" % fc.ext_name(c) for c in sorted(set(cls))]
    for o, op in enumerate(case["operands"]):
        name = op["name"]
        if op["kind"] == "sparse":
            t = struct_type(case, op["format"], n)
            ps.append(("%s%s *%s" % ("const " if o else "", t, name))
                      if op["by_pointer"] else "%s %s" % (t, name))
        elif op["kind"] == "scalar":
            if o == 0:
                ps.append("double *%s_res" % name)
            elif op["where"] == "param":
                ps.append("%s %s" % (op["ctype"], name))
            elif op["where"] == "local":
                ps.append("%s %s_in" % (op["ctype"], name))
        elif op["decl"] != "global":
            ps.append(_dense_param(case, o, cls))
    return ", ".join(ps)


def _cdims(case, o, cls):
    """Return the C array extents of dense operand O, outermost first."""
    op = case["operands"][o]
    dims = fc.operand_dims(case, o)
    consts = fc.const_extents(case)
    ext = [str(consts[cls[v]]) if cls[v] in consts else fc.ext_name(cls[v])
           for v in dims]
    return ext[::-1] if op["colmajor"] else ext


def _dense_param(case, o, cls):
    op = case["operands"][o]
    name = op["name"]
    const = "const " if op["const"] else ""
    vt = op["vtype"]
    if op.get("spell") == "typedef":
        vt = "fz_" + vt
    ptr = "*restrict " if op.get("spell") == "restrict" else "*"
    cd = _cdims(case, o, cls)
    if op["decl"] == "flat" or op["order"] == 1 and op["decl"] == "vla":
        return "%s%s %s%s" % (const, vt, ptr, name)
    if op["decl"] == "vla":
        return "%s%s (%s%s)%s" % (const, vt, ptr, name,
                                  "".join("[%s]" % d for d in cd[1:]))
    if op["decl"] == "fixed":
        return "%s%s %s%s" % (const, vt, name, "".join("[%s]" % d
                                                       for d in cd))
    if op["decl"] == "local":
        return "%s%s *%s_io" % ("" if o == 0 else "const ", vt, name)
    return None


def _globals(case, n):
    """Return the file-scope declarations of global operands."""
    cls = fc.extent_classes(case)
    out = []
    for o, op in enumerate(case["operands"]):
        if op["kind"] == "dense" and op["decl"] == "global":
            out.append("static %s %s%s;" % (op["vtype"], op["name"], "".join(
                "[%s]" % d for d in _cdims(case, o, cls))))
        elif op["kind"] == "scalar" and o and op["where"] == "global":
            out.append("static %s %s;" % (op["ctype"], op["name"]))
    return out


def chained(case):
    """Return true when CASE is followed by a second annotated statement
    reading its output (docs/fusion.md, "Consecutive statements"): the
    output is a row-major local array of rank 1 or more, placed plainly
    (decided from drawn facts only, so that no draw of the generator
    moves)."""
    op = case["operands"][0]
    return (op["kind"] == "dense" and op["decl"] == "local"
            and not op["colmajor"] and op["order"] >= 1
            and case["style"].get("place", "plain") == "plain"
            and not case["style"].get("no_chain"))


def _chain_dims(case, cls):
    """Return the C extents of the chained output X (the output's,
    reversed for a matrix, which the second statement transposes)."""
    d = _cdims(case, 0, cls)
    return d[::-1] if len(d) == 2 else d


def _chain_region(case, cls, annot):
    """Return the lines of the second statement of a chained CASE: X
    (rank 2) the transpose of twice the output, (rank 1) its square,
    (rank 3 and more) half of it; with its pragma when ANNOT; and the
    offset of the pragma line among them."""
    name = case["operands"][0]["name"]
    dims = _cdims(case, 0, cls)
    q = ["q%d" % d for d in range(len(dims))]
    acc = "%s(%s)" % (name, ",".join(q))
    cacc = name + "".join("[%s]" % v for v in q)
    if len(q) == 2:
        out, cout = "X(q1,q0)", "X[q1][q0]"
        rhs, crhs = "2 * " + acc, "2 * " + cacc
    else:
        out, cout = "X(%s)" % ",".join(q), "X" + "".join("[%s]" % v
                                                        for v in q)
        if len(q) == 1:
            rhs, crhs = acc + " * " + acc, cacc + " * " + cacc
        else:
            rhs, crhs = "0.5 * " + acc, "0.5 * " + cacc
    lines = ["#pragma tensor %s = %s" % (out, rhs)] if annot else []
    for k, (v, d) in enumerate(zip(q, dims)):
        lines.append("  " * k + "for (long %s = 0; %s < %s; %s++)"
                     % (v, v, d, v))
    lines.append("  " * len(q) + "%s = %s;" % (cout, crhs))
    return lines


def _local_setup(case, cls):
    """Return the statements before and after the region that make local
    copies of "local" operands.  A chained output (chained) is not
    copied in when the statement overwrites it, and X goes out instead."""
    before, after = [], []
    chain = chained(case)
    for o, op in enumerate(case["operands"]):
        name = op["name"]
        if op["kind"] == "dense" and op["decl"] == "local":
            before.append("%s %s%s;" % (op["vtype"], name, "".join(
                "[%s]" % d for d in _cdims(case, o, cls))))
            if o == 0 and chain:
                before.append("%s X%s;" % (op["vtype"], "".join(
                    "[%s]" % d for d in _chain_dims(case, cls))))
                after.append("memcpy (%s_io, X, sizeof X);" % name)
                if not case["accumulate"]:
                    continue
            before.append("memcpy (%s, %s_io, sizeof %s);" % (name, name,
                                                              name))
            if o == 0 and not chain:
                after.append("memcpy (%s_io, %s, sizeof %s);" % (name, name,
                                                                 name))
        elif op["kind"] == "scalar" and o == 0:
            before.append("double %s = *%s_res;" % (name, name))
            after.append("*%s_res = %s;" % (name, name))
        elif op["kind"] == "scalar" and op["where"] == "local":
            before.append("%s %s = %s_in;" % (op["ctype"], name, name))
    return before, after


def _pragma_lines(text, style, rng):
    """Return the source lines of "#pragma tensor TEXT" in STYLE."""
    if style == "spaced":
        text = text.replace("(", "( ").replace(",", " , ").replace(")",
                                                                    " )")
        return ["#pragma  tensor   " + text + "   "]
    if style == "split":
        words = text.split(" ")
        k = rng.randrange(1, len(words)) if len(words) > 1 else 1
        return ["#pragma tensor " + " ".join(words[:k]) + " \\",
                "    " + " ".join(words[k:])]
    if style == "_Pragma":
        return ['_Pragma ("tensor %s")' % text]
    return ["#pragma tensor " + text]


def _indent(lines, k):
    return ["  " * k + x for x in lines]


def _placed(case, region, pragma):
    """Return the statement lines of the function around REGION (lines at
    depth 1) as the case's placement says, with PRAGMA (lines, maybe none)
    right before the annotated statement; and the offsets of the pragma
    lines among them."""
    place = case["style"].get("place", "plain")
    head, tail, depth = {
        "plain": ([], [], 0),
        "nested": (["  {", "    {"], ["    }", "  }"], 2),
        "if": ([], [], 0),
        "else": ([], [], 0),
        "do": ([], ["  while (0);"], 0),
        "stmtexpr": (["  (void) ({"], ["    0;", "  });"], 1),
        "twice": ([], [], 0),
    }[place]
    # A case without indices has no extent to test (s102, case 1031).
    ext = "ext0" if case["nidx"] else "0"
    stmt = {"if": ["  if (%s >= 0)" % ext] + _indent(region, 1),
            "else": ["  if (%s < 0)" % ext, "    ;", "  else"]
            + _indent(region, 1),
            "do": ["  do"] + _indent(region, 1)}.get(place, region)
    stmt = _indent(stmt, depth)
    pragma = _indent(pragma, depth)
    out = list(head)
    ranges = []
    for _ in range(2 if place == "twice" else 1):
        ranges.append((len(out), len(out) + len(pragma)))
        out += pragma + stmt
    return out + tail, ranges


def function(case, n, mode, rng):
    """Return the lines of function c<N>_<MODE> and the ranges (offsets
    within them) of its pragma lines."""
    body = Body(case, n, mode)
    body.region()
    code = body.code
    cls = body.cls
    before, after = _local_setup(case, cls)
    lines = ["static long", "c%d_%s (%s)" % (n, mode, params(case, n)), "{"]
    if code.legacy:
        for name, ty in code.decls:
            lines.append("  %s %s = 0;" % (ty, name))
    lines += ["  " + x for x in before]
    pragma = []
    if mode == "annot":
        pragma = _pragma_lines(fc.pragma_text(case), case["style"]["pragma"],
                               rng)
    stmts, ranges = _placed(case, code.lines, pragma)
    ranges = [(len(lines) + a, len(lines) + b) for a, b in ranges if b > a]
    lines += stmts
    if chained(case):
        if mode == "annot":
            ranges.append((len(lines), len(lines) + 1))
        lines += ["  " + x for x in _chain_region(case, cls, mode == "annot")]
    lines += ["  " + x for x in after]
    live = [d for d, _ in code.decls if d.startswith("i")]
    if case["style"]["live_after"] and code.legacy and live:
        lines.append("  return (long) %s;" % live[-1])
    else:
        lines.append("  return 0;")
    lines.append("}")
    return lines, ranges


# ---------------------------------------------------------------------
# The harness of one case.

def floaty(case):
    """Return true when any value of CASE is a float."""
    for op in case["operands"]:
        if op.get("vtype") == "float" or op.get("ctype") == "float":
            return True
        if op["kind"] == "sparse" \
                and case["formats"][op["format"]]["vtype"] == "float":
            return True
    return False


class Harness:
    """The lines of c<N>_data (int data)."""

    def __init__(self, case, n):
        self.case = case
        self.n = n
        self.cls = fc.extent_classes(case)
        self.lines = []
        self.calls = {}		# variant -> argument list
        self.before = {"r": [], "g": [], "r2": [], "a": []}
        self.after = {"r": [], "g": [], "r2": [], "a": []}
        self.opargs = {}

    def __call__(self, text):
        self.lines.append("  " + text)

    def ext_of(self, o):
        return [fc.ext_name(self.cls[v]) for v in fc.operand_dims(self.case,
                                                                  o)]

    def sparse(self, o, var, data="data"):
        """Build sparse operand O into struct variable VAR; return the
        expression of its number of values."""
        case = self.case
        op = case["operands"][o]
        f = case["formats"][op["format"]]
        nl = len(f["kinds"])
        kinds = ", ".join("FZ_" + k.upper() for k in f["kinds"])
        modes = ", ".join(str(m) for m in f["modes"])
        fl = int(f["vtype"] == "float")
        self("%s %s;" % (struct_type(case, op["format"], self.n), var))
        self("fz_tensor t_%s;" % var)
        self("fz_levels l_%s;" % var)
        self("{")
        self("  long d[] = { %s };" % ", ".join(self.ext_of(o)))
        self("  static const int k[] = { %s }, m[] = { %s };" % (kinds,
                                                                 modes))
        self("  fz_tensor_random (&t_%s, %d, d, %s, lim, %d);" % (var, nl,
                                                                  data, fl))
        self("  fz_levels_build (&l_%s, &t_%s, %d, k, m);" % (var, var, nl))
        self("}")
        self("memset (&%s, 0, sizeof %s);" % (var, var))
        for m, field in enumerate(f["dims"]):
            self("%s.%s = %s;" % (var, field, self.ext_of(o)[m]))
        b = f["base"]
        for l, (k, lv) in enumerate(zip(f["kinds"], f["levels"])):
            if k == "compressed":
                self("FZ_COPY_T (%s, %s.%s, l_%s.pos[%d], %s + 1, %d);" % (
                    f["ptype"], var, lv[0], var, l, "l_%s.size[%d]" % (
                        var, l - 1) if l else "1", b))
            if k == "coo":
                self("%s.%s = l_%s.size[%d];" % (var, lv[0], var, l))
            if k != "dense":
                self("FZ_COPY_T (%s, %s.%s, l_%s.crd[%d], l_%s.size[%d], "
                     "%d);" % (f["ctype"], var, lv[1], var, l, var, l, b))
        self("FZ_COPY_T (%s, %s.%s, l_%s.vals, l_%s.nvals, 0);" % (
            f["vtype"], var, f["vals"], var, var))
        if f["builtin"] and f["builtin"].startswith(("sf_coo", "sf_csf")):
            self("%s.order = %d;" % (var, nl))
            if f["builtin"].startswith("sf_csf"):
                self("%s.nnz = l_%s.nvals;" % (var, var))
                for l, m in enumerate(f["modes"]):
                    self("%s.mode_order[%d] = %d;" % (var, l, m))
        return "l_%s.nvals" % var

    def dense_size(self, o):
        return " * ".join(["1"] + self.ext_of(o))

    def inputs(self):
        case = self.case
        for o, op in enumerate(case["operands"]):
            if o == 0:
                continue
            name = op["name"]
            var = "o%d" % o
            if op["kind"] == "sparse":
                self.sparse(o, var)
                self.add_arg(o, "&" + var if op["by_pointer"] else var)
            elif op["kind"] == "scalar":
                ct = op["ctype"]
                if ct in ("int", "long"):
                    self("%s %s = (%s) (fz_below (7) - 3);" % (ct, var, ct))
                else:
                    self("%s %s = (%s) fz_value (FZ_DATA_RANDOM, 0);"
                         % (ct, var, ct))
                if op["where"] == "global":
                    self.add_before("%s = %s;" % (name, var))
                else:
                    self.add_arg(o, var)
            else:
                vt = op["vtype"]
                size = self.dense_size(o)
                self("%s *%s = (%s *) fz_track (malloc ((%s + 1) * sizeof "
                     "(%s)));" % (vt, var, vt, size, vt))
                self("for (long t = 0; t < %s; t++)" % size)
                self("  %s[t] = (%s) fz_value (data, lim);" % (var, vt))
                if op["decl"] == "global":
                    self.add_before("memcpy (%s, %s, sizeof %s);"
                                    % (name, var, name))
                else:
                    self.add_arg(o, "(void *) " + var)

    def add_arg(self, o, text, per_variant=None):
        """Pass TEXT (or PER_VARIANT[variant]) for operand O."""
        self.opargs[o] = {v: per_variant[v] if per_variant else text
                          for v in self.before}

    def add_before(self, text, per_variant=None):
        for v in self.before:
            self.before[v].append(per_variant[v] if per_variant else text)

    def output(self):
        """Build the four outputs (reference, generated, rerun, bound);
        return (type, count expression, value expressions per variant)."""
        case = self.case
        op = case["operands"][0]
        name = op["name"]
        init = "fz_value (data, lim)"
        variants = ["r", "g", "r2", "a"]
        if op["kind"] == "scalar":
            self("double init = %s;" % init)
            for v in variants:
                self("double out_%s = %s;" % (v, "fabs (init)" if v == "a"
                                              else "init"))
            self.add_arg(0, None, {v: "&out_" + v for v in variants})
            return "double", "1", {v: "&out_" + v for v in variants}
        if op["kind"] == "sparse":
            f = case["formats"][op["format"]]
            vt = f["vtype"]
            src = fc.share_source(case)
            if src is not None:
                self("%s s_out = o%d;" % (struct_type(case, op["format"],
                                                      self.n), src))
                count = "l_o%d.nvals" % src
            else:
                count = self.sparse(0, "s_out", "FZ_DATA_RANDOM")
            self("long nout = %s;" % count)
            for v in variants:
                self("%s s_%s = s_out;" % (struct_type(case, op["format"],
                                                       self.n), v))
                self("FZ_ALLOC (s_%s.%s, nout);" % (v, f["vals"]))
            arrays = {v: "s_%s.%s" % (v, f["vals"]) for v in variants}
            self.add_arg(0, None, {v: ("&s_" + v) if op["by_pointer"]
                                else "s_" + v for v in variants})
        else:
            vt = op["vtype"]
            self("long nout = %s;" % self.dense_size(0))
            for v in variants:
                self("%s *out_%s;" % (vt, v))
                self("FZ_ALLOC (out_%s, nout);" % v)
            arrays = {v: "out_" + v for v in variants}
            if op["decl"] == "global":
                for v in variants:
                    self.before[v].append("memcpy (%s, out_%s, sizeof %s);"
                                          % (name, v, name))
                    self.after[v].append("memcpy (out_%s, %s, sizeof %s);"
                                         % (v, name, name))
            else:
                self.add_arg(0, None, {v: "(void *) out_" + v
                                    for v in variants})
        self("for (long t = 0; t < nout; t++)")
        self("  {")
        self("    double x = %s;" % init)
        for v in variants:
            self("    %s[t] = %s;" % (arrays[v], "fabs (x)" if v == "a"
                                      else "x"))
        self("  }")
        return vt, "nout", arrays

    def emit(self):
        case = self.case
        n = self.n
        ncls = len(set(self.cls))
        consts = fc.const_extents(case)
        fixed = [str(consts.get(c, 0)) for c in range(ncls)]
        self.lines.append("static void")
        self.lines.append("c%d_data (int data)" % n)
        self.lines.append("{")
        self("long ext[%d];" % (ncls + 1))
        self("static const long fixed[%d] = { %s };" % (
            ncls + 1, ", ".join(fixed + ["0"])))
        self("fz_seed (%dULL * 131 + data);" % case["seed"])
        self("fz_extents (ext, %d, fixed, data);" % ncls)
        for c in range(ncls):
            self("long %s = ext[%d];" % (fc.ext_name(c), c))
        self("int lim = %d;" % (16 if floaty(case) else 100))
        self("double tol = %s;" % ("1e-3" if floaty(case) else "1e-9"))
        self.inputs()
        ty, count, arrays = self.output()
        for v in self.before:
            self.calls[v] = [fc.ext_name(c) for c in range(ncls)] + [
                self.opargs[o][v] for o in sorted(self.opargs)]
        for v, fn in (("r", "ref"), ("g", "annot"), ("r2", "ref"),
                      ("a", "abs")):
            for x in self.before[v]:
                self(x)
            self("c%d_%s (%s);" % (n, fn, ", ".join(self.calls[v])))
            for x in self.after[v]:
                self(x)
        name = case["operands"][0]["name"]
        self("{")
        self("  double *w[4];")
        self("  for (int k = 0; k < 4; k++)")
        self("    w[k] = (double *) malloc ((%s + 1) * sizeof (double));"
             % count)
        self("  for (long t = 0; t < %s; t++)" % count)
        self("    {")
        for k, v in enumerate(["r", "g", "r2", "a"]):
            a = arrays[v]
            elem = a[1:] if a.startswith("&") else "%s[t]" % a
            self("      w[%d][t] = %s;" % (k, elem))
        self("    }")
        self('  fz_compare (%d, data, "%s", w[1], w[0], w[3], %s, tol);'
             % (n, name, count))
        self('  fz_same (%d, data, "the reference run again after the '
             'annotated function", w[0], w[2], %s);' % (n, count))
        if not arrays["g"].startswith("&"):
            self('  FZ_CANARY_CHECK (%d, data, "%s", %s, %s);'
                 % (n, name, arrays["g"], count))
        self("  for (int k = 0; k < 4; k++)")
        self("    free (w[k]);")
        self("}")
        self.lines.append("}")
        return self.lines


def case_parts(case, n):
    """Return the pieces of case N (already localized): "types" (struct
    declarations), "formats" (their pragmas), "globals" (file-scope
    operands, without storage class), "annot" (lines, pragma range),
    "ref", "abs" and "data" (lines)."""
    rng = random.Random(case["seed"] ^ 0x77)
    parts = {"types": [], "formats": []}
    for fi, f in enumerate(case["formats"]):
        used = any(op["kind"] == "sparse" and op["format"] == fi
                   for op in case["operands"])
        if used and not f["builtin"]:
            decl, pragma = _struct_decl(case, fi, n, rng)
            parts["types"].append(decl)
            parts["formats"].append(pragma)
    parts["globals"] = [x[len("static "):] for x in _globals(case, n)]
    for mode in ("annot", "ref", "abs"):
        parts[mode] = function(case, n, mode, rng)
    parts["data"] = Harness(case, n).emit()
    return parts


def localize(case, n):
    """Return a copy of CASE whose file-scope names are unique to case N."""
    case = fc.clone(case)
    for o, op in enumerate(case["operands"]):
        if (op["kind"] == "dense" and op["decl"] == "global") \
                or (op["kind"] == "scalar" and o and op["where"] == "global"):
            op["name"] = "%s_g%d" % (op["name"], n)
    return case


HEADER = """/* Generated by tools/fuzz: annotated loops and their unannotated
   copies, compared on random data.  */
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "sparsefuse.h"
#include "fuzz-rt.h"
typedef double fz_double;
typedef float fz_float;
"""


def _case_header(case, n):
    return "/* ---- case %d: %s */" % (n, fc.pragma_text(case)
                                      .replace("*/", "* /"))


def emit_batch(cases, first=0, annot_header=HEADER, numbers=None):
    """Return (annotated file, main file, {case number: pragma line numbers
    in the annotated file}) for CASES numbered from FIRST.  The annotated
    file holds the format declarations and the annotated functions, the
    only code the plugin changes; the main file the references, the
    harness and main, compiled once."""
    annot = annot_header.rstrip("\n").split("\n") + [""]
    main = HEADER.rstrip("\n").split("\n") + [""]
    where = {}
    numbers = numbers or [first + k for k in range(len(cases))]
    for case, n in zip(cases, numbers):
        case = localize(case, n)
        p = case_parts(case, n)
        mine = set()
        annot.append(_case_header(case, n))
        main.append(_case_header(case, n))
        annot += p["types"]
        main += p["types"]
        for x in p["formats"]:
            annot.append(x)
            mine.add(len(annot))
        annot += ["extern " + x for x in p["globals"]]
        main += p["globals"]
        lines, ranges = p["annot"]
        lines = lines[1:]			# without "static"
        base = len(annot) + 1
        annot.append("long")
        for a, b in ranges:
            mine.update(range(base + a, base + b))
        annot += lines + [""]
        main.append("long %s;" % lines[0])
        for mode in ("ref", "abs"):
            main += p[mode][0] + [""]
        main += p["data"] + [""]
        where[n] = mine
    main += _main_lines(numbers)
    return "\n".join(annot) + "\n", "\n".join(main) + "\n", where


def _main_lines(numbers):
    lines = ["int", "main (int argc, char **argv)", "{"]
    for n in numbers:
        lines.append("  if (fz_selected (argc, argv, %d))" % n)
        lines.append("    fz_run (%d, c%d_data);" % (n, n))
    lines += ['  printf ("fz: done\\n");', "  return 0;", "}"]
    return lines


def emit_single(case, n=0, header=HEADER):
    """Return one self-contained program for CASE (a regression test) and
    the line numbers of its pragmas."""
    case = localize(case, n)
    p = case_parts(case, n)
    lines = header.rstrip("\n").split("\n") + [""]
    mine = set()
    lines += p["types"]
    for x in p["formats"]:
        lines.append(x)
        mine.add(len(lines))
    lines += ["static " + x for x in p["globals"]]
    body, ranges = p["annot"]
    base = len(lines) + 1
    for a, b in ranges:
        mine.update(range(base + a, base + b))
    lines += body + [""]
    for mode in ("ref", "abs"):
        lines += p[mode][0] + [""]
    lines += p["data"] + [""]
    lines += _main_lines([n])
    return "\n".join(lines) + "\n", mine
