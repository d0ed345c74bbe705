/* The nest: index by index in the chosen order, what each level does with
   the expression that remains.

   GNN, A(i,l) = B(i,j)*C(i,k)*D(j,k)*E(j,l), order i j k l, is
   SUM{j}(B * SUM{k}(C*D) * E) and becomes

     for i:                              free index: a loop, output row
       for pB1 in B's row i:             SUM{j} at the root: a loop that
         j = B_crd[pB1]                  accumulates into the output
         t_B = B_vals[pB1]               available at j: hoisted
         t = 0                           SUM{k} below the root: its value
         for k: t += C[i,k]*D[j,k]       goes to a temporary, in its own
         h = t_B * t                     loop; the rest, hoisted where
         for l: A[i,l] += h * E[j,l]     available, continues at l

   (lower/order.c places k, which closes SUM{k}, before the output index
   l; in the order i j l k the k loop would sit inside the l loop.)

   Outline of lw_gen at level K (index v = order[K]):
     1. v is a free index of the output still to store: loop over it;
     2. v is summed by the SUM at the root of E and the sink accumulates
        (a temporary, or the output with free indices left below): loop
        over it, the output then needs "+=" (and zeroing for "=");
     3. v is summed by a SUM inside E, or at the root when every free
        index is bound: a temporary t = 0, the sum's own nest into t, and
        E with the SUM replaced by t continues at level K+1 -- valid only
        when the two parts share no index still unbound; else the SUM
        moves up through the products holding it and step 2 or 3 is
        tried again, and when a sum of terms holds it, one nest cannot
        compute E (soft failure: lower/lower.c makes one nest per term);
     4. E does not mention v: skip it;
     5. past the last index: store (or accumulate into the temporary).
   In each case of a loop (lw_gen_case) the expression is restricted to
   the lattice point, the output is bound, and the subexpressions whose
   indices are all bound are computed into temporaries (hoisting).  */

#include "lower/internal.h"


/* Return the id of a new variable NAME of type TY.  */
int
lw_new_var (lw_ctx *ctx, const char *name, sf_ty ty)
{
  if (ctx->r->nvars >= LW_MAX_VARS)
    lw_fail_vars (ctx);
  return sf_region_var (ctx->arena, ctx->r, name, ty);
}

/* Give up: the region has more than LW_MAX_VARS variables.  */
void
lw_fail_vars (lw_ctx *ctx)
{
  lw_fail (ctx, "its code would grow past %d variables (the "
	   "co-iteration of its operands nests too deep)", LW_MAX_VARS);
}

/* Return a reference to variable VAR.  */
sf_ir_expr *
lw_var (lw_ctx *ctx, int var)
{
  return sf_ir_var_ref (ctx->arena, ctx->r, var);
}

/* Return the free indices SINK still has to loop over.  */
static unsigned
lw_unbound_free (const lw_ctx *ctx, const lw_path *path, lw_sink sink)
{
  return lw_sink_free (ctx, path, sink);
}

/* Return the type a reduction of E accumulates in: the wider of E's and
   the output's.  */
static sf_ty
lw_accum_ty (const lw_ctx *ctx, const lw_expr *e)
{
  return sf_ty_wider (lw_value_ty (ctx, e), ctx->out_ty);
}

/* ---- hoisting ---- */

/* Return a name for the temporary holding E.  */
static const char *
lw_temp_name (const lw_ctx *ctx, const lw_expr *e)
{
  if (e->kind == LW_ACC)
    return sf_arena_printf (ctx->arena, "t_%s", ctx->acc[e->acc].op->name);
  return "h";
}

#define LW_MAX_FACTORS 16

/* Store in F[N..] the factors of the chain of products E; return the new
   count, or -1 past LW_MAX_FACTORS.  */
static int
lw_factors (lw_expr *e, lw_expr **f, int n)
{
  if (n < 0)
    return n;
  if (e->kind == LW_MUL)
    return lw_factors (e->b, f, lw_factors (e->a, f, n));
  if (n == LW_MAX_FACTORS)
    return -1;
  f[n] = e;
  return n + 1;
}

/* Return the product E with the factors available under PATH first, in
   their order, then the others in theirs, so that the available ones
   are one subexpression to hoist: "D*E first" in TTMc's rank-1 update is
   (t_D * E[n]) * t_B, one multiply more per n than (t_D * t_B) * E[n].
   E itself when they lead already, or when the factors' types differ
   (the grouping would change where a float product widens).  */
