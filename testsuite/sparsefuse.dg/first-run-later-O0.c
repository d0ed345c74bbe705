/* first-run-later.h at -O0.  */
/* { dg-do run } */
/* { dg-options "-O0 -fplugin-arg-sparsefuse-dump" } */

#include "first-run-later.h"

/* { dg-output "first-run-later.h:\[0-9\]+: first run: 'y\\(i\\) = B\\(i,j\\) \\* x\\(j\\)' differs from the statement at value \[0-9\]+ \\(got \[^\r\n\]*\\); the statement runs from now on \\(call 4\\)" } */
/* { dg-final { scan-tree-dump-times "verify: not verified" 2 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "first run: the generated code is compared" 2 "sparsefuse" } } */
