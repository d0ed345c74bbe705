"""An independent reading of the #pragma tensor grammar (SPEC 1.1, 1.2),
used to judge mutated pragmas: parse (text) returns the syntax tree or
raises Reject with the reason.

    parse ("y(i) = 2 * B(i,j) * x(j) schedule(naive)")
      -> ("comp", ("y", ("i",)), False,
          ("mul", ("mul", ("num", 2.0), ("acc", "B", ("i", "j"))),
           ("acc", "x", ("j",))), {...clauses...})
    parse ("format struct csr dims(n, m) levels(dense, compressed(p, c))
            values(v)")
      -> ("format", "struct csr", (("n", -1), ("m", -1)),
          (("dense", None, None), ("compressed", ("p", -1), ("c", -1))),
          ("v", -1), (0, 1), 0)

It checks what the grammar and the parser's own rules say (names used as
both index and operand, clause arguments, limits), not what needs the
C declarations (ranks, fields, types)."""

import math
import re
import struct

PUNCTS = ["->", "+=", "<=", ">=", "==", "(", ")", "[", "]", ",", ":", ".",
          "=", "+", "-", "*", "/", "<", ">"]
OTHERS = ["<<=", ">>=", "...", "&&", "||", "!=", "<<", ">>", "++", "--",
          "-=", "*=", "/=", "%=", "&=", "|=", "^=", "##"]
MAX_ORDER, MAX_INDICES, MAX_OPERANDS = 8, 16, 32
SCHEDULES = ("auto", "naive", "unfused")
CLAUSES = ("shape", "colmajor", "schedule", "assume", "memory", "serial",
           "threads", "check", "relayout")


class Reject(Exception):
    pass


def lex(text):
    """Return the tokens of TEXT as (kind, text) with kind in "id",
    "num", "p" (punctuator), "o" (other)."""
    toks, i = [], 0
    while i < len(text):
        c = text[i]
        if c.isspace():
            i += 1
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            i = len(text) if j < 0 else j + 2
        elif text.startswith("//", i):
            break
        elif c.isalpha() or c == "_":
            m = re.match(r"[A-Za-z_][A-Za-z0-9_]*", text[i:])
            toks.append(("id", m.group()))
            i += m.end()
        elif c.isdigit() or (c == "." and text[i + 1:i + 2].isdigit()):
            j = i + 1
            while j < len(text):
                if text[j] in "+-" and text[j - 1] in "eEpP":
                    j += 1
                elif text[j].isalnum() or text[j] in "_.":
                    j += 1
                else:
                    break
            toks.append(("num", text[i:j]))
            i = j
        elif c in "\"'":
            j = i + 1
            while j < len(text) and text[j] != c:
                j += 2 if text[j] == "\\" else 1
            toks.append(("o", text[i:j + 1]))
            i = j + 1
        else:
            p = max([x for x in PUNCTS if text.startswith(x, i)] + [""],
                    key=len)
            o = max([x for x in OTHERS if text.startswith(x, i)] + [""],
                    key=len)
            if len(p) > len(o):
                toks.append(("p", p))
                i += len(p)
            elif o:
                toks.append(("o", o))
                i += len(o)
            else:
                toks.append(("o", c))
                i += 1
    return toks


_DEC = re.compile(r"(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?")
_HEX = re.compile(r"0[xX]([0-9a-fA-F]+\.?[0-9a-fA-F]*|\.[0-9a-fA-F]+)"
                  r"([pP][+-]?\d+)?")


def _too_large(s):
    """Return true when S is an integer constant (decimal, octal or hex,
    suffixes uUlL) too large for every integer type: GCC warns and wraps
    it, and the plugin refuses it."""
    digits = s.rstrip("uUlL")
    if re.fullmatch(r"0[xX][0-9a-fA-F]+", digits):
        return int(digits, 16) >= 1 << 64
    if re.fullmatch(r"0[0-7]*|[1-9][0-9]*", digits):
        return len(digits) > 30 or int(digits, 8 if digits[0] == "0"
                                       else 10) >= 1 << 64
    return False