static lw_expr *
lw_group_available (lw_ctx *ctx, lw_expr *e, const lw_path *path)
{
  lw_expr *f[LW_MAX_FACTORS];
  int n = lw_factors (e, f, 0);
  if (n < 3)
    return e;
  lw_expr *have = NULL, *rest = NULL;
  int nhave = 0, lead = 1;
  for (int k = 0; k < n; k++)
    {
      if (f[k]->ty != SF_TY_VOID && f[k]->ty != e->ty)
	return e;
      if (!(f[k]->mention & ~path->bound))
	{
	  have = have ? lw_node (ctx, LW_MUL, have, f[k]) : f[k];
	  nhave++;
	  lead &= k + 1 == nhave;
	}
      else
	rest = rest ? lw_node (ctx, LW_MUL, rest, f[k]) : f[k];
    }
  if (nhave < 2 || !rest || lead)
    return e;
  return lw_node (ctx, LW_MUL, have, rest);
}

/* Return E with its maximal subexpressions that are available under PATH
   (every index bound; an operand read or an operation on temporaries)
   computed into temporaries declared in LIST.  */
static lw_expr *
lw_hoist_1 (lw_ctx *ctx, lw_expr *e, const lw_path *path, sf_ir_list *list)
{
  if (e->kind == LW_TEMP || e->kind == LW_NUM)
    return e;
  if (e->kind == LW_MUL && (e->mention & ~path->bound))
    e = lw_group_available (ctx, e, path);
  int scalar = e->kind == LW_ACC && ctx->acc[e->acc].nidx == 0;
  if (!(e->mention & ~path->bound) && (lw_has_access (e) || e->a)
      && !scalar)
    {
      int t = lw_new_var (ctx, lw_temp_name (ctx, e), lw_value_ty (ctx, e));
      sf_ir_append (list, sf_ir_decl (ctx->arena, t, lw_eval (ctx, path, e)));
      return lw_temp (ctx, t);
    }
  if (!e->a)
    return e;
  lw_expr *a = lw_hoist_1 (ctx, e->a, path, list);
  lw_expr *b = e->b ? lw_hoist_1 (ctx, e->b, path, list) : NULL;
  if (a == e->a && b == e->b)
    return e;
  if (e->kind == LW_SUM)
    return lw_sum (ctx, e->sum, a);
  return lw_node (ctx, e->kind, a, b);
}

/* Return E with its available subexpressions hoisted into LIST, unless
   all of E is available (the store computes it then).  */
static lw_expr *
lw_hoist (lw_ctx *ctx, lw_expr *e, const lw_path *path, sf_ir_list *list)
{
  if (!(e->mention & ~path->bound))
    return e;
  return lw_hoist_1 (ctx, e, path, list);
}

/* ---- levels of the nest ---- */

/* Step 5: append the final computation of E (every index bound) to LIST:
   a store to the output or an accumulation into the temporary.  */
static void
lw_leaf (lw_ctx *ctx, lw_expr *e, lw_sink sink, const lw_path *path,
	 sf_ir_list *list)
{
  sf_arena *A = ctx->arena;
  if (lw_is_zero (e) && (sink.kind != LW_SINK_OUT || ctx->out_acc))
    return;
  if (sink.kind == LW_SINK_WORK)
    {
      lw_work_store (ctx, path, sink.var, lw_eval (ctx, path, e), list);
      return;
    }
  if (sink.kind == LW_SINK_TEMP)
    {
      sf_ty ty = ctx->r->vars[sink.var].ty;
      sf_ir_expr *sum = sf_ir_add (A, lw_var (ctx, sink.var),
				   sf_ir_convert (A, lw_eval (ctx, path, e),
						  ty));
      sf_ir_append (list, sf_ir_assign (A, sink.var, sum));
      return;
    }
  sf_ty ty = ctx->out_acc ? lw_accum_ty (ctx, e) : lw_value_ty (ctx, e);
  lw_store_out (ctx, path, list,
		sf_ir_convert (A, lw_eval (ctx, path, e), ty), ty);
}

/* Return E with the sum R moved up one node, to the product (or
   negation) holding it: (SUM{j} X) * Y -> SUM{j} (X * Y), valid since Y
   does not mention j.  Returns NULL when R is E or sits in a sum.  */
static lw_expr *
lw_lift_sum (lw_ctx *ctx, lw_expr *e, const lw_expr *r)
{
  if (e == r || !e->a)
    return NULL;
  if (e->a == r || e->b == r)
    {
      if (e->kind != LW_MUL && e->kind != LW_NEG)
	return NULL;
      lw_expr *a = e->a == r ? r->a : e->a;
      lw_expr *b = e->b == r ? r->a : e->b;
      return lw_sum (ctx, r->sum, lw_node (ctx, e->kind, a, b));
    }
  lw_expr *a = lw_lift_sum (ctx, e->a, r);
  lw_expr *b = !a && e->b ? lw_lift_sum (ctx, e->b, r) : NULL;
  if (!a && !b)
    return NULL;
  if (e->kind == LW_SUM)
    return lw_sum (ctx, e->sum, a);
  return lw_node (ctx, e->kind, a ? a : e->a, b ? b : e->b);
}

/* Step 3: compute the sum R (a node of E summing ORDER[K]) into a new
   temporary, then continue with E using it.  When the two parts would
   share an unbound index, R moves up through the products holding it
   (in the end to the root: step 2) before giving up.  */
