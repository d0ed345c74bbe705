/* Harness self-test: with the plugin loaded, -fdump-tree-sparsefuse writes
   the pass's dump file, which scan-tree-dump finds by the pass name.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fdump-tree-sparsefuse" } */

int
scale (int *a, int n)
{
  int s = 0;
  for (int i = 0; i < n; i++)
    s += 3 * a[i];
  return s;
}

/* { dg-final { scan-tree-dump ";; Function scale" "sparsefuse" } } */
