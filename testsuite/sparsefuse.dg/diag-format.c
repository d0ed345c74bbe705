/* Errors in format declarations, each with the caret's line on the
   pragma: members checked against the struct, and the core's rules.  */
/* { dg-do compile } */

struct csr { int n, m; int *rowptr, *colidx; double *vals; long count; float fl; };
typedef struct { int n; int *pos[2], *crd[2]; double *v; } dcsr_t;

#pragma tensor format struct csr dims(n, m) levels(dense, compressed(rowptrs, colidx)) values(vals) /* { dg-error "'struct csr' has no member named 'rowptrs'" } */
#pragma tensor format struct csr dims(n, m) levels(dense, compressed(n, colidx)) values(vals) /* { dg-error "member 'n' of 'struct csr' must be a pointer to \\(or array of\\) integers, not 'int'" } */
#pragma tensor format struct csr dims(vals, m) levels(dense, compressed(rowptr, colidx)) values(vals) /* { dg-error "member 'vals' of 'struct csr' must be an integer" } */
#pragma tensor format struct csr dims(n, m) levels(dense, compressed(rowptr, colidx)) values(count) /* { dg-error "must be a pointer to \\(or array of\\) an arithmetic type" } */
#pragma tensor format struct nosuch dims(n) levels(dense) values(v) /* { dg-error "'struct nosuch' is not a complete struct type here" } */
#pragma tensor format csr_t dims(n) levels(dense) values(v) /* { dg-error "'csr_t' does not name a type" } */
#pragma tensor format dcsr_t dims(n, n) levels(compressed(pos[0], crd[0]), compressed(pos[1], crd[1])) values(v)
#pragma tensor format dcsr_t dims(n, n) levels(compressed(pos[0], crd[0]), compressed(pos[1], crd[1])) values(v) /* { dg-error "a format for 'dcsr_t' was already declared" } */
#pragma tensor format struct csr dims(n, m) levels(dense, compressed(pos[5], colidx)) values(vals) /* { dg-error "has no member named 'pos'" } */
#pragma tensor format struct csr dims(n, m) levels(dense) values(vals) /* { dg-error "needs one level per dimension" } */
#pragma tensor format struct csr dims(n, m) levels(dense, compressed(rowptr, colidx)) values(vals) modes(0, 0) /* { dg-error "modes\\(\\) must be a permutation of 0..1" } */
#pragma tensor format struct csr dims(n, m) levels(dense, coo(n, colidx)) values(vals) /* { dg-error "a 'coo' level may only be the first level" } */
#pragma tensor format struct csr dims(n, m) levels(singleton(colidx), dense) values(vals) /* { dg-error "a 'singleton' level must follow" } */
#pragma tensor format struct csr dims(n, m) levels(dense, compresed(rowptr, colidx)) values(vals) /* { dg-error "unknown level kind 'compresed'; did you mean 'compressed'\\?" } */
#pragma tensor format struct csr dim(n, m) levels(dense, compressed(rowptr, colidx)) values(vals) /* { dg-error "unknown clause 'dim'; did you mean 'dims'\\?" } */
#pragma tensor format struct csr dims(n, m) levels(dense, compressed(rowptr, colidx)) /* { dg-error "has no 'values' clause" } */
#pragma tensor format struct csr dims(n, m) levels(dense, compressed(rowptr, colidx)) values(vals) base(2) /* { dg-error "base must be 0 or 1" } */

void
f (void)
{
#pragma tensor format struct csr dims(n, m) levels(dense, compressed(rowptr, colidx)) values(vals) /* { dg-error "must appear at file scope" } */
}
