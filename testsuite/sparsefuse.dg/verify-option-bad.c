/* An unknown value of -fplugin-arg-sparsefuse-verify is an error that
   lists the valid options.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-sparsefuse-verify=maybe" } */
/* { dg-error "unknown option '-fplugin-arg-sparsefuse-verify=maybe'; valid options are\[^\n\]*'verify=on\\|strict\\|off'" "" { target *-*-* } 0 } */
/* { dg-error "failed to initialize plugin" "" { target *-*-* } 0 } */

int x;
