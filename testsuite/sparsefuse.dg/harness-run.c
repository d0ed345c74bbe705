/* Harness self-test: a run test with the defaults (plugin loaded, runtime
   library linked, data folder defined).  Code without "#pragma tensor"
   must compile and run unchanged.  */
/* { dg-do run } */

#include <stdlib.h>
#include <string.h>

static int
sum_to (int n)
{
  int s = 0;
  for (int i = 1; i <= n; i++)
    s += i;
  return s;
}

int
main (void)
{
  const char *data = SF_DATA_DIR;
  if (strlen (data) == 0 || data[0] != '/')
    abort ();
  if (sum_to (100) != 5050)
    abort ();
  return 0;
}
