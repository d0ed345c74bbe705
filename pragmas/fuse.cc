/* Consecutive computations: preparing region N+1 to absorb region N.

     double T[n][K];
     #pragma tensor T(i,k) = B(i,j) * C(j,k)         region 1
     for (...) ...
     #pragma tensor A(i,l) = T(i,k) * D(k,l)         region 2
     for (...) ...

   When region 2's pragma is handled, region 1 (the previous computation
   of the same block) is still in the table.  sf_fuse_prepare substitutes
   region 1's right-hand side for T in region 2 (core/fuse_regions.c),
   checks and lowers the result as region 2's fused code, and appends the
   parameters of that code to region 2's begin marker (after its own
   arguments).  Whether the fused code is used is decided later, in the
   GIMPLE pass, which alone can see that nothing runs between the two
   regions and that T is not used anywhere else (passes/fuse.cc); until
   then both ways are ready.

   Region 1's operands are found again through the declarations recorded
   when its marker was made, and its token locations follow region 2's, so
   diagnostics of the fused computation (there should be none: each half
   was checked alone) point at the right pragma.  */

#include "sf-plugin.h"

/* The last computation that started a region, in the current function.
   The declarations are reachable from the function's body, so keeping
   them between two pragmas of one function is safe.  */
static struct
{
  int id;
  tree fn;
  tree stmt_list;
  tree decls[SF_MAX_OPERANDS];
  vec<location_t> locs;
} prev = { -1, NULL_TREE, NULL_TREE, { NULL_TREE }, vNULL };

/* Remember region INFO (operand declarations DECLS, token locations LOCS)
   as the previous computation of its block.  */
void
sf_fuse_remember (const sf_region_info *info, tree *decls,
		  const location_t *locs, int nlocs)
{
  prev.id = info->id;
  prev.fn = current_function_decl;
  prev.stmt_list = cur_stmt_list;
  for (int i = 0; i < SF_MAX_OPERANDS; i++)
    prev.decls[i] = i < info->comp->noperands ? decls[i] : NULL_TREE;
  prev.locs.truncate (0);
  for (int i = 0; i < nlocs; i++)
    prev.locs.safe_push (locs[i]);
}

/* Forget the previous computation (a statement that is not a region came
   in between, as far as the pragma handler can tell).  */
void
sf_fuse_forget (void)
{
  prev.id = -1;
}

/* Return the first error or warning message of DIAGS, in ARENA.  */
static const char *
first_message (sf_arena *arena, const sf_diags *diags, const char *fallback)
{
  for (int i = 0; i < diags->n; i++)
    if (diags->v[i].severity != SF_SEV_NOTE)
      return sf_arena_strdup (arena, diags->v[i].message);
  return fallback;
}

/* Return the declarations of the fused computation's operands in FDECLS
   from region 2's DECLS and the previous region's, through the operand
   maps; return the reason when a name denotes two variables.  */
static const char *
fused_decls (const sf_comp *fc, tree *decls, const int *amap, int na,
	     const int *bmap, int nb, tree *fdecls)
{
  for (int i = 0; i < fc->noperands; i++)
    fdecls[i] = NULL_TREE;
  for (int i = 0; i < nb; i++)
    if (bmap[i] >= 0)
      fdecls[bmap[i]] = decls[i];
  for (int i = 0; i < na; i++)
    {
      if (amap[i] < 0)
	continue;
      if (fdecls[amap[i]] && fdecls[amap[i]] != prev.decls[i])
	return "an operand name denotes different variables in the two "
	       "computations";
      fdecls[amap[i]] = prev.decls[i];
    }
  return NULL;
}

/* Make the names and shape expressions of the fused computation FC its
   own, in ARENA: they come from the previous region's arena, which goes
   when that region is fused away, before FC is dumped.  */
