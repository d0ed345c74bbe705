/* -fplugin-arg-sparsefuse-suggest: an annotation found for a loop that
   has none (SPEC 1.7, "Beyond checking").

     void spmv (struct csr *B, const double *x, double *y)
     {
       for (int i = 0; i < B->n; i++) { ... y[i] = s; }
     }
   gets
     note: annotation found: '#pragma tensor y(i) = B(i,j) * x(j)'
           (31 candidates in 2.1 ms)

   1. Before the regions are handled, find the loops of the function with
      no annotation that read a variable of a declared format: a bind
      (a for-loop declaring its counter) holding a loop, outside every
      region, outermost.
   2. Its operands: the variables it reads from outside: declared-format
      objects or pointers (sparse), arrays or pointers to float or double
      (dense; each in turn the output), floating scalars.
   3. Candidates: the output with fresh indices, then products of 1 to 4
      of the other operands with every assignment of at most 5 indices
      (new indices in order of first use), '=' and '+='; each one that
      the core's checks accept is run by the checker (vf_check) against
      the loop, smallest first; the first that agrees on every input set
      is the note.  Sums of two terms are not searched; the search stops
      after 250 ms (and says so).  */

#include "sf-plugin.h"
#include "hash-set.h"

extern "C" {
#include "verify.h"
}

void sf_verify_translate_stmt (vf_prog *prog, gimple_stmt_iterator at,
			       gimple_seq fn_body);
double ms_since (struct timespec start);

#define SG_MAX_OPS 6
#define SG_MAX_CANDIDATES 4000
#define SG_MAX_MS 250.0		/* the search stops after this long */

struct suggest
{
  gimple_seq fn_body;
  gimple *stmt;			/* the loop's bind */
  sf_arena arena;
  sf_comp base;			/* the operands */
  int nops;
  int out;			/* the output's operand */
  int chosen[4], nchosen;
  int idx[SG_MAX_OPS][SF_MAX_ORDER];
  int ncandidates;
  const char *found;
  bool stopped;			/* the time ran out */
  struct timespec start;
  vf_prog prog;			/* the loop, translated once */
};

/* Return true when DECL, of C type TYPE, has a declared format (itself
   or what it points to); *BY_POINTER says which.  */
static int
format_of (tree type, bool *by_pointer)
{
  tree target = TREE_CODE (type) == POINTER_TYPE ? TREE_TYPE (type) : type;
  *by_pointer = target != type;
  return sf_format_for_type (target);
}

/* Fill operand OP from variable DECL; return false when DECL is no
   operand (an integer, a pointer to something else).  */
static bool
operand_of (sf_operand *op, tree decl)
{
  tree type = TREE_TYPE (decl);
  bool by_pointer;
  int f = format_of (type, &by_pointer);
  memset (op, 0, sizeof *op);
  op->name = IDENTIFIER_POINTER (DECL_NAME (decl));
  op->tok = -1;
  if (f >= 0)
    {
      op->kind = SF_OPERAND_SPARSE;
      op->format = f;
      op->by_pointer = by_pointer;
      op->rank = sf_format_table ()[f].ndims;
      op->vtype = sf_format_table ()[f].vtype;
      return true;
    }
  int rank = 0;
  op->flat_pointer = TREE_CODE (type) == POINTER_TYPE;
  while ((TREE_CODE (type) == ARRAY_TYPE || TREE_CODE (type) == POINTER_TYPE)
	 && rank < SF_MAX_ORDER)
    {
      op->const_extent[rank] = -1;
      if (TREE_CODE (type) == ARRAY_TYPE && TYPE_DOMAIN (type)
	  && TYPE_MAX_VALUE (TYPE_DOMAIN (type)))
	{
	  op->type_extent |= 1u << rank;
	  tree n = TYPE_MAX_VALUE (TYPE_DOMAIN (type));
	  if (tree_fits_shwi_p (n))
	    op->const_extent[rank] = tree_to_shwi (n) + 1;
	}
      type = TREE_TYPE (type);
      rank++;
    }
  type = TYPE_MAIN_VARIANT (type);
  op->vtype = type == double_type_node ? SF_TY_F64
	      : type == float_type_node ? SF_TY_F32 : SF_TY_VOID;
  if (op->vtype == SF_TY_VOID)
    return false;
  op->rank = rank;
  op->flat_pointer &= rank == 1;
  op->kind = rank ? SF_OPERAND_DENSE : SF_OPERAND_SCALAR;
  return true;
}

/* walk_gimple_op callback: add the variables of the function (not
   declared in the loop: WI->info's set holds those) to the operands.  */
