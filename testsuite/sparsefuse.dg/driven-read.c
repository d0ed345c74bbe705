/* In the one case of a loop that locates its operands (the output's own
   pattern, sum3; or a dense counter), each operand present at the
   coordinate is read into a variable and advanced under one test
   (lw_read_present): "if (hB1) { vB1 = B_vals[pB1]; pB1++; }", not
   "hB1 ? B_vals[pB1] : 0" in the sum and "if (hB1) pB1++" after it, a
   second branch on the same test that GCC keeps (sum3 on bcsstk13: 1.25
   ms before, 1.10 after, the loop as written 0.89).  driven-output.c
   runs these loops against the loop as written.

   In the innermost loop, with nothing summed, the fiber runs first
   without the cursors' skips over coordinates the output lacks; a
   cursor short of its end afterwards sends the fiber through the loop
   with the skips again (lw_driven_pass): sum3 on olm1000, 1 thread,
   67 us before, 26 after.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-sparsefuse-dump=details" } */

struct csr { int n, m; int *pos, *crd; double *vals; };
#pragma tensor format struct csr dims(n, m) levels(dense, compressed(pos, crd)) values(vals)

void
sum3 (const struct csr *B, const struct csr *C, const struct csr *D,
      struct csr *A)
{
#pragma tensor A(i,j) = B(i,j) + C(i,j) + D(i,j)
  for (int i = 0; i < A->n; i++)
    {
      int pb = B->pos[i], pc = C->pos[i], pd = D->pos[i];
      for (int q = A->pos[i]; q < A->pos[i + 1]; q++)
	{
	  int j = A->crd[q];
	  double v = 0;
	  if (pb < B->pos[i + 1] && B->crd[pb] == j)
	    v += B->vals[pb++];
	  if (pc < C->pos[i + 1] && C->crd[pc] == j)
	    v += C->vals[pc++];
	  if (pd < D->pos[i + 1] && D->crd[pd] == j)
	    v += D->vals[pd++];
	  A->vals[q] = v;
	}
    }
}

/* { dg-final { scan-tree-dump-times "region 0 schedule: forall i \\(dense\\) forall j \\(A.s pattern, located: B compressed, C compressed, D compressed\\)" 1 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "double vB1 = 0\\.0;\\s+if \\(hB1\\)\\s+\\{\\s+vB1 = B_vals\\\[pB1_\[0-9\]+\\\];\\s+pB1_\[0-9\]+ = pB1_\[0-9\]+ \\+ 1;\\s+\\}" 1 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "A_vals\\\[pA1\\\] = vB1 \\+ vC1 \\+ vD1;" 1 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-not "hB1 \\? B_vals" "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "if \\(\\(pB1_\[0-9\]+ < pB1_end_\[0-9\]+ \\|\\| pC1_\[0-9\]+ < pC1_end_\[0-9\]+\\) \\|\\| pD1_\[0-9\]+ < pD1_end_\[0-9\]+\\)\\s+\[^a-z\]\\s+pB1_\[0-9\]+ = B_pos\\\[i\[_0-9\]*\\\];" 1 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "while \\(pB1_\[0-9\]+ < pB1_end_\[0-9\]+ && B_crd\\\[pB1_\[0-9\]+\\\] < j" 1 "sparsefuse" } } */
