/* What the lowering sees, in words, for the explain tool: the index
   notation with its reductions explicit, the iteration graph, the loop
   order and each index's merge lattice; and a dense reference evaluation
   of the notation as C, the tool's second oracle.

     A(i,j) = B(i,j) * C(i,k) * D(j,k)        B, A CSR; C, D dense
   explains as
     reductions:  A(i,j) = B(i,j) * sum{k}(C(i,k) * D(j,k))
     graph:       i -> j  B (compressed level 1 under level 0)
                  i -> k  C (row-major: preferred)   ...
     order:       i j k
     lattices:    i: {-}  j: {B}  k: {-}
   and its reference (GNU C, the program declares ref_X and ext_v):
     ref_B[v_i * ext_j + v_j]
       * ({ double s1 = 0; for (int64_t v_k = 0; v_k < ext_k; v_k++)
              s1 += ref_C[v_i * ext_k + v_k] * ref_D[v_j * ext_k + v_k];
            s1; })  */

#include <string.h>
#include "lower/internal.h"


/* ---- the notation with sums ---- */

/* Return nonzero when E prints as a sum (parenthesized as a factor).  */
static int
lx_is_sum (const lw_expr *e)
{
  return e->kind == LW_ADD || e->kind == LW_SUB;
}

/* Print the indices of MASK, comma-separated.  */
static void
lx_print_mask (FILE *out, const lw_ctx *ctx, unsigned mask)
{
  for (int v = 0, first = 1; v < SF_MAX_INDICES; v++)
    if (mask & BIT (v))
      {
	fprintf (out, "%s%s", first ? "" : ",", lw_index_name (ctx, v));
	first = 0;
      }
}

/* Print access ACC, "B(i,j)".  */
static void
lx_print_access (FILE *out, const lw_ctx *ctx, int acc)
{
  const lw_access *a = &ctx->acc[acc];
  fputs (a->op->name, out);
  for (int d = 0; d < a->nidx; d++)
    fprintf (out, "%s%s", d ? "," : "(", lw_index_name (ctx, a->idx[d]));
  if (a->nidx)
    fputc (')', out);
}

/* Print E, parenthesized when PAREN.  */
static void
lx_print (FILE *out, const lw_ctx *ctx, const lw_expr *e, int paren)
{
  if (paren)
    fputc ('(', out);
  switch (e->kind)
    {
    case LW_NUM:
      fprintf (out, "%.17g", e->num);
      break;
    case LW_ACC:
      lx_print_access (out, ctx, e->acc);
      break;
    case LW_TEMP:
      fputs (ctx->r->vars[e->var].name, out);
      break;
    case LW_WORK:
      fprintf (out, "%s(", ctx->r->vars[ctx->work[e->var].var].name);
      lx_print_mask (out, ctx, e->mention);
      fputs (")", out);
      break;
    case LW_SUM:
      fputs ("sum{", out);
      lx_print_mask (out, ctx, e->sum);
      fputs ("}", out);
      lx_print (out, ctx, e->a, 1);
      break;
    case LW_NEG:
      fputc ('-', out);
      lx_print (out, ctx, e->a, e->a->a && e->a->kind != LW_SUM);
      break;
    default:
      lx_print (out, ctx, e->a, e->kind == LW_MUL && lx_is_sum (e->a));
      fputs (e->kind == LW_MUL ? " * " : e->kind == LW_ADD ? " + " : " - ",
	     out);
      lx_print (out, ctx, e->b, e->kind != LW_ADD && lx_is_sum (e->b));
      break;
    }
  if (paren)
    fputc (')', out);
}

/* ---- the iteration graph ---- */

/* Print the edges access A adds to the iteration graph; return their
   number.  */
