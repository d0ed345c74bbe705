/* Harness self-test: the dump scans find the file gcc wrote for
   -fdump-tree-NAME (here gcc's own "optimized" and "original" passes).  */
/* { dg-do compile } */
/* { dg-options "-O2 -no-plugin -fdump-tree-optimized -fdump-tree-original" } */

int
answer (void)
{
  int x = 6;
  return x * 7;
}

int
twice (int y)
{
  return y + y;
}

/* { dg-final { scan-tree-dump "return 42;" "optimized" } } */
/* { dg-final { scan-tree-dump-times ";; Function " 2 "optimized" } } */
/* { dg-final { scan-tree-dump-not "x \\* 7" "optimized" } } */
/* { dg-final { scan-tree-dump "x \\* 7" "original" } } */
/* { dg-final { scan-assembler "answer:" } } */
/* { dg-final { scan-assembler-not "call\[ \t\]+twice" } } */
