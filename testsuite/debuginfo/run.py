#!/usr/bin/env python3
"""The debug information of functions whose loops the plugin replaced.

  testsuite/debuginfo/run.py BUILD [PROGRAM.c...]

Each program of testsuite/debuginfo/ (default: all) has one function
whose region the plugin replaces: its '#pragma tensor' line, the last
line of the annotated statement marked "region end", and after it a
printf marked "after" that prints the function's arguments and
top-level locals as "after: NAME = VALUE"; main prints the arguments it
passes as "entry: NAME = VALUE".  For -O0 -g, -O2 -g and -O2 -flto -g,
compiled with BUILD/sfcc (the plugin, -fopenmp) and run at 2 threads:

  gdb      breaks at the function's entry and at the "after" line, prints
           'info args' and 'info locals' (-batch); every argument equals
           what the caller passed, at the "after" line every argument and
           local equals what the program prints; at -O2 "<optimized out>"
           is accepted, a wrong value never; the locals gdb lists are the
           function's own (no generated variable); the program, which
           checks its result, exits normally;
  dwarf    objdump --dwarf=info: no artificial variable named like one of
           the program's identifiers, no variable of a function named
           like one of its parameters;
  lines    the pass's dump with line numbers: every statement it
           generates has a location, the source's lines or the region's
           (-fdump-tree-gimple-lineno holds the source's); and the line
           table (objdump --dwarf=decodedline): every line of the source
           it names is one the plugin-less compile names or one of the
           region's, and the pragma's line is among them.

Prints PASS:/FAIL: lines; exits 0 (failures are the lines).  """

import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
OPTS = ("-O0", "-O2", "-O2 -flto")


def run(cmd, **kw):
    """Return (status, output with stderr) of CMD; status 124 when it
    runs longer than 300 seconds."""
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, universal_newlines=True,
                           timeout=300, **kw)
    except subprocess.TimeoutExpired as e:
        return 124, "timeout: %s\n%s" % (" ".join(cmd), e.stdout or "")
    return p.returncode, p.stdout


def marks(src):
    """Return (pragma line, region end line, after line, function name)
    of program SRC."""
    pragma = end = after = None
    lines = open(src).read().split("\n")
    for n, text in enumerate(lines, 1):
        if text.startswith("#pragma tensor") and " format " not in text:
            pragma = n
        elif "/* region end */" in text:
            end = n
        elif "/* after */" in text:
            after = n
    # The function is the one defined after the noinline attribute.
    fn = None
    for n, text in enumerate(lines):
        if "noinline" in text:
            fn = re.match(r"\w+", lines[n + 1]).group(0)
    return pragma, end, after, fn


def program_values(out, tag):
    """Return {name: value} of the lines "TAG: NAME = VALUE" of OUT."""
    vals = {}
    for line in out.split("\n"):
        m = re.match(tag + r": (\w+) = (.*)$", line)
        if m:
            vals[m.group(1)] = m.group(2)
    return vals


def gdb_stops(out):
    """Return the stops of gdb's output OUT: a list of {'args': {...},
    'locals': {...}}, one per breakpoint hit, in order."""
    stops, cur, part = [], None, None
    for line in out.split("\n"):
        if line.startswith("@@stop"):
            cur = {"args": {}, "locals": {}}
            stops.append(cur)
        elif line.startswith("@@args"):
            part = "args"
        elif line.startswith("@@locals"):
            part = "locals"
        elif cur is not None and part:
            m = re.match(r"(\w+) = (.*)$", line)
            if m:
                cur[part][m.group(1)] = m.group(2)
    return stops


def same_value(gdb, prog):
    """Return true when gdb's value GDB shows the program's PROG: equal,
    or a pointer gdb prints with its type or pointee ("(T *) 0x..",
    "0x.. <sym>")."""
    gdb = re.sub(r"^\([^)]*\)\s*", "", gdb)
    return gdb == prog or gdb.split(" ")[0] == prog


def check_values(name, where, gdb, prog, opt, report):
    """Compare the values GDB printed at WHERE with PROG; REPORT(ok,
    text) records the result.  Return the number compared."""
    compared = 0
    for var, value in sorted(prog.items()):
        got = gdb.get(var)
        if got is None:
            report(False, "%s %s: gdb shows no '%s'" % (name, where, var))
        elif got == "<optimized out>":
            if opt.startswith("-O0"):
                report(False, "%s %s: '%s' optimized out at -O0"
                       % (name, where, var))
        elif not same_value(got, value):
            report(False, "%s %s: gdb shows %s = %s, the program has %s"
                   % (name, where, var, got, value))
        else:
            compared += 1
    return compared