static int
lx_print_edges (FILE *out, const lw_ctx *ctx, const lw_access *a)
{
  if (a->format)
    {
      for (int l = 1; l < a->format->nlevels; l++)
	fprintf (out, "  %s -> %s   %s: its %s level %d stores %s under "
		 "level %d (required)\n",
		 lw_index_name (ctx, a->idx[a->format->modes[l - 1]]),
		 lw_index_name (ctx, a->idx[a->format->modes[l]]),
		 a->op->name, sf_level_name (a->format->levels[l].kind), l,
		 lw_index_name (ctx, a->idx[a->format->modes[l]]), l - 1);
      return a->format->nlevels - 1;
    }
  for (int d = 1; d < a->nidx; d++)
    {
      int from = a->op->colmajor ? d : d - 1, to = a->op->colmajor ? d - 1 : d;
      fprintf (out, "  %s -> %s   %s: %s layout (preferred)\n",
	       lw_index_name (ctx, a->idx[from]),
	       lw_index_name (ctx, a->idx[to]), a->op->name,
	       a->op->colmajor ? "column-major" : "row-major");
    }
  return a->nidx > 1 ? a->nidx - 1 : 0;
}

/* Print the merge lattice of E over index V as seen from a nest that has
   bound every level above V's in each sparse access.  */
static void
lx_print_lattice (FILE *out, lw_ctx *ctx, const lw_expr *e, int v)
{
  lw_path *path = SF_NEW (ctx->arena, lw_path);
  for (int a = 0; a < ctx->nacc; a++)
    path->st[a].nbound = ctx->acc[a].format && ctx->acc[a].slot[v] > 0
			 ? ctx->acc[a].slot[v] : 0;
  lw_iter it[LW_MAX_ITERS];
  lw_lattice lat;
  int nit = lw_collect_iters (ctx, path, e, v, it);
  if (nit < 0 || lw_lattice_build (ctx, e, it, nit, &lat))
    {
      ctx->failed = 0;
      fprintf (out, "  %s: (too large)\n", lw_index_name (ctx, v));
      return;
    }
  fprintf (out, "  %s: {", lw_index_name (ctx, v));
  for (int p = 0; p < lat.n; p++)
    {
      fputs (p ? ", " : "", out);
      if (!lat.pt[p])
	fputs ("every coordinate", out);
      for (int n = 0, first = 1; n < nit; n++)
	if (lat.pt[p] & BIT (n))
	  {
	    fprintf (out, "%s%s", first ? "" : " ", ctx->acc[it[n].acc].op->name);
	    first = 0;
	  }
    }
  fputs ("}\n", out);
}

int
sf_explain (FILE *out, sf_arena *arena, const sf_comp *comp,
	    const sf_format *formats, const sf_lower_options *options,
	    sf_diags *diags)
{
  lw_ctx *ctx = lw_ctx_new (arena, comp, formats, options);
  lw_expr *rhs = lw_prepare (ctx);
  fputs ("reductions explicit (as the code computes them):\n  ", out);
  lx_print_access (out, ctx, 0);
  fputs (comp->accumulate ? " += " : " = ", out);
  if (rhs)
    lx_print (out, ctx, rhs, 0);
  fputs ("\niteration graph (an edge u -> v: loop u encloses loop v):\n",
	 out);
  int edges = 0;
  for (int a = 0; a < ctx->nacc; a++)
    edges += lx_print_edges (out, ctx, &ctx->acc[a]);
  if (!edges)
    fputs ("  (no edges: any order)\n", out);
  if (!rhs || !lw_lower_all (ctx, rhs))
    {
      sf_diag_warning (diags, comp->lhs ? comp->lhs->tok : -1, "%s",
		       ctx->why ? ctx->why : "unsupported");
      return 1;
    }
  fputs ("loop order:\n ", out);
  for (int k = 0; k < ctx->norder; k++)
    fprintf (out, " %s", lw_index_name (ctx, ctx->order[k]));
  fputs ("\nmerge lattices (which operands must hold an entry for the "
	 "expression to be nonzero):\n", out);
  for (int k = 0; k < ctx->norder; k++)
    lx_print_lattice (out, ctx, rhs, ctx->order[k]);
  return 0;
}