def number_value(s):
    """Return the value of number S as C reads it: a float suffix rounds
    to float; raise Reject for an integer constant too large for every
    integer type and for what is not a C number followed by suffix letters
    only."""
    if _too_large(s):
        raise Reject("integer constant %r too large for any integer type"
                     % s[:40])
    if re.fullmatch(r"0[0-7]+[uUlL]*", s):
        return float(int(s.rstrip("uUlL"), 8))
    m = _HEX.match(s)
    if m:
        mant, exp = m.group(1), m.group(2)
        v = float.fromhex("0x" + mant + (exp or "p0"))
    else:
        m = _DEC.match(s)
        if not m:
            raise Reject("invalid number %r" % s)
        try:
            v = float(m.group())
        except ValueError:
            raise Reject("invalid number %r" % s)
    suffix = s[m.end():]
    if suffix.strip("fFlLuU"):
        raise Reject("invalid number %r" % s)
    if "f" in suffix.lower() and not s.lower().startswith("0x") \
            and math.isfinite(v):
        v = struct.unpack("f", struct.pack("f", v))[0] \
            if abs(v) < 3.4e38 else math.copysign(math.inf, v)
    return v


def integer_value(s):
    """Return the value strtoll (base 0) gives S, suffixes uUlL only."""
    m = re.match(r"0[xX][0-9a-fA-F]+|0[0-7]*|[1-9][0-9]*", s)
    if not m or s[m.end():].strip("uUlL"):
        raise Reject("invalid integer %r" % s)
    if _too_large(s):
        raise Reject("integer constant %r too large for any integer type"
                     % s[:40])
    t = m.group()
    if len(t) > 40:
        return (1 << 63) - 1
    v = int(t, 16) if t[:2].lower() == "0x" else int(t, 8) if t != "0" \
        and t.startswith("0") else int(t)
    return min(v, (1 << 63) - 1)