static tree
collect_decl (tree *tp, int *walk_subtrees, void *data)
{
  struct walk_stmt_info *wi = (struct walk_stmt_info *) data;
  suggest *sg = (suggest *) ((void **) wi->info)[0];
  hash_set<tree> *inner = (hash_set<tree> *) ((void **) wi->info)[1];
  tree t = *tp;
  if (TYPE_P (t))
    {
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  if ((!VAR_P (t) && TREE_CODE (t) != PARM_DECL) || !DECL_NAME (t)
      || DECL_ARTIFICIAL (t) || inner->contains (t))
    return NULL_TREE;
  const char *name = IDENTIFIER_POINTER (DECL_NAME (t));
  for (int k = 0; k < sg->nops; k++)
    if (!strcmp (sg->base.operands[k].name, name))
      return NULL_TREE;
  if (sg->nops < SG_MAX_OPS && operand_of (&sg->base.operands[sg->nops], t))
    sg->base.operands[sg->nops++].name = sf_arena_strdup (&sg->arena, name);
  return NULL_TREE;
}

/* walk_gimple_seq callback: the variables the binds declare, into the
   set WI->info.  */
static tree
collect_inner (gimple_stmt_iterator *gsi, bool *, struct walk_stmt_info *wi)
{
  if (gbind *b = dyn_cast<gbind *> (gsi_stmt (*gsi)))
    for (tree v = gimple_bind_vars (b); v; v = DECL_CHAIN (v))
      ((hash_set<tree> *) wi->info)->add (v);
  return NULL_TREE;
}

/* Return a new access of operand OP with indices IDX (N of them).  */
static sf_expr *
access (suggest *sg, int op, const int *idx, int n)
{
  sf_expr *e = SF_NEW (&sg->arena, sf_expr);
  e->kind = SF_EXPR_ACCESS;
  e->tok = -1;
  e->operand = op;
  e->nidx = n;
  for (int d = 0; d < n; d++)
    e->idx[d] = idx[d], e->idx_tok[d] = -1;
  return e;
}

/* Check the candidate with the current index lists and ACCUMULATE; set
   SG->found when it agrees with the loop.  NIDX indices are in use.  */
static void
try_candidate (suggest *sg, int nidx, int accumulate)
{
  static const char *names[] = { "i", "j", "k", "l", "m" };
  sf_comp *c = SF_NEW (&sg->arena, sf_comp);
  *c = sg->base;
  c->nindices = nidx;
  for (int v = 0; v < nidx; v++)
    c->index_names[v] = names[v], c->index_tok[v] = -1;
  c->lhs = access (sg, sg->out, sg->idx[sg->out], c->operands[sg->out].rank);
  c->accumulate = accumulate;
  c->assign_tok = -1;
  c->rhs = NULL;
  for (int k = 0; k < sg->nchosen; k++)
    {
      int op = sg->chosen[k];
      sf_expr *a = access (sg, op, sg->idx[op], c->operands[op].rank);
      if (!c->rhs)
	c->rhs = a;
      else
	{
	  sf_expr *m = SF_NEW (&sg->arena, sf_expr);
	  m->kind = SF_EXPR_MUL;
	  m->tok = -1;
	  m->a = c->rhs, m->b = a;
	  c->rhs = m;
	}
    }
  sf_diags d;
  sf_diags_init (&d);
  bool ok = !sf_check_comp (c, sf_format_table (), &d);
  sf_diags_free (&d);
  if (!ok)
    return;
  if (sg->ncandidates >= SG_MAX_CANDIDATES || ms_since (sg->start) > SG_MAX_MS)
    {
      sg->stopped = true;
      return;
    }
  sg->ncandidates++;
  vf_options opt = { 1, 0, 20000, sf_format_count () };
  vf_result res;
  if (vf_check (&sg->prog, c, sf_format_table (), &opt, &res) != VF_OK
      || res.sets_run < 4)
    return;
  char *text = NULL;
  size_t len = 0;
  FILE *f = open_memstream (&text, &len);
  sf_print_comp (f, c);
  fclose (f);
  sg->found = sf_arena_strdup (&sg->arena, text);
  free (text);
}

/* Give the slots of the chosen operands from K on every index list
   (indices below NIDX in use; a new one is NIDX), then try them.  */
static void
assign (suggest *sg, int k, int d, int nidx)
{
  if (sg->found || sg->stopped)
    return;
  if (k == sg->nchosen)
    {
      try_candidate (sg, nidx, 0);
      if (!sg->found)
	try_candidate (sg, nidx, 1);
      return;
    }
  int op = sg->chosen[k];
  if (d == sg->base.operands[op].rank)
    {
      assign (sg, k + 1, 0, nidx);
      return;
    }
  for (int v = 0; v <= nidx && v < 5; v++)
    {
      bool repeated = false;
      for (int e = 0; e < d; e++)
	repeated |= sg->idx[op][e] == v;
      if (repeated)
	continue;
      sg->idx[op][d] = v;
      assign (sg, k, d + 1, v == nidx ? nidx + 1 : nidx);
    }
}

/* Try every product of N of the operands other than the output, from
   operand FROM on.  */
static void
choose (suggest *sg, int n, int from)
{
  if (sg->found || sg->stopped)
    return;
  if (sg->nchosen == n)
    {
      int rank = sg->base.operands[sg->out].rank;
      for (int d = 0; d < rank; d++)
	sg->idx[sg->out][d] = d;
      assign (sg, 0, 0, rank);
      return;
    }
  for (int op = from; op < sg->nops; op++)
    if (op != sg->out)
      {
	sg->chosen[sg->nchosen++] = op;
	choose (sg, n, op + 1);
	sg->nchosen--;
      }
}

/* Search an annotation for the loop at STMT_AT of the function whose
   body is FN_BODY, and say what was found.  */
static void
suggest_for (gimple_stmt_iterator stmt_at, gimple_seq fn_body)
{
  gimple *stmt = gsi_stmt (stmt_at);
  suggest *sg = new suggest ();
  clock_gettime (CLOCK_MONOTONIC, &sg->start);
  sg->fn_body = fn_body;
  sg->stmt = stmt;
  sf_arena_init (&sg->arena);
  memset (&sg->base, 0, sizeof sg->base);
  hash_set<tree> inner;
  struct walk_stmt_info wi;
  memset (&wi, 0, sizeof wi);
  wi.info = &inner;
  gimple_stmt_iterator at = stmt_at;
  walk_gimple_stmt (&at, collect_inner, NULL, &wi);
  void *ctx[2] = { sg, &inner };
  memset (&wi, 0, sizeof wi);
  wi.info = ctx;
  at = stmt_at;
  walk_gimple_stmt (&at, NULL, collect_decl, &wi);
  sg->base.noperands = sg->nops;
  vf_prog_init (&sg->prog, &sg->arena);
  sf_verify_translate_stmt (&sg->prog, stmt_at, fn_body);
  location_t loc = UNKNOWN_LOCATION;
  gimple_seq inside = gimple_bind_body (as_a<gbind *> (stmt));
  for (gimple_stmt_iterator i = gsi_start (inside);
       loc == UNKNOWN_LOCATION && !gsi_end_p (i); gsi_next (&i))
    loc = gimple_location (gsi_stmt (i));
  if (loc == UNKNOWN_LOCATION)
    loc = gimple_location (stmt);
  for (int out = 0; out < sg->nops && !sg->found && !sg->prog.unsupported;
       out++)
    if (sg->base.operands[out].kind == SF_OPERAND_DENSE)
      {
	sg->out = out;
	for (int n = 1; n <= 4 && n < sg->nops && !sg->found; n++)
	  choose (sg, n, 0);
      }
  char ms[32];
  snprintf (ms, sizeof ms, "%.1f", ms_since (sg->start));
  if (sg->found)
    inform (loc, "annotation found: %<#pragma tensor %s%> (%d candidates "
	    "in %s ms)", sg->found, sg->ncandidates, ms);
  else if (sg->prog.unsupported)
    inform (loc, "no annotation searched: %s", sg->prog.unsupported);
  else
    inform (loc, "no annotation found among %d candidates (%s ms%s)",
	    sg->ncandidates, ms, sg->stopped ? ", the search stopped there"
	    : "");
  sf_arena_free (&sg->arena);
  delete sg;
}

/* Return true when the loop nest at AT reads a variable of a declared
   format.  */
static bool
reads_tensor_p (gimple_stmt_iterator at)
{
  struct walk_stmt_info wi;
  memset (&wi, 0, sizeof wi);
  bool found = false;
  wi.info = &found;
  walk_gimple_stmt (&at, NULL,
		    [] (tree *tp, int *walk, void *data) -> tree {
		      struct walk_stmt_info *w = (struct walk_stmt_info *) data;
		      bool by_pointer;
		      if (TYPE_P (*tp))
			*walk = 0;
		      else if ((VAR_P (*tp) || TREE_CODE (*tp) == PARM_DECL)
			       && format_of (TREE_TYPE (*tp), &by_pointer) >= 0)
			*(bool *) w->info = true;
		      return NULL_TREE;
		    }, &wi);
  return found;
}

/* Return true when the bind at AT is a loop: its own statements (not
   those of inner binds) hold the loop's conditional jump, as a for-loop
   declaring its counter does.  */
static bool
holds_loop_p (gimple_stmt_iterator at)
{
  gimple_seq body = gimple_bind_body (as_a<gbind *> (gsi_stmt (at)));
  for (gimple_stmt_iterator i = gsi_start (body); !gsi_end_p (i); gsi_next (&i))
    if (gimple_code (gsi_stmt (i)) == GIMPLE_COND)
      return true;
  return false;
}

/* Suggest annotations for the loops of SEQ (a function body FN_BODY or a
   bind's body) outside every region.  */
static void
suggest_in_seq (gimple_seq seq, gimple_seq fn_body)
{
  int depth = 0, id;
  for (gimple_stmt_iterator i = gsi_start (seq); !gsi_end_p (i); gsi_next (&i))
    {
      gimple *s = gsi_stmt (i);
      if (sf_marker_gimple_p (s, true, &id))
	depth++;
      else if (sf_marker_gimple_p (s, false, &id))
	depth -= depth > 0;
      else if (depth == 0 && gimple_code (s) == GIMPLE_BIND)
	{
	  if (holds_loop_p (i) && reads_tensor_p (i))
	    suggest_for (i, fn_body);
	  else
	    suggest_in_seq (gimple_bind_body (as_a<gbind *> (s)), fn_body);
	}
    }
}

void
sf_suggest_annotations (gimple_seq fn_body)
{
  suggest_in_seq (fn_body, fn_body);
}