/* ---- the dense reference ---- */

/* Print the row-major offset of access ACC in its dense reference copy:
   "((v_i * ext_j + v_j) * ext_k + v_k)".  */
static void
lx_print_offset (FILE *out, const lw_ctx *ctx, int acc)
{
  const lw_access *a = &ctx->acc[acc];
  if (!a->nidx)
    {
      fputc ('0', out);
      return;
    }
  for (int d = 1; d < a->nidx; d++)
    fputc ('(', out);
  fprintf (out, "v_%s", lw_index_name (ctx, a->idx[0]));
  for (int d = 1; d < a->nidx; d++)
    fprintf (out, " * ext_%s + v_%s)", lw_index_name (ctx, a->idx[d]),
	     lw_index_name (ctx, a->idx[d]));
}

/* Print E as a C expression over the reference copies; sums become
   statement expressions with accumulators numbered from *SERIAL.  */
static void
lx_print_ref (FILE *out, const lw_ctx *ctx, const lw_expr *e, int *serial)
{
  switch (e->kind)
    {
    case LW_NUM:
      fprintf (out, "%.17g", e->num);
      return;
    case LW_ACC:
      if (ctx->acc[e->acc].op->kind == SF_OPERAND_SCALAR)
	fprintf (out, "(double) %s", ctx->acc[e->acc].op->name);
      else
	{
	  fprintf (out, "ref_%s[", ctx->acc[e->acc].op->name);
	  lx_print_offset (out, ctx, e->acc);
	  fputc (']', out);
	}
      return;
    case LW_SUM:
      {
	int s = ++*serial;
	fprintf (out, "({ double s%d = 0; ", s);
	for (int v = 0; v < SF_MAX_INDICES; v++)
	  if (e->sum & BIT (v))
	    fprintf (out, "for (int64_t v_%s = 0; v_%s < ext_%s; v_%s++) ",
		     lw_index_name (ctx, v), lw_index_name (ctx, v),
		     lw_index_name (ctx, v), lw_index_name (ctx, v));
	fprintf (out, "s%d += ", s);
	lx_print_ref (out, ctx, e->a, serial);
	fprintf (out, "; s%d; })", s);
	return;
      }
    case LW_NEG:
      fputs ("-(", out);
      lx_print_ref (out, ctx, e->a, serial);
      fputc (')', out);
      return;
    default:
      fputc ('(', out);
      lx_print_ref (out, ctx, e->a, serial);
      fputs (e->kind == LW_MUL ? " * " : e->kind == LW_ADD ? " + " : " - ",
	     out);
      lx_print_ref (out, ctx, e->b, serial);
      fputc (')', out);
      return;
    }
}

int
sf_print_reference_c (FILE *out, sf_arena *arena, const sf_comp *comp,
		      const sf_format *formats)
{
  sf_lower_options opt = { 0, SF_SCHEDULE_NAIVE, 0, 0, 0, 0, 0 };
  lw_ctx *ctx = lw_ctx_new (arena, comp, formats, &opt);
  ctx->out = lw_new_access (ctx, comp->lhs);
  for (int d = 0; d < comp->lhs->nidx; d++)
    ctx->free_mask |= BIT (comp->lhs->idx[d]);
  lw_expr *rhs = lw_from_ast (ctx, comp->rhs);
  if (!ctx->failed)
    rhs = lw_insert_sums (ctx, rhs);
  if (ctx->failed)
    return 1;
  int serial = 0;
  fputs ("ref_out[", out);
  lx_print_offset (out, ctx, ctx->out);
  fputs (comp->accumulate ? "] += " : "] = ", out);
  lx_print_ref (out, ctx, rhs, &serial);
  fputs (";\n", out);
  return 0;
}