static void
lw_gen_reduction (lw_ctx *ctx, int k, lw_expr *e, lw_expr *r, lw_sink sink,
		  lw_path *path, sf_ir_list *list)
{
  int v = ctx->order[k];
  unsigned unbound = ~path->bound & ~BIT (v);
  lw_expr *rest = lw_replace (ctx, e, r, lw_num (ctx, 1.0));
  unsigned inner = r->mention & unbound;
  unsigned outer = (rest->mention | lw_unbound_free (ctx, path, sink))
		   & unbound;
  if ((inner & outer) && lw_want_where (ctx, path, r, inner, outer))
    {
      rest = lw_gen_where_producer (ctx, k, e, r, path, list);
      lw_gen (ctx, k + 1, lw_hoist (ctx, rest, path, list), sink, path, list);
      return;
    }
  if (inner & outer)
    {
      lw_expr *lifted = lw_lift_sum (ctx, e, r);
      if (lifted)
	{
	  lw_gen (ctx, k, lifted, sink, path, list);
	  return;
	}
      int w = 0;
      while (!((inner & outer) & BIT (w)))
	w++;
      lw_fail (ctx, "the sum over '%s' needs a loop over '%s', which the "
	       "expression around it also loops over: one nest cannot "
	       "compute both; compute the sum in a statement of its own (into "
	       "a temporary array) and use that", lw_index_name (ctx, v),
	       lw_index_name (ctx, w));
      ctx->soft_fail = 1;
      return;
    }
  int t = lw_new_var (ctx, "t", lw_accum_ty (ctx, r));
  rest = lw_replace (ctx, e, r, lw_temp (ctx, t));
  sf_ir_append (list, sf_ir_decl (ctx->arena, t,
				  sf_ir_float (ctx->arena, 0.0,
					       ctx->r->vars[t].ty)));
  lw_sink into = { LW_SINK_TEMP, t };
  lw_gen (ctx, k, r, into, path, list);
  lw_gen (ctx, k + 1, lw_hoist (ctx, rest, path, list), sink, path, list);
}

/* Generate into LIST the computation of E into SINK for the levels K..
   of the order, the enclosing loops having bound PATH (steps 1-5).  */
void
lw_gen (lw_ctx *ctx, int k, lw_expr *e, lw_sink sink, lw_path *path,
	sf_ir_list *list)
{
  int block = sink.kind == LW_SINK_OUT ? lw_want_out_block (ctx, path, e) : 0;
  if (block)
    {
      lw_gen_out_block (ctx, k, e, path, list, block);
      return;
    }
  for (; k < ctx->norder && !ctx->failed; k++)
    {
      int v = ctx->order[k];
      if (path->bound & BIT (v))
	continue;
      if (lw_unbound_free (ctx, path, sink) & BIT (v))
	{
	  lw_emit_loop (ctx, k, e, sink, path, list);
	  return;
	}
      lw_expr *r = lw_find_sum (e, v);
      if (!r)
	continue;
      if (r == e && (sink.kind != LW_SINK_OUT
		     || lw_unbound_free (ctx, path, sink)))
	{
	  if (sink.kind == LW_SINK_OUT && !ctx->out_acc)
	    ctx->need_acc = 1;
	  lw_emit_loop (ctx, k, e, sink, path, list);
	  return;
	}
      lw_gen_reduction (ctx, k, e, r, sink, path, list);
      return;
    }
  if (!ctx->failed)
    lw_leaf (ctx, e, sink, path, list);
}

/* Generate into LIST one case of the loop at level K: the iterators
   IT[0..NIT) in PRESENT have a value at the loop's coordinate (bound in
   PATH), the others none.  */
void
lw_gen_case (lw_ctx *ctx, int k, lw_expr *e, lw_sink sink, lw_path *path,
	     const lw_iter *it, int nit, unsigned present, sf_ir_list *list)
{
  int v = ctx->order[k];
  if (++ctx->ncases > LW_MAX_CASES)
    {
      lw_fail (ctx, "the generated code would be too large (more than %d "
	       "merge cases)", LW_MAX_CASES);
      return;
    }
  lw_expr *ec = lw_restrict (ctx, e, it, nit, present);
  lw_path p = *path;
  sf_ir_stmt *wrap = NULL;
  sf_ir_list inner = { 0 }, *dst = list;
  if (sink.kind == LW_SINK_OUT && (ctx->free_mask & BIT (v)))
    {
      if (lw_out_bind (ctx, &p, list, v, it, nit, present, &wrap))
	return;
      if (wrap)
	dst = &inner;
    }
  if (lw_is_zero (ec) && (sink.kind != LW_SINK_OUT || ctx->out_acc))
    return;
  ec = lw_hoist (ctx, ec, &p, dst);
  lw_gen (ctx, k + 1, ec, sink, &p, dst);
  if (wrap)
    wrap->body = inner.head;
}
