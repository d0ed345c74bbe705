/* Harness self-test: dg-warning and dg-message are anchored to their line
   (".", an absolute number, or relative ".+N") and match after the
   severity.  Uses gcc's own diagnostics, without the plugin.  The note
   is -Wshadow's, which GCC 11 and 12 both print (GCC 11 has no note
   after -Wuninitialized).  */
/* { dg-do compile } */
/* { dg-options "-O2 -Wall -Wshadow -no-plugin" } */

int
f (int a)
{
  int unused; /* { dg-warning "unused variable 'unused'" } */
  int u;
  {
    int u = a; /* { dg-warning "declaration of 'u' shadows a previous local" } */
    a += u;
  }
  /* { dg-warning "'u' is used uninitialized" "relative line" { target *-*-* } .+1 } */
  return a + u;
}

/* { dg-message "shadowed declaration is here" "note, absolute line" { target *-*-* } 13 } */