def gdb_check(src, exe, outfile, opt, fn, after, report):
    """Run EXE under gdb with breakpoints at FN's entry and at line AFTER
    of SRC; check the arguments and locals there."""
    base = os.path.basename(src)
    name = "debuginfo/%s %s" % (base, opt)
    cmds = ["set pagination off", "set print thread-events off",
            "set width 0", "break %s" % fn, "break %s:%d" % (base, after),
            "run > %s" % outfile]
    for _ in range(2):
        cmds += ["echo @@stop\\n", "echo @@args\\n", "info args",
                 "echo @@locals\\n", "info locals", "continue"]
    argv = ["gdb", "-nx", "-batch"]
    for c in cmds:
        argv += ["-ex", c]
    status, out = run(argv + [exe], env=dict(os.environ, OMP_NUM_THREADS="2"))
    stops = gdb_stops(out)
    prog = open(outfile).read() if os.path.exists(outfile) else ""
    entry, after_vals = program_values(prog, "entry"), program_values(prog, "after")
    if len(stops) != 2 or not entry or not after_vals:
        report(False, "%s: gdb stopped %d times (2 expected), the program "
               "printed %d entry and %d after values:\n%s"
               % (name, len(stops), len(entry), len(after_vals), out[-2000:]))
        return
    failed = []
    rep = lambda ok, text: failed.append(text) if not ok else None
    n = check_values(name, "entry", stops[0]["args"], entry, opt, rep)
    both = dict(stops[1]["args"], **stops[1]["locals"])
    n += check_values(name, "after", both, after_vals, opt, rep)
    own = set(after_vals)
    for i, stop in enumerate(stops):
        extra = sorted(set(stop["locals"]) - own)
        if extra:
            rep(False, "%s %s: gdb lists locals the function does not "
                "have: %s" % (name, ("entry", "after")[i], ", ".join(extra)))
    if not n:
        rep(False, "%s: every value optimized out" % name)
    if "exited normally" not in out:
        rep(False, "%s: the program did not exit normally under gdb (its "
            "result is wrong, or it stopped):\n%s" % (name, out[-1000:]))
    for text in failed:
        report(False, text)
    report(not failed, "%s: gdb: arguments and locals (%d values compared)"
           % (name, n))


def dwarf_dies(exe):
    """Return the DIEs of EXE's debug information as a list of
    (depth, tag, {attribute: value})."""
    _, out = run(["objdump", "--dwarf=info", exe])
    dies = []
    for line in out.split("\n"):
        m = re.match(r"\s*<(\d+)><[0-9a-f]+>: Abbrev Number: \d+ \((\w+)\)", line)
        if m:
            dies.append((int(m.group(1)), m.group(2), {}))
            continue
        m = re.match(r"\s*<[0-9a-f]+>\s+(DW_AT_\w+)\s*: (.*)$", line)
        if m and dies:
            value = m.group(2).strip()
            value = re.sub(r"^\(indirect[^)]*\): ", "", value)
            dies[-1][2][m.group(1)] = value
    return dies


def dwarf_check(src, exe, opt, report):
    """No artificial variable named like an identifier of SRC; no variable
    of a function named like one of its parameters (in the function's
    own subprogram DIE and its nested scopes: an OpenMP child function
    has variables named like its parent's, the parent's shared data)."""
    name = "debuginfo/%s %s" % (os.path.basename(src), opt)
    idents = set(re.findall(r"[A-Za-z_]\w*", open(src).read()))
    bad = []
    stack = []  # (depth, parameter names) of the enclosing subprograms
    for depth, tag, attrs in dwarf_dies(exe):
        while stack and stack[-1][0] >= depth:
            stack.pop()
        var = attrs.get("DW_AT_name")
        if tag == "DW_TAG_subprogram":
            stack.append((depth, set()))
        elif tag == "DW_TAG_formal_parameter" and stack and var:
            if stack[-1][0] == depth - 1:
                stack[-1][1].add(var)
        elif tag == "DW_TAG_variable" and var:
            if "DW_AT_artificial" in attrs and var in idents:
                bad.append("an artificial variable '%s'" % var)
            if stack and var in stack[-1][1]:
                bad.append("a variable '%s' beside the parameter" % var)
    for text in sorted(set(bad)):
        report(False, "%s: dwarf: %s" % (name, text))
    report(not bad, "%s: dwarf: no generated variable named like the "
           "program's" % name)


def dump_locations(path):
    """Return (set of (file, line) of the statements of the dump at PATH,
    the statements without a location)."""
    locs, bare = set(), []
    # Not statements, or statements GCC itself leaves without a location:
    # labels, the goto of an if-else, a scope's end (CLOBBER), the loop
    # of an OpenMP for (its location is its pragma's line, just above).
    skip = re.compile(r"^\s*(goto <|<D\.\d+>:|[{}]|try$|finally$|;;|sparsefuse"
                      r"|$|#|for \()|CLOBBER|^\S"
                      r"|^\s*[\w\s*\[\]]+ [\w.]+(\[\d*\])?;$")
    for line in open(path).read().split("\n"):
        m = re.match(r"\s*\[([^]:]+):(\d+):\d+\]", line)
        if m:
            locs.add((os.path.basename(m.group(1)), int(m.group(2))))
        elif not skip.search(line):
            bare.append(line.strip())
    return locs, bare


