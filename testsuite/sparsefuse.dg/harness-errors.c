/* Harness self-test: dg-error matches "error: " on its own line; the
   note that follows the error is pruned (not an excess error).  */
/* { dg-do compile } */
/* { dg-options "-O2 -no-plugin" } */

int
g (int a)
{
  return a + missing; /* { dg-error "'missing' undeclared" } */
}

int h (int a) { return a +; } /* { dg-error "expected expression" } */
