/* Harness self-test: dg-warning and dg-message are anchored to their line
   (".", an absolute number, or relative ".+N") and match after the
   severity.  Uses gcc's own diagnostics, without the plugin.  */
/* { dg-do compile } */
/* { dg-options "-O2 -Wall -no-plugin" } */

int
f (int a)
{
  int unused; /* { dg-warning "unused variable 'unused'" } */
  int u;
  /* { dg-warning "'u' is used uninitialized" "relative line" { target *-*-* } .+1 } */
  return a + u;
}

/* { dg-message "declared here" "note, absolute line" { target *-*-* } 11 } */
