/* Reading the run-time picks of schedule(auto) back in a test
   (dispatch-pick.c, network-order.c): SPARSEFUSE_SHOW_PICK=1 makes each
   region with a run-time choice print "sparsefuse: f.c:12 [...]:
   schedule N of M" on stderr, which goes to a file the test reads.

     FILE *log = pick_log_open ();
     long at = ftell (log);  <call the region>;  int n = pick_read (log, at);  */

#ifndef PICK_LOG_H
#define PICK_LOG_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "sparsefuse.h"
#include "sf-test.h"

/* Turn the picks on, send stderr to a fresh file and return it open for
   reading (exits on failure).  */
static inline FILE *
pick_log_open (void)
{
  setenv ("SPARSEFUSE_SHOW_PICK", "1", 1);
  /* A call into the runtime library keeps it in the program (the linker
     drops a library that only satisfies weak references).  */
  printf ("last-level cache: %lld bytes\n", (long long) sf_llc_bytes ());
  char path[] = "/tmp/sf-picks-XXXXXX";
  int fd = mkstemp (path);
  if (fd < 0 || !freopen (path, "w", stderr))
    exit (2);
  FILE *log = fopen (path, "r");
  unlink (path);
  if (!log)
    exit (2);
  return log;
}

/* Return the pick printed at offset AT of LOG (the first region call
   after it), or -1.  */
static inline int
pick_read (FILE *log, long at)
{
  char line[512] = "";
  fflush (stderr);
  fseek (log, at, SEEK_SET);
  const char *s = fgets (line, sizeof line, log)
		  ? strstr (line, ": schedule ") : NULL;
  return s ? atoi (s + strlen (": schedule ")) : -1;
}

/* Count a failure of case WHAT when the pick GOT is not WANT.  */
static inline void
pick_expect (const char *what, int got, int want)
{
  if (got == want)
    return;
  printf ("FAIL %s: picked %d, expected %d\n", what, got, want);
  sf_test_failures++;
}

#endif /* PICK_LOG_H */
