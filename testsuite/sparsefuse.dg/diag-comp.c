/* Errors in computations: names, ranks, indices, extents, aliasing, and
   placement.  Each pragma with an error is dropped; the code after it
   still compiles.  */
/* { dg-do compile } */

struct csr { int n, m; int *rowptr, *colidx; double *vals; };
#pragma tensor format struct csr dims(n, m) levels(dense, compressed(rowptr, colidx)) values(vals)

struct other { int n; };

#pragma tensor y(i) = x(i) /* { dg-error "computations must appear inside a function" } */

void
f (struct csr B, int K, double (*C)[K], double (*D)[32], double (*E)[16],
   double *x, double *y, double alpha, double *flat, struct other o,
   long double *ix)
{
#pragma tensor y(i) = B(i,j) * z(j) /* { dg-error "'z' is not declared here" } */
  y[0] = 0;
#pragma tensor y(i) = B(i,j,k) * x(j) /* { dg-error "'B' has rank 2 but is used with 3 indices" } */
  y[0] = 0;
#pragma tensor y(i) = B(i,i) * x(i) /* { dg-error "index 'i' appears twice in an access of 'B'" } */
  y[0] = 0;
#pragma tensor y(i) = alpha(i) * x(i) /* { dg-error "'alpha' is a scalar but is used with indices" } */
  y[0] = 0;
#pragma tensor y(i) = B * x(i) /* { dg-error "'B' is a tensor but is used without indices" } */
  y[0] = 0;
#pragma tensor y(i) = B(i,j) * y(j) /* { dg-error "the output 'y' is also used as an input" } */
  y[0] = 0;
#pragma tensor y(i) = flat(i,j) * x(j) /* { dg-error "'flat' is a plain pointer used with 2 indices; give their extents with shape\\(flat: ...\\)" } */
  y[0] = 0;
#pragma tensor C(i,k) = D(i,k) * E(i,k) /* { dg-error "index 'k' has extent 32 in 'D' but 16 in 'E'" } */
  y[0] = 0; /* { dg-error "cannot determine the extent of index 'i'" "" { target *-*-* } .-1 } */
#pragma tensor y(i) = x(i) * o(i) /* { dg-error "'o' has type 'struct other', which is not a declared tensor format" } */
  y[0] = 0;
#pragma tensor y(i) = ix(i) * x(i) /* { dg-error "'ix' has type 'long double \\*'; a tensor operand must be an array of \\(or pointer to\\) an arithmetic type \\('float', 'double', or an integer of 8 to 64 bits\\)" } */
  y[0] = 0;
#pragma tensor y(i) = f(i) * x(i) /* { dg-error "'f' is not a variable" } */
  y[0] = 0;
#pragma tensor y(i) = B(i,j) * x(j) schedul(naive) /* { dg-error "unknown clause 'schedul'; did you mean 'schedule'\\?" } */
  y[0] = 0;
#pragma tensor y(i) = B(i,j) * x(j) schedule(nave) /* { dg-error "unknown schedule 'nave'; did you mean 'naive'\\?" } */
  y[0] = 0;
#pragma tensor y(i) = B(i,j) * x(j) shape(x: K + nosuch) /* { dg-error "'nosuch' is not a variable in scope" } */
  y[0] = 0;
#pragma tensor y(i) = B(i,j) / x(j) /* { dg-error "division is not supported in tensor expressions" } */
  y[0] = 0;
#pragma tensor y(i) = B(i,j) * x[j] /* { dg-error "write tensor accesses as 'x\\(i,j\\)', not with '\\\['" } */
  y[0] = 0;
#pragma tensor y(i) = B(i,j) * x(j) /* { dg-error "must be followed by the statement it describes, but it is followed by another '#pragma tensor'" } */
#pragma tensor y(i) = B(i,j) * x(j) /* { dg-error "the loop does not compute what the annotation says: at y\\\[0\\\] the loop stores 0\\.0" } */
  for (int i = 0; i < B.n; i++)
    y[i] = 0;
#pragma tensor y(i) = B(i,j) * x(j) /* { dg-error "but it is followed by a declaration, not a statement" } */
  int unused = 0;
  (void) unused;
#pragma tensor y(i) = B(i,j) * x(j) /* { dg-error "but it is not followed by a statement" } */
}

void
g (double *y, double *x, int n)
{
#pragma tensor y(i) = x(i) * x(i) /* { dg-error "cannot determine the extent of index 'i'" } */
  for (int i = 0; i < n; i++)
    y[i] = x[i] * x[i];
}