static void
own_names (sf_arena *arena, sf_comp *fc)
{
  for (int k = 0; k < fc->noperands; k++)
    {
      sf_operand *o = &fc->operands[k];
      o->name = sf_arena_strdup (arena, o->name);
      for (int d = 0; d < o->nshape; d++)
	if (o->shape[d])
	  o->shape[d] = sf_cexpr_copy (arena, o->shape[d], o->shape[d]->tok);
    }
  for (int v = 0; v < fc->nindices; v++)
    fc->index_names[v] = sf_arena_strdup (arena, fc->index_names[v]);
}

/* Return true when COMP reads its output on the right-hand side
   (sf_operand.is_old): the fusion's algebra does not carry such reads.  */
static bool
reads_old_output (const sf_comp *comp)
{
  for (int i = 0; i < comp->noperands; i++)
    if (comp->operands[i].is_old)
      return true;
  return false;
}

/* Try to make INFO (operand declarations DECLS, token locations LOCS) the
   fused code of the previous region and INFO's computation; append the
   fused code's parameters to ARGS.  Records in INFO the fused region or
   why there is none.  Must not report anything: each computation was
   checked alone, and the fusion is an optimization.  */
void
sf_fuse_prepare (sf_region_info *info, tree *decls, const location_t *locs,
		 int nlocs, const sf_lower_options *opts, vec<tree> *args)
{
  if (prev.id < 0 || prev.fn != current_function_decl
      || prev.stmt_list != cur_stmt_list)
    return;
  sf_region_info *p = sf_region_get (prev.id);
  if (!p || !p->comp || !p->ir)
    return;
  info->fuse_prev = p->id;
  if (reads_old_output (p->comp) || reads_old_output (info->comp))
    {
      info->fuse_why = "a computation reads its output's old values";
      return;
    }
  int amap[SF_MAX_OPERANDS], bmap[SF_MAX_OPERANDS];
  const char *why = NULL;
  sf_comp *fc = sf_fuse_comps (&info->arena, p->comp, info->comp, nlocs,
			       amap, bmap, &why);
  tree fdecls[SF_MAX_OPERANDS];
  if (fc)
    own_names (&info->arena, fc);
  if (fc)
    why = fused_decls (fc, decls, amap, p->comp->noperands, bmap,
		       info->comp->noperands, fdecls);
  if (why)
    {
      info->fuse_why = why;
      return;
    }
  auto_vec<location_t> flocs;
  for (int i = 0; i < nlocs; i++)
    flocs.safe_push (locs[i]);
  for (location_t l : prev.locs)
    flocs.safe_push (l);
  sf_diags diags;
  sf_diags_init (&diags);
  sf_region *ir = NULL;
  if (!sf_check_comp (fc, sf_format_table (), &diags))
    ir = sf_lower_timed (info, fc, opts, &diags);
  if (!ir)
    info->fuse_why = first_message (&info->arena, &diags,
				    "the fused computation cannot be lowered");
  sf_diags_free (&diags);
  if (!ir)
    return;
  ir->entry_test = sf_region_entry_test (&info->arena, ir, fc,
					 sf_format_table (), &ir->entry_text);
  unsigned first = args->length ();
  for (int i = 0; i < ir->nparams; i++)
    {
      tree t = sf_build_param (&ir->params[i], fc, fdecls, flocs.address (),
			       flocs.length (), info->loc);
      if (t == error_mark_node)
	{
	  args->truncate (first);
	  info->fuse_why = "a parameter of the fused code cannot be built";
	  return;
	}
      args->safe_push (t);
    }
  /* The fused code's own extents, tested at the entry when fused (the
     intermediate's vanish; the previous region's test and this one's
     bound integers join it).  */
  const char *text = NULL;
  tree guard = sf_build_extent_guard (fc, fdecls, flocs.address (),
				      flocs.length (), info->loc,
				      &info->arena, &text);
  if (guard == error_mark_node)
    {
      args->truncate (first);
      info->fuse_why = "the test of the fused code's extents cannot be built";
      return;
    }
  if (guard)
    args->safe_push (fold_convert (integer_type_node, guard));
  info->fused_guard = guard != NULL_TREE;
  info->fused_guard_text = text;
  info->fused_ir = ir;
  info->fused_comp = fc;
  info->fused_args = first;
}
