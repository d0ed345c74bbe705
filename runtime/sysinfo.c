/* What the run-time dispatcher of the auto-scheduler reads from the
   machine and the data (docs/scheduling.md):

     sf_llc_bytes ()                    last-level cache size, bytes
     sf_nnz_prefix (2, kinds, sizes, pos, 1)   positions of level 1 = nnz
     sf_show_pick ("spmv.c:12", 1, 2, t, m, cap)
       with SPARSEFUSE_SHOW_PICK=1 prints
       "sparsefuse: spmv.c:12: schedule 1 of 2 (time 3.2e+07, memory 512 bytes, cap 4.19e+06)"

   The cache size comes from, in order: the environment variable
   SPARSEFUSE_LLC_BYTES (a positive integer, for tests and for machines
   that misreport), the highest level listed under
   /sys/devices/system/cpu/cpu0/cache/, then sysconf
   (_SC_LEVEL3_CACHE_SIZE), else SF_LLC_DEFAULT_BYTES (8 MiB, a common
   last-level size).  It is read once; later calls return the same value.

   The kernel's sysfs before sysconf: the size the tests want is that of
   the cache the program's data lives in, the one its core shares.  On
   an AMD EPYC (Zen 3, 2026-12-03) sysconf said 256 MiB, what eight
   32 MiB L3 caches make (the package's, it appears), while sysfs said
   32 MiB shared by CPUs 0-1 (lscpu: "L3 cache: 32 MiB (1 instance)");
   every test of the data against half the cache then asked for 128 MiB
   where 16 MiB were.  */

#define _GNU_SOURCE		/* _SC_LEVEL3_CACHE_SIZE */
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "sparsefuse.h"
#include "levels.h"

/* Return the positive integer in the environment variable NAME, or 0.  */
static int64_t
env_bytes (const char *name)
{
  const char *s = getenv (name);
  if (!s || !*s)
    return 0;
  char *end;
  long long v = strtoll (s, &end, 10);
  return *end == '\0' && v > 0 ? v : 0;
}

/* Return the first line of the file DIR/NAME in BUF, or NULL.  */
static char *
read_line (const char *dir, const char *name, char *buf, size_t size)
{
  char path[256];
  snprintf (path, sizeof path, "%s/%s", dir, name);
  FILE *f = fopen (path, "r");
  if (!f)
    return NULL;
  char *line = fgets (buf, (int) size, f);
  fclose (f);
  return line;
}

/* Return the bytes of a sysfs size text such as "32768K", "8M", or 0.  */
static int64_t
parse_size (const char *s)
{
  char *end;
  long long v = strtoll (s, &end, 10);
  if (v <= 0 || end == s)
    return 0;
  if (*end == 'K')
    v *= 1024;
  else if (*end == 'M')
    v *= 1024 * 1024;
  else if (*end == 'G')
    v *= 1024LL * 1024 * 1024;
  return v;
}

/* Return the size of the highest-level data or unified cache listed under
   the sysfs folder ROOT (index0, index1, ...), or 0.  */
static int64_t
sysfs_llc (const char *root)
{
  int64_t best = 0;
  int best_level = 0;
  for (int i = 0; i < 16; i++)
    {
      char dir[200], buf[64];
      snprintf (dir, sizeof dir, "%s/index%d", root, i);
      if (!read_line (dir, "level", buf, sizeof buf))
	continue;
      int level = atoi (buf);
      if (read_line (dir, "type", buf, sizeof buf)
	  && strncmp (buf, "Instruction", 11) == 0)
	continue;
      if (!read_line (dir, "size", buf, sizeof buf))
	continue;
      int64_t size = parse_size (buf);
      if (size > 0 && level >= best_level)
	{
	  best = size;
	  best_level = level;
	}
    }
  return best;
}

int64_t
sf_llc_bytes_from (const char *sysfs_root)
{
  int64_t v = env_bytes ("SPARSEFUSE_LLC_BYTES");
  if (v <= 0)
    v = sysfs_llc (sysfs_root ? sysfs_root : SF_SYSFS_CACHE);
#ifdef _SC_LEVEL3_CACHE_SIZE
  if (v <= 0 && !sysfs_root)
    v = sysconf (_SC_LEVEL3_CACHE_SIZE);
#endif
  return v > 0 ? v : SF_LLC_DEFAULT_BYTES;
}

int64_t
sf_llc_bytes (void)
{
  static _Atomic int64_t cached;
  int64_t v = atomic_load (&cached);
  if (v == 0)
    {
      v = sf_llc_bytes_from (NULL);
      atomic_store (&cached, v);
    }
  return v;
}

int64_t
sf_nnz_prefix (int nlevels, const int *kinds, const int64_t *sizes,
	       const sf_pos_t *const *pos, int level)
{
  int64_t n = 1;
  for (int l = 0; l <= level && l < nlevels; l++)
    switch ((sf_level_kind) kinds[l])
      {
      case SF_LEVEL_DENSE:
	n *= sizes[l];
	break;
      case SF_LEVEL_COMPRESSED:
	/* Positions of the level: pos[parents] - pos[0] (pos[0] is the
	   base: 0, or 1 for 1-based structs).  */
	n = pos[l][n] - pos[l][0];
	break;
      case SF_LEVEL_COO:
	n = sizes[l];
	break;
      case SF_LEVEL_SINGLETON:
	break;
      }
  return n;
}

/* Return nonzero when SPARSEFUSE_SHOW_PICK asks for the picks.  */
static int
show_pick_enabled (void)
{
  const char *s = getenv ("SPARSEFUSE_SHOW_PICK");
  return s && *s && strcmp (s, "0") != 0;
}

int64_t
sf_show_pick (const char *where, int64_t pick, int64_t n, const double *time,
	      const double *memory, double cap)
{
  if (!show_pick_enabled ())
    return pick;
  fprintf (stderr, "sparsefuse: %s: schedule %lld of %lld", where ? where : "?",
	   (long long) pick, (long long) n);
  if (time && memory && pick >= 0 && pick < n)
    fprintf (stderr, " (time %.3g, memory %.3g bytes, cap %.3g)",
	     time[pick], memory[pick], cap);
  fputc ('\n', stderr);
  for (int64_t i = 0; time && memory && i < n; i++)
    fprintf (stderr, "sparsefuse: %s:   candidate %lld: time %.3g, memory "
	     "%.3g bytes%s\n", where ? where : "?", (long long) i, time[i],
	     memory[i], memory[i] > cap ? " (does not fit)" : "");
  return pick;
}

int64_t
sf_gen_llc_bytes (void)
{
  return sf_llc_bytes ();
}

int64_t
sf_gen_show_pick (const char *where, int64_t pick, int64_t n,
		  const double *time, const double *memory, double cap)
{
  return sf_show_pick (where, pick, n, time, memory, cap);
}