class Parser:
    def __init__(self, text):
        self.toks = lex(text) + [("eof", "")]
        self.k = 0
        self.ops, self.idx = [], []

    def peek(self, n=0):
        return self.toks[min(self.k + n, len(self.toks) - 1)]

    def is_(self, text, n=0):
        t = self.peek(n)
        return t[0] in ("p", "id") and t[1] == text

    def accept(self, text):
        if self.is_(text):
            self.k += 1
            return True
        return False

    def expect(self, text):
        if not self.accept(text):
            raise Reject("expected %r, got %r" % (text, self.peek()[1]))

    def ident(self):
        t = self.peek()
        if t[0] != "id":
            raise Reject("expected a name, got %r" % t[1])
        self.k += 1
        return t[1]

    def integer(self):
        t = self.peek()
        if t[0] != "num":
            raise Reject("expected an integer, got %r" % t[1])
        self.k += 1
        return integer_value(t[1])

    # ---- computations ----

    def operand(self, name):
        if name in self.idx:
            raise Reject("%r is an index and an operand" % name)
        if name not in self.ops:
            if len(self.ops) == MAX_OPERANDS:
                raise Reject("too many operands")
            self.ops.append(name)

    def index(self, name):
        if name in self.ops:
            raise Reject("%r is an operand and an index" % name)
        if name not in self.idx:
            if len(self.idx) == MAX_INDICES:
                raise Reject("too many indices")
            self.idx.append(name)

    def access(self):
        name = self.ident()
        self.operand(name)
        idx = []
        if self.accept("("):
            while True:
                v = self.ident()
                if len(idx) == MAX_ORDER:
                    raise Reject("too many indices in an access")
                self.index(v)
                idx.append(v)
                if not self.accept(","):
                    break
            self.expect(")")
        elif self.is_("["):
            raise Reject("[ after an operand")
        return ("acc", name, tuple(idx))

    def factor(self):
        t = self.peek()
        if t[0] == "num":
            self.k += 1
            return ("num", number_value(t[1]))
        if t[0] == "id":
            return self.access()
        if self.accept("("):
            e = self.expr()
            self.expect(")")
            return e
        if self.accept("-"):
            return ("neg", self.factor())
        raise Reject("expected a factor, got %r" % t[1])

    def term(self):
        e = self.factor()
        while True:
            if self.is_("/"):
                raise Reject("division")
            if not self.accept("*"):
                return e
            e = ("mul", e, self.factor())

    def expr(self):
        e = self.term()
        while True:
            if self.accept("+"):
                e = ("add", e, self.term())
            elif self.accept("-"):
                e = ("sub", e, self.term())
            else:
                return e

    def cprimary(self, assume):
        t = self.peek()
        if t[0] == "num":
            return ("int", self.integer())
        if t[1] in ("nnz", "dim") and t[0] == "id" and self.is_("(", 1):
            if not assume:
                raise Reject("nnz/dim outside assume")
            self.k += 1
            self.expect("(")
            name = self.ident()
            d = None
            if t[1] == "dim":
                self.expect(",")
                d = self.integer()
            self.expect(")")
            return (t[1], name, d)
        if t[0] == "id":
            self.k += 1
            if self.is_("("):
                raise Reject("call in a clause expression")
            return ("name", t[1])
        if self.accept("("):
            e = self.cexpr(assume)
            self.expect(")")
            return e
        raise Reject("expected a clause expression, got %r" % t[1])

    def cunary(self, assume):
        if self.accept("-"):
            return ("neg", self.cunary(assume))
        e = self.cprimary(assume)
        while self.is_(".") or self.is_("->"):
            op = self.peek()[1]
            self.k += 1
            e = (op, e, self.ident())
        return e

    def cterm(self, assume):
        e = self.cunary(assume)
        while True:
            if self.is_("/") and assume:
                raise Reject("division in assume")
            if self.accept("*"):
                e = ("*", e, self.cunary(assume))
            elif self.accept("/"):
                e = ("/", e, self.cunary(assume))
            else:
                return e

    def cexpr(self, assume=False):
        e = self.cterm(assume)
        while True:
            if self.accept("+"):
                e = ("+", e, self.cterm(assume))
            elif self.accept("-"):
                e = ("-", e, self.cterm(assume))
            else:
                return e

    def clause_operand(self, clause):
        name = self.ident()
        if name not in self.ops:
            raise Reject("%r in %s() is not an operand" % (name, clause))
        return name

    def clause(self, cl):
        t = self.peek()
        if t[0] != "id" or t[1] not in CLAUSES:
            raise Reject("unexpected %r after the expression" % t[1])
        self.k += 1
        word = t[1]
        if word in ("serial", "check"):
            if self.is_("("):
                raise Reject("%s takes no arguments" % word)
            cl[word] = True
            return
        self.expect("(")
        if word == "shape":
            while True:
                name = self.clause_operand("shape")
                if name in cl.setdefault("shape", {}):
                    raise Reject("shape given twice")
                self.expect(":")
                ext = [self.cexpr()]
                while self.is_(",") and not (self.peek(1)[0] == "id"
                                             and self.is_(":", 2)):
                    self.k += 1
                    if len(ext) == MAX_ORDER:
                        raise Reject("too many extents")
                    ext.append(self.cexpr())
                cl["shape"][name] = tuple(ext)
                if not self.accept(","):
                    break
        elif word in ("colmajor", "relayout"):
            while True:
                cl.setdefault(word, set()).add(self.clause_operand(word))
                if not self.accept(","):
                    break
        elif word == "schedule":
            s = self.ident()
            if s not in SCHEDULES:
                raise Reject("unknown schedule")
            if cl.get("schedule", s) != s:
                raise Reject("conflicting schedules")
            cl["schedule"] = s
        elif word == "assume":
            while True:
                a = self.cexpr(True)
                for op in ("<=", ">=", "==", "<", ">"):
                    if self.accept(op):
                        break
                else:
                    raise Reject("expected a comparison")
                cl.setdefault("assume", []).append((a, op,
                                                    self.cexpr(True)))
                if not self.accept(","):
                    break
        else:
            e = self.cexpr()
            if cl.get(word, e) != e:
                raise Reject("conflicting %s clauses" % word)
            cl[word] = e
        self.expect(")")

    def comp(self):
        if self.peek()[0] != "id":
            raise Reject("expected an output")
        out = self.access()
        if self.accept("+="):
            acc = True
        elif self.accept("="):
            acc = False
        else:
            raise Reject("expected = or +=")
        rhs = self.expr()
        cl = {}
        while self.peek()[0] != "eof":
            self.clause(cl)
        return ("comp", out[1:], acc, rhs, cl)

    # ---- formats ----

    def field(self):
        name = self.ident()
        sub = -1
        if self.accept("["):
            sub = self.integer()
            if sub < 0 or sub > 1000000:
                raise Reject("subscript out of range")
            self.expect("]")
        return (name, sub)

    def level(self):
        kind = self.ident()
        if kind == "dense":
            if self.is_("("):
                raise Reject("dense takes no fields")
            return ("dense", None, None)
        if kind not in ("compressed", "singleton", "coo"):
            raise Reject("unknown level kind %r" % kind)
        self.expect("(")
        pos = None
        if kind != "singleton":
            pos = self.field()
            self.expect(",")
        crd = self.field()
        self.expect(")")
        return (kind, pos, crd)

    def items(self, each):
        out = []
        self.expect("(")
        while True:
            if len(out) == MAX_ORDER:
                raise Reject("too many items")
            out.append(each())
            if not self.accept(","):
                break
        self.expect(")")
        return tuple(out)

    def format(self):
        self.k += 1
        if self.accept("struct"):
            typ = "struct " + self.ident()
        else:
            typ = self.ident()
        seen = {}
        while self.peek()[0] != "eof":
            word = self.ident()
            if word in seen:
                raise Reject("duplicate clause %r" % word)
            if word == "dims":
                seen[word] = self.items(self.field)
            elif word == "levels":
                seen[word] = self.items(self.level)
            elif word == "modes":
                seen[word] = self.items(self._mode)
            elif word == "values":
                self.expect("(")
                seen[word] = self.field()
                self.expect(")")
            elif word == "base":
                self.expect("(")
                b = self.integer()
                if b > 1000:
                    raise Reject("base out of range")
                seen[word] = b
                self.expect(")")
            else:
                raise Reject("unknown format clause %r" % word)
        for c in ("dims", "levels", "values"):
            if c not in seen:
                raise Reject("no %s clause" % c)
        modes = seen.get("modes", tuple(range(len(seen["levels"]))))
        return ("format", typ, seen["dims"], seen["levels"], seen["values"],
                modes, seen.get("base", 0))

    def _mode(self):
        v = self.integer()
        if v >= MAX_ORDER:
            raise Reject("mode out of range")
        return v


def parse(text):
    """Return the syntax tree of pragma TEXT (after "tensor"); raise
    Reject when the grammar refuses it."""
    p = Parser(text)
    t0, t1 = p.peek(), p.peek(1)
    if t0 == ("id", "format") and not (t1[0] == "p"
                                       and t1[1] in ("(", "=", "+=")):
        return p.format()
    return p.comp()


def same_tree(a, b):
    """Return true when trees A and B are equal, a number None (an integer
    constant too large, whose value GCC chooses) matching any number and
    numbers compared as doubles (NaN equal to NaN)."""
    if isinstance(a, tuple) and isinstance(b, tuple):
        if len(a) == 2 and a[0] == "num" and b[:1] == ("num",):
            x, y = a[1], b[1]
            return x is None or y is None or x == y or (x != x and y != y)
        return len(a) == len(b) and all(same_tree(x, y)
                                        for x, y in zip(a, b))
    return a == b


