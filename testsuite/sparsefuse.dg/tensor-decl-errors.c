/* Tensors declared inside a function (SPEC 1.5): the misuses, each an
   error at the offending token.  */
/* { dg-do compile } */
/* { dg-options "-O2" } */

struct csr { int n; int *ia, *ja; double *a; };
typedef double real;

void
shadows (int n, int *ia, int *ja, double *a, double *x, double *y)
{
  double B[4];			/* { dg-message "'B' is declared here" } */
#pragma tensor format B dims(n, n) levels(dense, compressed(ia, ja)) values(a) /* { dg-error "'B' is already declared here" } */
  (void) B;
}

void
wrong_types (int n, int *ia, int *ja, double *a, int *ivals, _Bool *bvals,
	     float f)
{
#pragma tensor format A dims(n, n) levels(dense, compressed(n, ja)) values(a) /* { dg-error "'n' in the declaration of tensor 'A' must be a pointer to \\(or array of\\) integers, not 'int'" } */
#pragma tensor format C dims(n, n) levels(dense, compressed(ia, ja)) values(ivals)
#pragma tensor format G dims(n, n) levels(dense, compressed(ia, ja)) values(bvals) /* { dg-error "'bvals' in the declaration of tensor 'G' must be a pointer to \\(or array of\\) an arithmetic type \\(float, double, or an integer of 8 to 64 bits\\), not '_Bool \\*'" } */
#pragma tensor format D dims(f, n) levels(dense, compressed(ia, ja)) values(a) /* { dg-error "'f' in the declaration of tensor 'D' must be an integer, not 'float'" } */
#pragma tensor format E dims(n, n) levels(dense, compressed(ia + 1, q)) values(a) /* { dg-error "'q' is not a variable in scope" } */
#pragma tensor format F dims(n) levels(dense) values(*a) /* { dg-error "must be a pointer to \\(or array of\\) an arithmetic type \\(float, double, or an integer of 8 to 64 bits\\), not 'double'" } */
}

void
used_before (int n, int *ia, int *ja, double *a, double *x, double *y)
{
#pragma tensor y(i) = A(i,j) * x(j) shape(x: n, y: n) /* { dg-error "'A' is not declared here" } */
  for (int i = 0; i < n; i++)
    for (int k = ia[i]; k < ia[i + 1]; k++)
      y[i] += a[k] * x[ja[k]];
#pragma tensor format A dims(n, n) levels(dense, compressed(ia, ja)) values(a)
}

void
declares (int n, int *ia, int *ja, double *a)
{
#pragma tensor format G dims(n, n) levels(dense, compressed(ia, ja)) values(a)
#pragma tensor format G dims(n, n) levels(dense, compressed(ia, ja)) values(a) /* { dg-error "tensor 'G' is already declared in this block" } */
}

void
other_function (int n, double *x, double *y)
{
#pragma tensor y(i) = G(i,j) * x(j) shape(x: n, y: n) /* { dg-error "'G' is not declared here" } */
  for (int i = 0; i < n; i++)
    y[i] = x[i];
}

void
out_of_block (int n, int *ia, int *ja, double *a, double *x, double *y)
{
  {
#pragma tensor format H dims(n, n) levels(dense, compressed(ia, ja)) values(a)
  }
#pragma tensor y(i) = H(i,j) * x(j) shape(x: n, y: n) /* { dg-error "'H' is not declared here" } */
  for (int i = 0; i < n; i++)
    y[i] = x[i];
}

void
name_changes (int n, int *ia, int *ja, double *a, double *x, double *y)
{
#pragma tensor format K dims(n, n) levels(dense, compressed(ia, ja)) values(a)
  {
    double *a = x;
#pragma tensor y(i) = K(i,j) * x(j) shape(x: n, y: n) /* { dg-error "'a' in the declaration of tensor 'K' denotes another declaration here" } */
    for (int i = 0; i < n; i++)
      y[i] = a[i];
  }
}

void
struct_format_inside (void)
{
#pragma tensor format struct csr dims(n, n) levels(dense, compressed(ia, ja)) values(a) /* { dg-error "must appear at file scope" } */
}

void
type_name (int n, double *a)
{
#pragma tensor format real dims(n) levels(dense) values(a) /* { dg-error "'real' names a type here" } */
}

void
dense_shape (int n, double *p, double *q)
{
#pragma tensor format P dims(n) levels(dense) values(p)
#pragma tensor q(i) = P(i) shape(P: n, q: n) /* { dg-error "the extents of 'P' come from its declaration" } */
  for (int i = 0; i < n; i++)
    q[i] = p[i];
}

void
tensor_in_clause (int n, double *p, double *q)
{
#pragma tensor format P dims(n) levels(dense) values(p)
#pragma tensor q(i) = P(i) shape(q: P) /* { dg-error "'P' is a tensor declared with '#pragma tensor format', not a C variable" } */
  for (int i = 0; i < n; i++)
    q[i] = p[i];
}
