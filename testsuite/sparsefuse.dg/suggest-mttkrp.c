/* Suggestion mode on MTTKRP over CSF: the output cleared by the
   caller, the loop accumulates.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-sparsefuse-suggest" } */

struct csf { int d0, d1, d2; int *pos0, *crd0, *pos1, *crd1, *pos2, *crd2; double *vals; };
#pragma tensor format struct csf dims(d0, d1, d2) levels(compressed(pos0, crd0), compressed(pos1, crd1), compressed(pos2, crd2)) values(vals)

void
mttkrp (const struct csf *B, int R, double (*C)[R], double (*D)[R],
	double (*A)[R])
{
  for (int a = B->pos0[0]; a < B->pos0[1]; a++) /* { dg-message "annotation found: '#pragma tensor A\\(i,j\\) \\+= B\\(i,k,l\\) \\* C\\(k,j\\) \\* D\\(l,j\\)' \\(\[0-9\]+ candidates in \[0-9.\]+ ms\\)" } */
    for (int b = B->pos1[a]; b < B->pos1[a + 1]; b++)
      for (int e = B->pos2[b]; e < B->pos2[b + 1]; e++)
	for (int r = 0; r < R; r++)
	  A[B->crd0[a]][r] += B->vals[e] * C[B->crd1[b]][r] * D[B->crd2[e]][r];
}
