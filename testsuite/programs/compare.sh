#!/usr/bin/env bash
# compare.sh A B: exit 0 when the two outputs hold the same words, numbers
# within a relative 1e-9 (reductions reordered by the generated code and
# by threads; against at least 1e-3, so that figures near zero, such as a
# solver's residual norms, compare absolutely); else print the first
# differing line and exit 1.
awk 'NR == FNR { a[FNR] = $0; n = FNR; next }
     { if (!(FNR in a)) { print "extra line " FNR; bad = 1; exit }
       nf = split (a[FNR], w, " ");
       if (nf != NF) { print "line " FNR ": " a[FNR] " | " $0; bad = 1; exit }
       for (i = 1; i <= NF; i++) {
         if (w[i] == $i) continue;
         if (w[i] ~ /^[-+0-9.eE]+$/ && $i ~ /^[-+0-9.eE]+$/) {
           d = w[i] - $i; if (d < 0) d = -d;
           m = w[i] < 0 ? -w[i] : w[i]; if (m < 1e-3) m = 1e-3;
           if (d <= 1e-9 * m) continue;
         }
         print "line " FNR ": " a[FNR] " | " $0; bad = 1; exit
       } }
     END { if (!bad && FNR != n) { print "missing lines"; bad = 1 }
           exit bad }' "$1" "$2"
