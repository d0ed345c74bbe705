#!/bin/sh
# check-layers.sh: the layering of core/'s stage folders (core/README.md).
#
#   tools/check-layers.sh OBJDIR      e.g. build/obj/core
#
# Checks, printing PASS/FAIL lines:
#   - core/ holds only its public headers, README.md, rules.mk and the
#     stage folders;
#   - no file of one stage includes another stage's internal header
#     (STAGE/internal.h);
#   - no circle of calls between the stages: from the objects of each
#     folder (nm), which folder's functions each one calls; a circle is
#     two folders reaching each other.
# With -v, prints the calls between folders too.  Run from the top of the
# tree; `make check` runs it (check-layers).

verbose=0
[ "$1" = -v ] && { verbose=1; shift; }
obj=${1:?usage: tools/check-layers.sh [-v] OBJDIR}
stages=$(cd core && for d in */; do echo "${d%/}"; done)
status=0
fail() { echo "FAIL: layers/$1"; status=1; }

# 1. The top of core/.
extra=$(cd core && for f in *; do
	  [ -d "$f" ] && continue
	  case $f in sf_core.h|levels.h|README.md|rules.mk) ;; *) echo "$f";; esac
	done)
if [ -n "$extra" ]; then fail "top: not in a stage folder: $extra"
else echo "PASS: layers/top"; fi

# 2. Internal headers.
bad=$(for s in $stages; do
	grep -Hn '#include "[a-z_]*/internal\.h"' core/$s/*.[ch] 2>/dev/null \
	  | grep -v "#include \"$s/internal\.h\""
      done)
if [ -n "$bad" ]; then fail "internal-headers: $bad"
else echo "PASS: layers/internal-headers"; fi

# 3. Calls between folders: "FROM TO" lines, then circles.
# objects S: the objects of stage S's sources (not those left behind by a
# source since removed).
objects() {
  for c in core/$1/*.c; do
    o=$obj/$1/$(basename "$c" .c).o
    [ -f "$o" ] && echo "$o"
  done
}
edges=$(for s in $stages; do
	  objs=$(objects "$s")
	  [ -n "$objs" ] || continue
	  nm -g --defined-only $objs 2>/dev/null \
	    | awk -v s="$s" 'NF == 3 { print "D", s, $3 }'
	  nm -u $objs 2>/dev/null \
	    | awk -v s="$s" 'NF == 2 { print "U", s, $2 }'
	done | awk '
	  $1 == "D" { def[$3] = $2; next }
	  { use[++n] = $2 " " $3 }
	  END {
	    for (i = 1; i <= n; i++) {
	      split (use[i], u, " ")
	      if ((u[2] in def) && def[u[2]] != u[1]) print u[1], def[u[2]]
	    }
	  }' | sort -u)
[ $verbose = 1 ] && echo "$edges" | sed 's/^/calls: /; s/ / -> /2'
circles=$(echo "$edges" | awk '
  NF == 2 { e[$1, $2] = 1; node[$1]; node[$2] }
  END {
    for (k in node) for (i in node) for (j in node)
      if (e[i, k] && e[k, j]) e[i, j] = 1
    for (i in node) for (j in node)
      if (i < j && e[i, j] && e[j, i]) print i " <-> " j
  }')
if [ -z "$edges" ]; then fail "calls: no objects under $obj"
elif [ -n "$circles" ]; then fail "calls: circles between folders: $circles"
else
  pairs=$(echo "$edges" | wc -l)
  echo "PASS: layers/calls ($pairs calling pairs of folders, no circle)"
fi
exit $status