def line_table(exe):
    """Return the set of (file, line) of EXE's line table."""
    _, out = run(["objdump", "--dwarf=decodedline", exe])
    rows = set()
    for line in out.split("\n"):
        m = re.match(r"(\S+\.[ch])\s+(\d+)\s+0x", line)
        if m:
            rows.add((os.path.basename(m.group(1)), int(m.group(2))))
    return rows


def lines_check(src, work, opt, pragma, end, exe, plain, report):
    """The generated statements carry the region's lines (the pass's dump
    in WORK) and so does the line table of EXE, beside the lines of
    PLAIN (the same program compiled without the plugin)."""
    base = os.path.basename(src)
    name = "debuginfo/%s %s" % (base, opt)
    region = set((base, n) for n in range(pragma, end + 1))
    dumps = os.listdir(work)
    sf = [d for d in dumps if d.endswith("sparsefuse")]
    gimple = [d for d in dumps if d.endswith(".gimple")]
    if not sf or not gimple:
        report(False, "%s: lines: no dump (%s)" % (name, ", ".join(dumps)))
        return
    after, bare = dump_locations(os.path.join(work, sf[0]))
    before, _ = dump_locations(os.path.join(work, gimple[0]))
    stray = sorted(after - before - region)
    bad = ["a statement without location: %s" % b for b in bare[:5]]
    bad += ["a statement at %s:%d, outside the region and the source's "
            "statements" % s for s in stray[:5]]
    # Beside the region's lines, the line table may name the lines of the
    # source's own statements (the gimple dump's) even where the program
    # without the plugin lost them: with gcc 11 at -O2 the generated code
    # keeps a VLA parameter's size, computed on the parameter's line, that
    # the plain program folds away.
    rows, plain_rows = line_table(exe), line_table(plain)
    odd = sorted(r for r in rows - plain_rows - region - before)
    bad += ["the line table names %s:%d, which neither the program without "
            "the plugin nor the source's statements do" % r for r in odd[:5]]
    if (base, pragma) not in rows:
        bad.append("the line table does not name the pragma's line %d" % pragma)
    for text in bad:
        report(False, "%s: lines: %s" % (name, text))
    report(not bad, "%s: lines: the generated code at the region's lines"
           % name)


def check_program(build, src, tmp, report):
    """Every check of program SRC at each optimization level."""
    base = os.path.basename(src)
    pragma, end, after, fn = marks(src)
    if not (pragma and end and after and fn):
        report(False, "debuginfo/%s: no pragma, region end, after or "
               "function marks" % base)
        return
    sfcc = os.path.join(build, "sfcc")
    for opt in OPTS:
        name = "debuginfo/%s %s" % (base, opt)
        work = os.path.join(tmp, base + opt.replace(" ", ""))
        os.makedirs(work)
        exe, plain = os.path.join(work, "a.out"), os.path.join(work, "plain")
        flags = opt.split() + ["-g"]
        status, out = run([sfcc] + flags + [
            "-fdump-tree-gimple-lineno", "-fplugin-arg-sparsefuse-dump=lineno",
            "-dumpdir", work + "/", "-dumpbase", base, src, "-o", exe])
        if status:
            report(False, "%s: does not compile:\n%s" % (name, out))
            continue
        replaced = 0
        for d in os.listdir(work):
            if d.endswith("sparsefuse"):
                replaced = len(re.findall(r"region \d+ replaced",
                                          open(os.path.join(work, d)).read()))
        report(replaced == 1, "%s: the region is replaced" % name)
        status, out = run([sfcc] + flags + [
            "-fplugin-arg-sparsefuse-disable", src, "-o", plain])
        if status:
            report(False, "%s: does not compile without the plugin's "
                   "pass:\n%s" % (name, out))
            continue
        gdb_check(src, exe, os.path.join(work, "out.txt"), opt, fn, after,
                  report)
        dwarf_check(src, exe, opt, report)
        lines_check(src, work, opt, pragma, end, exe, plain, report)


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    build = os.path.abspath(sys.argv[1])
    srcs = sys.argv[2:] or sorted(
        os.path.join(HERE, f) for f in os.listdir(HERE) if f.endswith(".c"))

    def report(ok, text):
        if ok:
            print("PASS: " + text)
        else:
            print("FAIL: " + text.replace("\n", "\n  "))

    for tool in ("gdb", "objdump"):
        if run(["sh", "-c", "command -v " + tool])[0]:
            print("UNSUPPORTED: debuginfo: %s is not installed" % tool)
            return
    # A container may forbid ptrace: then gdb runs no program at all.
    _, out = run(["gdb", "-nx", "-batch", "-ex", "run", "/bin/true"])
    if "exited normally" not in out:
        print("UNSUPPORTED: debuginfo: gdb cannot run a program here: "
              + out.strip().replace("\n", " | ")[-200:])
        return
    with tempfile.TemporaryDirectory(prefix="sf-debuginfo-") as tmp:
        for src in srcs:
            check_program(build, os.path.abspath(src), tmp, report)


if __name__ == "__main__":
    main()
