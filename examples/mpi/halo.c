/* halo.c: the ghost-row exchange of a row-block distributed matrix.

   Example, 2 ranks, B 4 x 4, rank 0 owning rows 0-1 with entries in
   columns {0, 1, 3}: its ghost is column 3 (owned by rank 1), its local
   operand has rows [0, 1, 3] and local column ids {0, 1, 2}.  Setup:

   1. collect the block's columns outside the own range, sorted, unique;
   2. group them by owner (they are sorted, so each owner's are adjacent)
      and tell every owner how many and which (MPI_Alltoall(v));
   3. renumber the block's columns into the local operand's rows.

   An exchange then packs the rows each owner was asked for and sends
   them with one MPI_Alltoallv; they arrive in ghost order.  */

#include <stdlib.h>
#include <string.h>

#include "halo.h"

/* Return the rank owning global row G: the R with FIRST[R] <= G <
   FIRST[R + 1], by bisection over the NRANKS + 1 bounds.  */
static int
owner_of (const int64_t *first, int nranks, int64_t g)
{
  int lo = 0, hi = nranks;
  while (hi - lo > 1)
    {
      int mid = (lo + hi) / 2;
      if (first[mid] <= g)
	lo = mid;
      else
	hi = mid;
    }
  return lo;
}

/* Collect the columns of LOCAL outside H's own range into H->ghosts,
   sorted and unique, with a mark per global column (NCOLS of them).
   Return 0, or -1 when out of memory.  */
static int
collect_ghosts (const sf_csr *local, halo_plan *h)
{
  int64_t nnz = local->pos[local->nrows], n = 0;
  unsigned char *seen = calloc (local->ncols ? local->ncols : 1, 1);
  if (!seen)
    return -1;
  for (int64_t p = 0; p < nnz; p++)
    seen[local->crd[p]] = 1;
  memset (seen + h->own_first, 0, h->own_rows);
  for (int64_t g = 0; g < local->ncols; g++)
    n += seen[g];
  h->ghosts = malloc ((n ? n : 1) * sizeof *h->ghosts);
  if (!h->ghosts)
    {
      free (seen);
      return -1;
    }
  n = 0;
  h->nbelow = 0;
  for (int64_t g = 0; g < local->ncols; g++)
    if (seen[g])
      {
	h->ghosts[n++] = g;
	h->nbelow += g < h->own_first;
      }
  h->nabove = n - h->nbelow;
  h->ncols = n + h->own_rows;
  free (seen);
  return 0;
}

/* Return the local row of global column G: its place among the sorted
   ghosts and own rows of H.  */
static int64_t
local_column (const halo_plan *h, int64_t g)
{
  if (g >= h->own_first && g < h->own_first + h->own_rows)
    return h->nbelow + (g - h->own_first);
  int64_t lo = 0, hi = h->nbelow + h->nabove;	/* ghosts[lo..hi) */
  while (lo < hi)
    {
      int64_t mid = lo + (hi - lo) / 2;
      if (h->ghosts[mid] < g)
	lo = mid + 1;
      else
	hi = mid;
    }
  return lo < h->nbelow ? lo : lo + h->own_rows;
}

/* Set the offsets OFF of the NRANKS counts COUNT; return their sum.  */
static int
offsets (const int *count, int *off, int nranks)
{
  int sum = 0;
  for (int r = 0; r < nranks; r++)
    {
      off[r] = sum;
      sum += count[r];
    }
  return sum;
}

/* Build H for LOCAL, this rank's block of rows of a matrix partitioned
   by FIRST (nranks + 1 bounds), and renumber LOCAL's columns into H's
   local rows (LOCAL->ncols becomes H->ncols).  Collective over COMM.
   Return 0, or -1 when out of memory (on this rank).  */
int
halo_setup (MPI_Comm comm, const int64_t *first, sf_csr *local,
	    halo_plan *h)
{
  int rank;
  memset (h, 0, sizeof *h);
  MPI_Comm_rank (comm, &rank);
  MPI_Comm_size (comm, &h->nranks);
  h->own_first = first[rank];
  h->own_rows = first[rank + 1] - first[rank];
  h->send_count = calloc (4 * (size_t) h->nranks, sizeof (int));
  if (!h->send_count || collect_ghosts (local, h))
    return -1;
  h->send_off = h->send_count + h->nranks;
  h->recv_count = h->send_off + h->nranks;
  h->recv_off = h->recv_count + h->nranks;

  int64_t nghosts = h->nbelow + h->nabove;
  for (int64_t q = 0; q < nghosts; q++)
    h->send_count[owner_of (first, h->nranks, h->ghosts[q])]++;
  MPI_Alltoall (h->send_count, 1, MPI_INT, h->recv_count, 1, MPI_INT, comm);
  offsets (h->send_count, h->send_off, h->nranks);
  int nwanted = offsets (h->recv_count, h->recv_off, h->nranks);
  h->wanted = malloc ((nwanted ? nwanted : 1) * sizeof *h->wanted);
  if (!h->wanted)
    return -1;
  MPI_Alltoallv (h->ghosts, h->send_count, h->send_off, MPI_INT64_T,
		 h->wanted, h->recv_count, h->recv_off, MPI_INT64_T, comm);

  int64_t nnz = local->pos[local->nrows];
  for (int64_t p = 0; p < nnz; p++)
    local->crd[p] = (sf_crd_t) local_column (h, local->crd[p]);
  local->ncols = h->ncols;
  return 0;
}

/* Fill OUT (H->ncols rows of WIDTH doubles) with this rank's own rows
   OWN (H->own_rows rows) and the ghost rows from their owners.
   Collective over COMM.  Return 0, or -1 when out of memory.  */
int
halo_exchange (MPI_Comm comm, const halo_plan *h, int width,
	       const double *own, double *out)
{
  int n = h->nranks, nwanted = h->recv_off[n - 1] + h->recv_count[n - 1];
  size_t row = (size_t) width * sizeof (double);
  double *packed = malloc (nwanted ? nwanted * row : 1);
  MPI_Datatype row_type;
  if (!packed)
    return -1;
  for (int q = 0; q < nwanted; q++)
    memcpy (packed + (size_t) q * width,
	    own + (size_t) (h->wanted[q] - h->own_first) * width, row);
  memcpy (out + (size_t) h->nbelow * width, own, h->own_rows * row);

  /* The ghosts arrive in sorted order, grouped by owner: the groups of
     lower ranks go before the own rows, those of higher ranks after.  */
  int *displ = malloc (n * sizeof *displ);
  if (!displ)
    {
      free (packed);
      return -1;
    }
  for (int r = 0; r < n; r++)
    displ[r] = (h->send_off[r]
		+ (h->send_off[r] < h->nbelow ? 0 : (int) h->own_rows));
  MPI_Type_contiguous (width, MPI_DOUBLE, &row_type);
  MPI_Type_commit (&row_type);
  MPI_Alltoallv (packed, h->recv_count, h->recv_off, row_type,
		 out, h->send_count, displ, row_type, comm);
  MPI_Type_free (&row_type);
  free (displ);
  free (packed);
  return 0;
}

void
halo_free (halo_plan *h)
{
  free (h->ghosts);
  free (h->send_count);
  free (h->wanted);
  memset (h, 0, sizeof *h);
}
