/* Combinations the code generation does not support, each announced at
   the pragma with what to do instead; the statement is kept (and still
   compiles).  Contradictory ones are errors of the checks.  Also a
   scalar output and a one-element array, which are lowered.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-sparsefuse-dump" } */

struct csr { int n, m; int *pos, *crd; double *vals; };
#pragma tensor format struct csr dims(n, m) levels(dense, compressed(pos, crd)) values(vals)

struct csc { int n, m; int *pos, *crd; double *vals; };
#pragma tensor format struct csc dims(n, m) levels(dense, compressed(pos, crd)) values(vals) modes(1, 0)

struct coo { int n, m, nnz; int *row, *col; double *vals; };
#pragma tensor format struct coo dims(n, m) levels(coo(nnz, row), singleton(col)) values(vals)

struct csf { int d[3]; int *pos[3], *crd[3]; double *vals; };
#pragma tensor format struct csf dims(d[0], d[1], d[2]) levels(compressed(pos[0], crd[0]), compressed(pos[1], crd[1]), compressed(pos[2], crd[2])) values(vals)

typedef struct csf csf_kij;
#pragma tensor format csf_kij dims(d[0], d[1], d[2]) levels(compressed(pos[0], crd[0]), compressed(pos[1], crd[1]), compressed(pos[2], crd[2])) values(vals) modes(2, 0, 1)

#pragma tensor format struct bad dims(n) levels(dense, coo(nnz, row)) values(vals) /* { dg-error "" } */

void
f (struct csr B, struct csr C, struct csc D, struct coo O, struct csf T,
   csf_kij U, double (*A)[B.m], double *x, double *y, double s,
   double one[1], struct csr *S, int n)
{
  /* B(i,j) * C(j,i), both CSR: B wants i outside j, C the reverse.  */
#pragma tensor A(i,j) = B(i,j) * C(j,i) /* { dg-warning "computation not lowered, the original statement is kept: no loop order follows the storage order of every sparse operand: 'C' stores j before i, but 'B' stores i before j; declare 'C' in a format with modes\\(1, 0\\)" } */
  for (int i = 0; i < B.n; i++)
    for (int j = 0; j < B.m; j++)
      A[i][j] = 0;

  /* CSR plus CSC: the same conflict in a sum.  */
#pragma tensor A(i,j) = B(i,j) + D(i,j) /* { dg-warning "'D' stores j before i, but 'B' stores i before j; declare 'D' in a format with modes\\(0, 1\\)" } */
  for (int i = 0; i < B.n; i++)
    for (int j = 0; j < B.m; j++)
      A[i][j] = 0;

  /* A CSR output fed from a CSC input.  */
#pragma tensor S(i,j) = D(i,j) * 2 /* { dg-warning "'D' stores j before i, but 'S' stores i before j" } */
  for (int p = 0; p < S->pos[S->n]; p++)
    S->vals[p] = 0;

  /* Two CSF tensors in different mode orders, contracted.  */
#pragma tensor y(i) = T(i,j,k) * U(i,j,k) /* { dg-warning "no loop order follows the storage order of every sparse operand: 'U' stores k before i before j" } */
  for (int i = 0; i < T.d[0]; i++)
    y[i] = 0;

  /* A sparse output must hold its pattern in dense/compressed levels.  */
#pragma tensor O(i,j) = B(i,j) * 2 /* { dg-warning "the output 'O' has a coo level; a sparse output may only have dense and compressed levels" } */
  for (int p = 0; p < O.nnz; p++)
    O.vals[p] = 0;

  /* A floating scalar output is lowered (scalar-output.c runs such);
     an integer one of a floating expression is not (the loop converts
     at every store; intvals.c runs integer ones).  */
#pragma tensor s += x(i) * y(i) shape(x: n)
  for (int i = 0; i < n; i++)
    s += x[i] * y[i];
#pragma tensor n += x(i) * y(i) shape(x: n) /* { dg-warning "the output 'n' holds integers but the expression is double: the loop converts to the integer type at each store it makes, which the plugin cannot reproduce" } */
  for (int i = 0; i < 4; i++)
    n += (int) (x[i] * y[i]);
#pragma tensor one(z) = x(i) * y(i) shape(x: n) shape(one: 1)
  {
    one[0] = 0;
    for (int i = 0; i < n; i++)
      one[0] += x[i] * y[i];
  }
  x[0] = s + n;

  /* A sum of eight sparse operands: 255 merge cases per row.  */
#pragma tensor A(i,j) = B(i,j) + C(i,j) + B(i,j) + C(i,j) + B(i,j) + C(i,j) + B(i,j) + C(i,j) /* { dg-warning "the merge lattice has more than 128 points \\(a sum of too many sparse operands\\); split the sum over several statements" } */
  for (int i = 0; i < B.n; i++)
    for (int j = 0; j < B.m; j++)
      A[i][j] = 0;

  /* A reduction whose loop the expression around it needs as well: D
     CSC puts j outside i, but sum{j} D(i,j) is needed per i, and the
     product with sum{k} x(k) is one term.  */
#pragma tensor y(i) = (D(i,j) + 1) * x(k) shape(x: n) /* { dg-warning "the sum over 'j' needs a loop over 'i', which the expression around it also loops over: one nest cannot compute both; compute the sum in a statement of its own \\(into a temporary array\\) and use that" } */
  for (int i = 0; i < D.n; i++)
    y[i] = 0;

  /* Contradictions are errors of the checks.  */
#pragma tensor y(i) = B(i,j) * y(j) /* { dg-error "the output 'y' is also used as an input" } */
  y[0] = 0;
#pragma tensor A(i,j) = B(i,j) * C(i,j,k) /* { dg-error "'C' has rank 2 but is used with 3 indices" } */
  y[0] = 0;
}

/* { dg-final { scan-tree-dump-times "sparsefuse: region \[0-9\]+ replaced" 2 "sparsefuse" } } */
