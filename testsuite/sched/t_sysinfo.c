/* The run-time side (runtime/sysinfo.c): cache size, prefix nnz from pos
   arrays, the SPARSEFUSE_SHOW_PICK report.  */

#define _GNU_SOURCE		/* setenv */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "sched_test.h"
#include "sparsefuse.h"

/* Write TEXT to DIR/NAME.  */
static void
put (const char *dir, const char *name, const char *text)
{
  char path[700];
  snprintf (path, sizeof path, "%s/%s", dir, name);
  FILE *f = fopen (path, "w");
  if (f)
    {
      fputs (text, f);
      fclose (f);
    }
}

/* A fake sysfs cache folder: L1d 32K, L1i 32K, L2 1M, L3 16M.  */
static void
sysfs_case (void)
{
  char root[] = "/tmp/sf-sysfs-XXXXXX";
  if (!mkdtemp (root))
    {
      check ("sysinfo/sysfs", 0, "cannot make a temporary folder");
      return;
    }
  static const char *const rows[][3] = {
    { "1", "Data", "32K" }, { "1", "Instruction", "32K" },
    { "2", "Unified", "1024K" }, { "3", "Unified", "16M" } };
  for (int i = 0; i < 4; i++)
    {
      char dir[600];
      snprintf (dir, sizeof dir, "%s/index%d", root, i);
      mkdir (dir, 0700);
      put (dir, "level", rows[i][0]);
      put (dir, "type", rows[i][1]);
      put (dir, "size", rows[i][2]);
    }
  int64_t v = sf_llc_bytes_from (root);
  check ("sysinfo/sysfs-highest-level", v == 16LL << 20, "read %lld", (long long) v);
  char cmd[600];
  snprintf (cmd, sizeof cmd, "rm -rf %s", root);
  if (system (cmd) != 0)
    fprintf (stderr, "could not remove %s\n", root);
  v = sf_llc_bytes_from ("/nonexistent");
  check ("sysinfo/default", v == SF_LLC_DEFAULT_BYTES, "read %lld", (long long) v);
}

static void
llc_cases (void)
{
  int64_t v = sf_llc_bytes ();
  check ("sysinfo/llc-positive", v > 0 && v == sf_llc_bytes (), "read %lld",
	 (long long) v);
  setenv ("SPARSEFUSE_LLC_BYTES", "123456", 1);
  v = sf_llc_bytes_from (NULL);
  check ("sysinfo/llc-env", v == 123456, "read %lld", (long long) v);
  setenv ("SPARSEFUSE_LLC_BYTES", "junk", 1);
  v = sf_llc_bytes_from (NULL);
  check ("sysinfo/llc-env-junk-ignored", v > 0 && v != 123456, "read %lld",
	 (long long) v);
  unsetenv ("SPARSEFUSE_LLC_BYTES");
  /* The kernel's figure before sysconf's: where sysfs lists a cache, the
     size is its.  */
  int64_t sys = sf_llc_bytes_from (SF_SYSFS_CACHE);
  v = sf_llc_bytes_from (NULL);
  check ("sysinfo/llc-sysfs-first", sys == SF_LLC_DEFAULT_BYTES || v == sys,
	 "read %lld, sysfs %lld", (long long) v, (long long) sys);
  sysfs_case ();
}

