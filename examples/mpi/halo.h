/* halo.h: a sparse matrix distributed by blocks of rows, and the
   exchange of the dense operand's rows that each block needs.

   Rank r owns rows first[r] .. first[r+1]-1 of B and the same rows of
   the dense operands indexed by B's columns (B is square).  Its local
   block refers to other columns too: the "ghost" rows, owned by other
   ranks.  The local CSR numbers its columns over the sorted union of the
   ghosts and the own range, so that

     local dense operand = [ghosts below first[r]] [own rows] [ghosts above]

   and the columns of each local row stay sorted (a CSR requirement).

     halo_plan h;
     halo_setup (comm, first, &local, &h);    local->crd renumbered
     halo_exchange (comm, &h, K, own_x, x_local);   x_local: h.ncols rows  */

#ifndef SF_MPI_HALO_H
#define SF_MPI_HALO_H

#include <mpi.h>
#include "sparsefuse.h"

typedef struct halo_plan
{
  int nranks;
  int64_t own_first, own_rows;	/* this rank's rows of the operand */
  int64_t nbelow, nabove;	/* ghost rows before and after them */
  int64_t ncols;		/* nbelow + own_rows + nabove */
  int64_t *ghosts;		/* global ids of the ghosts, sorted */
  /* Requests this rank sends (ghost ids, grouped by owner) and receives
     (ids of its own rows that others need), per rank, with offsets.  */
  int *send_count, *send_off, *recv_count, *recv_off;
  int64_t *wanted;		/* the ids others asked for, by asker */
} halo_plan;

int halo_setup (MPI_Comm comm, const int64_t *first, sf_csr *local,
		halo_plan *h);
int halo_exchange (MPI_Comm comm, const halo_plan *h, int width,
		   const double *own, double *out);
void halo_free (halo_plan *h);

#endif /* SF_MPI_HALO_H */
