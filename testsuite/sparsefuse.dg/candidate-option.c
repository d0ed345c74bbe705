/* -fplugin-arg-sparsefuse-candidate takes a number from 1 to 99.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-sparsefuse-candidate=0" } */
/* { dg-error "unknown option '-fplugin-arg-sparsefuse-candidate=0'; valid options are\[^\n\]*'candidate=N' \\(1 to 99\\)" "" { target *-*-* } 0 } */
/* { dg-error "failed to initialize plugin" "" { target *-*-* } 0 } */

int x;