/* Prefix nnz of CSR, CSF and 1-based CSR built by hand.  */
static void
nnz_cases (void)
{
  /* CSR 3 x 4: rows of 2, 0, 3 entries.  */
  static const sf_pos_t rowptr[] = { 0, 2, 2, 5 };
  const sf_pos_t *csr_pos[] = { NULL, rowptr };
  int csr_kinds[] = { SF_LEVEL_DENSE, SF_LEVEL_COMPRESSED };
  int64_t csr_sizes[] = { 3, 4 };
  check ("sysinfo/nnz-csr", sf_nnz_prefix (2, csr_kinds, csr_sizes, csr_pos, 0) == 3
	 && sf_nnz_prefix (2, csr_kinds, csr_sizes, csr_pos, 1) == 5,
	 "CSR prefixes %lld %lld",
	 (long long) sf_nnz_prefix (2, csr_kinds, csr_sizes, csr_pos, 0),
	 (long long) sf_nnz_prefix (2, csr_kinds, csr_sizes, csr_pos, 1));
  static const sf_pos_t one_based[] = { 1, 3, 3, 6 };
  const sf_pos_t *ob_pos[] = { NULL, one_based };
  check ("sysinfo/nnz-csr-1-based",
	 sf_nnz_prefix (2, csr_kinds, csr_sizes, ob_pos, 1) == 5, "got %lld",
	 (long long) sf_nnz_prefix (2, csr_kinds, csr_sizes, ob_pos, 1));
  /* CSF: 2 i fibers, 3 (i,j) fibers, 7 entries.  */
  static const sf_pos_t p0[] = { 0, 2 }, p1[] = { 0, 1, 3 }, p2[] = { 0, 2, 5, 7 };
  const sf_pos_t *csf_pos[] = { p0, p1, p2 };
  int csf_kinds[] = { SF_LEVEL_COMPRESSED, SF_LEVEL_COMPRESSED, SF_LEVEL_COMPRESSED };
  int64_t sizes[] = { 0, 0, 0 };
  int64_t n0 = sf_nnz_prefix (3, csf_kinds, sizes, csf_pos, 0);
  int64_t n1 = sf_nnz_prefix (3, csf_kinds, sizes, csf_pos, 1);
  int64_t n2 = sf_nnz_prefix (3, csf_kinds, sizes, csf_pos, 2);
  check ("sysinfo/nnz-csf", n0 == 2 && n1 == 3 && n2 == 7, "got %lld %lld %lld",
	 (long long) n0, (long long) n1, (long long) n2);
}

/* Return the stderr output of sf_show_pick with SPARSEFUSE_SHOW_PICK set
   to ENV (NULL: unset), in BUF.  */
static void
show_pick_output (const char *env, char *buf, size_t size)
{
  double t[] = { 3e7, 2e7 }, m[] = { 0, 512 };
  FILE *tmp = tmpfile ();
  int saved = dup (2);
  fflush (stderr);
  dup2 (fileno (tmp), 2);
  if (env)
    setenv ("SPARSEFUSE_SHOW_PICK", env, 1);
  else
    unsetenv ("SPARSEFUSE_SHOW_PICK");
  int64_t r = sf_show_pick ("k.c:12", 1, 2, t, m, 4096);
  fflush (stderr);
  dup2 (saved, 2);
  close (saved);
  rewind (tmp);
  size_t n = fread (buf, 1, size - 1, tmp);
  buf[n] = '\0';
  fclose (tmp);
  unsetenv ("SPARSEFUSE_SHOW_PICK");
  if (r != 1)
    snprintf (buf, size, "returned %lld", (long long) r);
}

static void
show_pick_cases (void)
{
  char buf[1024];
  show_pick_output ("1", buf, sizeof buf);
  check ("sysinfo/show-pick",
	 strstr (buf, "sparsefuse: k.c:12: schedule 1 of 2 (time 2e+07, memory 512 bytes, cap 4.1e+03)")
	 && strstr (buf, "candidate 0: time 3e+07"), "printed '%s'", buf);
  show_pick_output (NULL, buf, sizeof buf);
  check ("sysinfo/show-pick-off", buf[0] == '\0', "printed '%s'", buf);
  show_pick_output ("0", buf, sizeof buf);
  check ("sysinfo/show-pick-zero", buf[0] == '\0', "printed '%s'", buf);
}

void
sysinfo_suite (void)
{
  llc_cases ();
  nnz_cases ();
  show_pick_cases ();
}
