/* The first-run tests' capture of their own stderr: fr_capture sends it
   to a temporary file, fr_release (WANT) puts it back, prints what was
   written there and checks that exactly WANT regions printed a
   first-run line, one each.  */

#include <unistd.h>
#include "sf-test.h"

/* stderr into a temporary file, and back.  */
static FILE *fr_file;
static int fr_saved = -1;

static void
fr_capture (void)
{
  fflush (stderr);
  fr_file = tmpfile ();
  fr_saved = dup (2);
  if (!fr_file || fr_saved < 0 || dup2 (fileno (fr_file), 2) < 0)
    abort ();
}

/* Restore stderr; print each captured line on stdout, count the
   first-run lines per region (its FILE:LINE), and count a failure unless
   exactly WANT regions printed one line each.  */
static void
fr_release (int want)
{
  fflush (stderr);
  dup2 (fr_saved, 2);
  close (fr_saved);
  rewind (fr_file);
  char line[2048], where[64][256];
  int count[64] = { 0 }, nwhere = 0, bad = 0;
  while (fgets (line, sizeof line, fr_file))
    {
      printf ("stderr: %s", line);
      const char *f = strstr (line, ": first run: ");
      if (strncmp (line, "sparsefuse: ", 12) != 0 || !f)
	continue;
      int len = (int) (f - line) - 12, k;
      for (k = 0; k < nwhere; k++)
	if ((int) strlen (where[k]) == len
	    && strncmp (where[k], line + 12, len) == 0)
	  break;
      if (k == nwhere && nwhere < 64 && len < 256)
	{
	  memcpy (where[nwhere], line + 12, len);
	  where[nwhere++][len] = 0;
	}
      count[k]++;
    }
  fclose (fr_file);
  for (int k = 0; k < nwhere; k++)
    if (count[k] != 1)
      {
	printf ("FAIL first run: %s printed %d lines\n", where[k], count[k]);
	bad = 1;
      }
  if (nwhere != want)
    {
      printf ("FAIL first run: %d regions printed, expected %d\n", nwhere,
	      want);
      bad = 1;
    }
  if (bad)
    sf_test_failures++;
  else
    printf ("ok first run: %d regions printed one line each\n", nwhere);
}

