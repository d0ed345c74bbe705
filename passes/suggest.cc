/* -fplugin-arg-sparsefuse-suggest: an annotation found for a loop that
   has none (SPEC 1.7, "Beyond checking").

     void spmv (struct csr *B, const double *x, double *y)
     {
       for (int i = 0; i < B->n; i++) { ... y[i] = s; }
     }
   gets
     note: annotation found: '#pragma tensor y(i) = B(i,j) * x(j)'
           (2 candidates in 0.4 ms)

   1. Before the regions are handled, find the loops of the function with
      no annotation that read a declared tensor (a variable of a declared
      format, or the arrays of a tensor declared in the function), outside
      every region, outermost: a bind whose statements are one loop (a
      for-loop declaring its counter), or the statements of a loop whose
      counter is declared before it (flat_loop_p).
   2. Its operands: the variables it reads from outside: declared-format
      objects or pointers (sparse), the tensors declared in the function
      whose arrays it reads (in place of those arrays), arrays or
      pointers to float or double (dense), floating scalars (a factor, or
      the output: s += v(i) * x(i)).
   3. For each operand that may be the output (dense, sparse or a
      floating scalar), run the loop once on one input set with every
      extent 3, or each constant size of its arrays when it runs out of
      them (the probe, verify/probe.c): the output
      must be the one operand the loop stores; the factors are the
      operands whose values change what it stores (the output's own
      values before the loop: '+=', or the output on the right-hand
      side with '=').  This is the pruning by the loop's stores and
      loads: SpMV's y, B and x leave one multiset {B, x} to search.
   4. Candidates, most plausible first: multisets of 1 to 4 factors (an
      operand may come twice: B(i,j) * B(j,k)) holding every such
      operand; each as one product, its negation, and every split into
      two terms added or subtracted; indices assigned with the fewest
      first (at most 5; new ones in order of first use; every term
      mentions the output's indices).
   5. Each candidate is compared with the probe's run (no rerun); the
      few that agree pass the core's checks and the checker (vf_check)
      on every input set; the first that agrees is the note.  One that
      agrees with the probe but that the checks refuse ends the search
      of its output and is named in a second note.  An output the probe
      cannot serve (a run that stops) is searched last, every candidate
      run by the checker.  The search stops after 250 ms of processor
      time (or a second on the clock) and says so.  */

#include "sf-plugin.h"
#include "hash-set.h"

extern "C" {
#include "verify.h"
}

void sf_verify_translate_range (vf_prog *prog, gimple_stmt_iterator first,
				gimple_stmt_iterator last, gimple_seq fn_body);
double ms_since (struct timespec start);

#define SG_MAX_OPS 6		/* operands collected from the loop */
#define SG_MAX_TENSORS 4	/* accesses of tensors on the right-hand
				   side */
#define SG_MAX_SCALARS 2	/* and of scalars besides them, with the
				   probe (alpha * A(i,j) * x(j) + beta *
				   y(i)) */
#define SG_MAX_FACTORS (SG_MAX_TENSORS + SG_MAX_SCALARS)
#define SG_MAX_INDICES 5
#define SG_MAX_MS 250.0		/* the search stops after this much
				   processor time */
#define SG_MAX_WALL_MS 1000.0	/* or this long on a busy machine */

/* One candidate's shape before its indices: the operands of its
   factors, term 0's first; NTERMS 1 or 2; SIGN 1: the second term is
   subtracted (one term: the product is negated).  */
struct sg_form
{
  int fac[SG_MAX_FACTORS];
  int nfac, split;		/* factors 0..SPLIT-1 are term 0 */
  int nterms, sign, accumulate;
};

struct suggest
{
  gimple_seq fn_body;
  gimple *stmt;			/* the loop's first statement */
  sf_arena arena;
  sf_comp base;			/* the operands */
  sf_comp *cand;		/* the candidate being tried */
  int nops;
  int out;			/* the output's operand */
  vf_probe *probe;		/* the loop run once for this output, or NULL */
  sg_form form;
  int idx[SG_MAX_FACTORS + 1][SF_MAX_ORDER];	/* the output's, then each
						   factor's */
  int ncandidates, nchecked;
  const char *found;
  const char *unconfirmed;	/* the first candidate that agreed with the
				   probe but that the core's checks refused
				   or the checker could not run */
  const char *why_unconfirmed;	/* and why */
  bool stopped;			/* the time ran out */
  struct timespec start;	/* on the clock (for the note) */
  struct timespec cpu_start;	/* of the process's time (for the budget: a
				   busy machine does not shorten the
				   search) */
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
   declared in the loop: WI->info's set holds those) to the operands of
   WI->info's suggest (when not NULL), and their names to its vec of
   names.  */
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
  auto_vec<const char *> *names
    = (auto_vec<const char *> *) ((void **) wi->info)[2];
  if (names && !names->contains (name))
    names->safe_push (name);
  if (!sg)
    return NULL_TREE;
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

/* Return a new access in ARENA of operand OP with indices IDX (N).  */
static sf_expr *
access (sf_arena *arena, int op, const int *idx, int n)
{
  sf_expr *e = SF_NEW (arena, sf_expr);
  e->kind = SF_EXPR_ACCESS;
  e->tok = -1;
  e->operand = op;
  e->nidx = n;
  for (int d = 0; d < n; d++)
    e->idx[d] = idx[d], e->idx_tok[d] = -1;
  return e;
}

/* Return a new node KIND of A and B in ARENA.  */
static sf_expr *
node (sf_arena *arena, sf_expr_kind kind, sf_expr *a, sf_expr *b)
{
  sf_expr *e = SF_NEW (arena, sf_expr);
  e->kind = kind;
  e->tok = -1;
  e->a = a, e->b = b;
  return e;
}

/* Return the product of factors FROM..TO-1 of SG's form.  */
static sf_expr *
product (suggest *sg, sf_arena *arena, int from, int to)
{
  sf_expr *p = NULL;
  for (int k = from; k < to; k++)
    {
      int op = sg->form.fac[k];
      sf_expr *a = access (arena, op, sg->idx[k + 1],
			   sg->base.operands[op].rank);
      p = p ? node (arena, SF_EXPR_MUL, p, a) : a;
    }
  return p;
}

/* Fill SG->cand from the form and indices (NIDX in use), its nodes in
   ARENA.  A scalar output is made a vector of one element when AS_RUN
   (sf_scalar_output_as_vector, as the pragma handler does), and left as
   written otherwise (for the note).  */
static void
build_candidate (suggest *sg, sf_arena *arena, int nidx, bool as_run)
{
  static const char *names[] = { "i", "j", "k", "l", "m" };
  sf_comp *c = sg->cand;
  const sg_form *f = &sg->form;
  c->operands[sg->out] = sg->base.operands[sg->out];
  c->nindices = nidx;
  for (int v = 0; v < nidx; v++)
    c->index_names[v] = names[v], c->index_tok[v] = -1;
  c->lhs = access (arena, sg->out, sg->idx[0], c->operands[sg->out].rank);
  c->accumulate = f->accumulate;
  c->assign_tok = -1;
  c->rhs = product (sg, arena, 0, f->split);
  if (f->nterms == 2)
    c->rhs = node (arena, f->sign ? SF_EXPR_SUB : SF_EXPR_ADD, c->rhs,
		   product (sg, arena, f->split, f->nfac));
  else if (f->sign)
    c->rhs = node (arena, SF_EXPR_NEG, c->rhs, NULL);
  if (as_run)
    sf_scalar_output_as_vector (arena, c);
}

/* Return true when the time or the candidates ran out (and say so).  */
static bool
out_of_time (suggest *sg)
{
  if (!sg->stopped && (sg->ncandidates & 15) == 0)
    {
      struct timespec now;
      clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &now);
      double ms = (double) (now.tv_sec - sg->cpu_start.tv_sec) * 1e3
		  + (double) (now.tv_nsec - sg->cpu_start.tv_nsec) / 1e6;
      sg->stopped = ms > SG_MAX_MS || ms_since (sg->start) > SG_MAX_WALL_MS;
    }
  return sg->stopped;
}

/* Return the text of C in SG's arena.  */
static const char *
comp_text (suggest *sg, const sf_comp *c)
{
  char *text = NULL;
  size_t len = 0;
  FILE *f = open_memstream (&text, &len);
  sf_print_comp (f, c);
  fclose (f);
  const char *s = sf_arena_strdup (&sg->arena, text);
  free (text);
  return s;
}

/* Try the candidate with the current form and indices (NIDX in use):
   the probe first (a comparison with the loop's one run), then the core's
   checks, then the checker on every input set; set SG->found when it
   agrees with the loop.  */
static void
try_candidate (suggest *sg, int nidx)
{
  if (out_of_time (sg))
    return;
  sg->ncandidates++;
  sf_arena arena;
  sf_arena_init (&arena);
  build_candidate (sg, &arena, nidx, true);
  sf_comp *c = sg->cand;
  bool ok = !sg->probe || vf_probe_agrees (sg->probe, c);
  const char *why = NULL;
  if (ok)
    {
      sf_diags d;
      sf_diags_init (&d);
      ok = !sf_check_comp (c, sf_format_table (), &d);
      if (!ok && d.n)
	why = sf_arena_strdup (&sg->arena, d.v[0].message);
      sf_diags_free (&d);
    }
  vf_result res;
  vf_status st = VF_MISMATCH;
  if (ok)
    {
      /* A candidate the probe let through gets the checker's whole
	 budget; without a probe every candidate comes here, each with a
	 tenth of it.  */
      vf_options opt = { 1, 0, sg->probe ? 0 : 20000, sf_format_count () };
      sg->nchecked++;
      st = vf_check (&sg->prog, c, sf_format_table (), &opt, &res);
      ok = st == VF_OK && res.sets_run >= 4;
    }
  bool unconfirmed = !ok && sg->probe && !sg->unconfirmed
		     && (why || st == VF_UNVERIFIED);
  if (ok || unconfirmed)
    build_candidate (sg, &arena, nidx, false);
  if (ok)
    sg->found = comp_text (sg, c);
  else if (unconfirmed)
    {
      /* Right on the probe's inputs, refused by the core's checks or
	 not run by the checker: worth saying if nothing better comes.  */
      sg->unconfirmed = comp_text (sg, c);
      sg->why_unconfirmed = why ? why : res.message;
    }
  sf_arena_free (&arena);
}

/* Return true when the search of the current output is over: an
   annotation found, or one that agreed with the probe but that the
   checks refused (the candidates after it, the same computation
   written otherwise, would fare no better).  */
static bool
settled (suggest *sg)
{
  return sg->found || sg->unconfirmed;
}

/* Return true when the factors FROM..TO-1 (indices assigned) mention
   every index of the output.  */
static bool
term_covers_output (suggest *sg, int from, int to)
{
  int rank = sg->base.operands[sg->out].rank;
  for (int d = 0; d < rank; d++)
    {
      bool seen = false;
      for (int k = from; k < to && !seen; k++)
	for (int e = 0; e < sg->base.operands[sg->form.fac[k]].rank; e++)
	  seen |= sg->idx[k + 1][e] == d;
      if (!seen)
	return false;
    }
  return true;
}

/* Return true when the form is a term minus itself (the same factors
   with the same indices): zero, which agrees with any loop that leaves
   its output alone.  */
static bool
zero_p (suggest *sg)
{
  const sg_form *f = &sg->form;
  if (f->nterms != 2 || !f->sign || 2 * f->split != f->nfac)
    return false;
  for (int k = 0; k < f->split; k++)
    {
      int a = k, b = k + f->split;
      if (f->fac[a] != f->fac[b]
	  || memcmp (sg->idx[a + 1], sg->idx[b + 1],
		     sg->base.operands[f->fac[a]].rank * sizeof (int)))
	return false;
    }
  return true;
}

/* The number of index slots of factors K.. (from slot D of K on).  */
static int
slots_left (suggest *sg, int k, int d)
{
  int n = -d;
  for (; k < sg->form.nfac; k++)
    n += sg->base.operands[sg->form.fac[k]].rank;
  return n;
}

/* Give the slots of factor K from D on (and the factors after it) every
   index list using exactly WANT indices (NIDX in use so far; a new one
   is NIDX); each term must mention the output's indices; then try.  */
static void
assign (suggest *sg, int k, int d, int nidx, int want)
{
  if (settled (sg) || sg->stopped || nidx + slots_left (sg, k, d) < want)
    return;
  if (k == sg->form.nfac)
    {
      if (nidx == want && (sg->form.split == k
			   || term_covers_output (sg, sg->form.split, k))
	  && !zero_p (sg))
	try_candidate (sg, nidx);
      return;
    }
  int op = sg->form.fac[k];
  if (d == sg->base.operands[op].rank)
    {
      if (k + 1 == sg->form.split && !term_covers_output (sg, 0, k + 1))
	return;
      assign (sg, k + 1, 0, nidx, want);
      return;
    }
  for (int v = 0; v <= nidx && v < want; v++)
    {
      bool repeated = false;
      for (int e = 0; e < d; e++)
	repeated |= sg->idx[k + 1][e] == v;
      if (repeated)
	continue;
      sg->idx[k + 1][d] = v;
      assign (sg, k, d + 1, v == nidx ? nidx + 1 : nidx, want);
    }
}

/* Try the current form with every index assignment, fewest indices
   first.  */
static void
try_form (suggest *sg)
{
  int rank = sg->base.operands[sg->out].rank;
  for (int d = 0; d < rank; d++)
    sg->idx[0][d] = d;
  for (int want = rank; want <= SG_MAX_INDICES && !settled (sg); want++)
    assign (sg, 0, 0, rank, want);
}

/* Return -1, 0 or 1 as the sorted operand lists A (NA) and B (NB)
   compare.  */
static int
compare_lists (const int *a, int na, const int *b, int nb)
{
  for (int k = 0; k < na && k < nb; k++)
    if (a[k] != b[k])
      return a[k] < b[k] ? -1 : 1;
  return na == nb ? 0 : na < nb ? -1 : 1;
}

/* Try the multiset of operands M (N, sorted) as one product, its
   negation, and each split into two terms added or subtracted.  */
static void
try_multiset (suggest *sg, const int *m, int n, int accumulate)
{
  sg_form *f = &sg->form;
  f->accumulate = accumulate;
  f->nfac = f->split = n;
  f->nterms = 1;
  memcpy (f->fac, m, n * sizeof *m);
  for (f->sign = 0; f->sign < 2 && !settled (sg); f->sign++)
    try_form (sg);
  /* Two terms: the first term is the factors of M whose bit is in MASK
     (each distinct split once: a mask picks the first copies of a
     repeated operand).  */
  f->nterms = 2;
  for (unsigned mask = 1; mask + 1 < (1u << n) && !settled (sg); mask++)
    {
      int t0[SG_MAX_FACTORS], t1[SG_MAX_FACTORS], n0 = 0, n1 = 0;
      bool canonical = true;
      for (int k = 0; k < n; k++)
	{
	  bool in0 = mask & (1u << k);
	  if (k > 0 && m[k] == m[k - 1] && in0
	      && !(mask & (1u << (k - 1))))
	    canonical = false;
	  if (in0)
	    t0[n0++] = m[k];
	  else
	    t1[n1++] = m[k];
	}
      if (!canonical)
	continue;
      int cmp = compare_lists (t0, n0, t1, n1);
      memcpy (f->fac, t0, n0 * sizeof *t0);
      memcpy (f->fac + n0, t1, n1 * sizeof *t1);
      f->split = n0;
      /* Without the probe, which says the loop stores the output, no
	 difference: T - T' may be zero whatever the inputs, which agrees
	 with a loop that leaves the output alone.  */
      int signs = sg->probe ? 2 : 1;
      for (f->sign = cmp <= 0 ? 0 : 1; f->sign < signs && !settled (sg);
	   f->sign++)
	try_form (sg);
    }
}

/* Try every multiset of N operands of ALLOWED (bits; from operand FROM
   on, M holding K chosen) that holds every operand of REQUIRED.  */
static void
choose (suggest *sg, int *m, int k, int n, int from, unsigned allowed,
	unsigned required, int accumulate)
{
  if (settled (sg) || sg->stopped)
    return;
  if (k == n)
    {
      unsigned have = 0;
      int scalars = 0;
      for (int e = 0; e < n; e++)
	{
	  have |= 1u << m[e];
	  scalars += sg->base.operands[m[e]].kind == SF_OPERAND_SCALAR;
	}
      if ((have & required) == required && n - scalars <= SG_MAX_TENSORS
	  && (sg->probe ? scalars <= SG_MAX_SCALARS : n <= SG_MAX_TENSORS))
	try_multiset (sg, m, n, accumulate);
      return;
    }
  for (int op = from; op < sg->nops; op++)
    if (allowed & (1u << op))
      {
	m[k] = op;
	choose (sg, m, k + 1, n, op, allowed, required, accumulate);
      }
}

/* Return a new computation in SG's arena: the output OUT with indices 0,
   1, ... set to the product of every other operand, each with indices
   0, 1, ... (the probe's shape: every operand bound once), every extent
   EXT (0: the probe's own, 3).  */
static sf_comp *
shape_of (suggest *sg, int out, long ext)
{
  sf_comp *c = SF_NEW (&sg->arena, sf_comp);
  *c = sg->base;
  int ids[SF_MAX_ORDER];
  for (int d = 0; d < SF_MAX_ORDER; d++)
    ids[d] = d;
  /* Every extent the same: constant sizes (double x[100]) left out, the
     loop's bounds being what it reads from its operands.  */
  for (int op = 0; op < sg->nops; op++)
    {
      c->operands[op].type_extent = 0;
      for (int d = 0; d < SF_MAX_ORDER; d++)
	c->operands[op].const_extent[d] = -1;
    }
  c->lhs = access (&sg->arena, out, ids, c->operands[out].rank);
  c->rhs = NULL;
  for (int op = 0; op < sg->nops; op++)
    if (op != out)
      {
	sf_expr *a = access (&sg->arena, op, ids, c->operands[op].rank);
	c->rhs = c->rhs ? node (&sg->arena, SF_EXPR_MUL, c->rhs, a) : a;
      }
  c->nindices = 0;
  for (int op = 0; op < sg->nops; op++)
    c->nindices = MAX (c->nindices, c->operands[op].rank);
  static const char *names[] = { "i", "j", "k", "l", "m", "n", "o", "p" };
  for (int v = 0; v < c->nindices; v++)
    c->index_names[v] = names[v % 8], c->index_tok[v] = -1;
  sf_scalar_output_as_vector (&sg->arena, c);
  sf_diags d;
  sf_diags_init (&d);
  bool ok = c->rhs && !sf_check_comp (c, sf_format_table (), &d);
  sf_diags_free (&d);
  for (int v = 0; ok && ext > 0 && v < c->nindices; v++)
    if (strcmp (c->index_names[v], "scalar_"))
      {
	c->extent[v].kind = SF_EXTENT_CONST;
	c->extent[v].value = ext;
      }
  return ok ? c : NULL;
}

/* Search the annotations whose output is operand OUT.  With PROBE (the
   loop run once): only when the loop stores OUT and no other operand,
   over multisets of exactly the operands that change what it stores,
   fewest factors first.  Without: every other operand may be a factor,
   each candidate run by the checker, OUT dense.  */
static void
search_output (suggest *sg, int out, vf_probe *probe)
{
  sg->out = out;
  sg->probe = probe;
  unsigned all = 0;
  for (int op = 0; op < sg->nops; op++)
    all |= (op != out) << op;
  unsigned required = 0, reads_out = 0;
  int modes = 3;		/* bit 0: '=', bit 1: '+=' */
  if (probe)
    {
      int other, stores;
      unsigned infl = vf_probe_influence (probe, &other, &stores);
      if (other || !stores || !(infl & all))
	return;
      required = infl & all;
      reads_out = infl & (1u << out);
      modes = reads_out ? 3 : 1;
    }
  else if (sg->base.operands[out].kind != SF_OPERAND_DENSE)
    return;
  int max = probe ? SG_MAX_FACTORS : SG_MAX_TENSORS;
  for (int n = 1; n <= max && !settled (sg) && !sg->stopped; n++)
    for (int acc = 0; acc < 2 && !settled (sg); acc++)
      if (modes & (1 << acc))
	{
	  int m[SG_MAX_FACTORS];
	  /* With the probe, '=' of a loop that reads its output must use
	     it; '+=' must not.  */
	  unsigned allowed = probe ? required | (acc ? 0 : reads_out) : all;
	  choose (sg, m, 0, n, 0, allowed, probe ? allowed : 0, acc);
	}
  sg->probe = NULL;
}

/* Put into EXTS the constant sizes of SG's dense operands' modes (2 to
   16, each once); return how many.  */
static int
constant_extents (suggest *sg, long *exts)
{
  int n = 0;
  for (int op = 0; op < sg->nops; op++)
    for (int d = 0; d < sg->base.operands[op].rank; d++)
      {
	long e = sg->base.operands[op].const_extent[d];
	bool seen = false;
	for (int k = 0; k < n; k++)
	  seen |= exts[k] == e;
	if (e >= 2 && e <= 16 && !seen)
	  exts[n++] = e;
      }
  return n;
}

/* Search every output: first those a probe can serve, then the dense
   ones it could not, without it.  */
static void
search (suggest *sg)
{
  bool unprobed[SG_MAX_OPS] = { false };
  long exts[SG_MAX_OPS * SF_MAX_ORDER];
  int nexts = constant_extents (sg, exts);
  for (int out = 0; out < sg->nops && !sg->found && !sg->stopped; out++)
    {
      /* Extents 3; when the loop runs out of them, each constant size
	 of its arrays in turn (for (f = 0; f < 4; f++) over W[4][4]).  */
      vf_probe *probe = NULL;
      for (int e = -1; e < nexts && !probe; e++)
	{
	  sf_comp *shape = shape_of (sg, out, e < 0 ? 0 : exts[e]);
	  probe = shape ? vf_probe_new (&sg->prog, shape, sf_format_table (),
					sf_format_count (), 1) : NULL;
	}
      unprobed[out] = !probe;
      if (probe)
	search_output (sg, out, probe);
      vf_probe_free (probe);
    }
  for (int out = 0; out < sg->nops && !sg->found && !sg->stopped; out++)
    if (unprobed[out])
      search_output (sg, out, NULL);
}

/* Return true when every identifier of E is one of NAMES.  */
static bool
names_read_p (const sf_cexpr *e, const auto_vec<const char *> &names)
{
  if (!e)
    return true;
  if (e->kind == SF_CEXPR_NAME)
    {
      bool seen = false;
      for (const char *n : names)
	seen |= !strcmp (n, e->name);
      if (!seen)
	return false;
    }
  return names_read_p (e->a, names) && names_read_p (e->b, names);
}

/* Return true when LOC is in the current function at or before the
   loop at LOOP_LOC.  */
static bool
before_in_function_p (location_t loc, location_t loop_loc)
{
  expanded_location t = expand_location (loc);
  expanded_location l = expand_location (loop_loc);
  expanded_location f
    = expand_location (DECL_SOURCE_LOCATION (current_function_decl));
  return t.file && l.file && f.file && !strcmp (t.file, l.file)
	 && !strcmp (t.file, f.file) && t.line >= f.line && t.line <= l.line;
}

/* Put into FORMATS (at most MAX) the tensors declared in the current
   function before the loop at LOOP_LOC (SPEC 1.5) whose arrays the loop
   reads: every identifier of their pos, crd and values fields is among
   NAMES, those of the variables it reads from outside.  Returns how
   many.  */
static int
block_tensors_read (location_t loop_loc, const auto_vec<const char *> &names,
		    int *formats, int max)
{
  int n = 0;
  location_t loc;
  for (int k = 0, f; n < max && (f = sf_tensor_declared (k, &loc)) >= 0; k++)
    {
      const sf_format *fm = &sf_format_table ()[f];
      bool read = before_in_function_p (loc, loop_loc)
		  && names_read_p (fm->values.expr, names);
      for (int l = 0; l < fm->nlevels && read; l++)
	read = names_read_p (fm->levels[l].pos.expr, names)
	       && names_read_p (fm->levels[l].crd.expr, names);
      if (read)
	formats[n++] = f;
    }
  return n;
}

/* Fill operand OP as the tensor of format F declared in a function:
   sparse, or dense (row- or column-major) when every level is.  */
static void
tensor_operand (sf_operand *op, int f)
{
  const sf_format *fm = &sf_format_table ()[f];
  memset (op, 0, sizeof *op);
  op->name = fm->type_name;
  op->tok = -1;
  op->vtype = fm->vtype;
  op->rank = fm->ndims;
  bool dense = true;
  for (int l = 0; l < fm->nlevels; l++)
    dense &= fm->levels[l].kind == SF_LEVEL_DENSE;
  op->kind = dense ? SF_OPERAND_DENSE : SF_OPERAND_SPARSE;
  op->format = f;
  if (!dense)
    return;
  op->flat_pointer = 1;
  op->colmajor = fm->nlevels > 1 && fm->modes[0] != 0;
  op->nshape = fm->ndims;
  for (int d = 0; d < fm->ndims; d++)
    op->shape[d] = CONST_CAST (sf_cexpr *, fm->dims[d].expr);
}

/* Add to SG's operands the tensors declared in the function that the
   loop at LOOP_LOC reads (NAMES: the names it reads from outside), in
   place of the C variables that hold their values.  */
static void
add_block_tensors (suggest *sg, location_t loop_loc,
		   const auto_vec<const char *> &names)
{
  int formats[SG_MAX_OPS];
  int n = block_tensors_read (loop_loc, names, formats, SG_MAX_OPS);
  sf_operand ops[SG_MAX_OPS];
  int nops = 0;
  for (int k = 0; k < n; k++)
    tensor_operand (&ops[nops++], formats[k]);
  for (int op = 0; op < sg->nops && nops < SG_MAX_OPS; op++)
    {
      bool covered = false;
      auto_vec<const char *> one;
      one.safe_push (sg->base.operands[op].name);
      for (int k = 0; k < n && !covered; k++)
	covered = names_read_p (sf_format_table ()[formats[k]].values.expr,
				one);
      if (!covered)
	ops[nops++] = sg->base.operands[op];
    }
  for (int op = 0; op < nops; op++)
    sg->base.operands[op] = ops[op];
  sg->nops = nops;
}

/* Return where operand OP goes among the operands: scalars, then
   sparse, then dense, so that products print as alpha * A(i,j) * x(j).  */
static int
operand_class (const sf_operand *op)
{
  return op->kind == SF_OPERAND_SCALAR ? 0 : op->kind == SF_OPERAND_SPARSE
	 ? 1 : 2;
}

/* Order SG's operands by operand_class, keeping the order of the loop
   within each class.  */
static void
sort_operands (suggest *sg)
{
  sf_operand ops[SG_MAX_OPS];
  int n = 0;
  for (int cls = 0; cls < 3; cls++)
    for (int op = 0; op < sg->nops; op++)
      if (operand_class (&sg->base.operands[op]) == cls)
	ops[n++] = sg->base.operands[op];
  for (int op = 0; op < n; op++)
    sg->base.operands[op] = ops[op];
}

/* A loop as the search sees it: the statements from FIRST to LAST of
   a sequence (a bind declaring its counter is one statement; a loop
   whose counter is declared before it is its initialization, the jump
   to its condition, its body and its exit label).  */
struct loop_range
{
  gimple_stmt_iterator first, last;
};

/* Call walk_gimple_stmt with CALLBACK_STMT, CALLBACK_OP and WI on every
   statement of R.  */
static void
walk_range (loop_range r, walk_stmt_fn callback_stmt, walk_tree_fn callback_op,
	    struct walk_stmt_info *wi)
{
  for (gimple_stmt_iterator i = r.first; !gsi_end_p (i); gsi_next (&i))
    {
      gimple_stmt_iterator at = i;
      walk_gimple_stmt (&at, callback_stmt, callback_op, wi);
      if (gsi_stmt (i) == gsi_stmt (r.last))
	break;
    }
}

/* Return the work-sharing loop STMT is ('#pragma omp for', 'omp simd')
   or holds as its only statement ('#pragma omp parallel for': a
   parallel region whose body is that loop, in binds), or NULL.  */
static gomp_for *
omp_for_of (gimple *stmt)
{
  while (stmt)
    {
      if (gomp_for *f = dyn_cast<gomp_for *> (stmt))
	return f;
      gimple_seq body = NULL;
      if (gbind *b = dyn_cast<gbind *> (stmt))
	body = gimple_bind_body (b);
      else if (gimple_code (stmt) == GIMPLE_OMP_PARALLEL)
	body = gimple_omp_body (stmt);
      else
	return NULL;
      /* Its one statement (a bind of no variable may wrap it).  */
      stmt = gimple_seq_singleton_p (body) ? gimple_seq_first_stmt (body)
	     : NULL;
    }
  return NULL;
}

/* Return the location of loop R: its first statement's that has one
   (inside the bind, for a bind); for a loop without a bind, its
   condition's (on the line of the 'for' or 'while').  */
static location_t
loop_location (loop_range r)
{
  location_t loc = UNKNOWN_LOCATION;
  gimple *stmt = gsi_stmt (r.first);
  gimple_stmt_iterator c = r.last;
  gsi_prev (&c);
  if (gsi_stmt (r.first) != gsi_stmt (r.last) && !gsi_end_p (c)
      && gimple_code (gsi_stmt (c)) == GIMPLE_COND)
    loc = gimple_location (gsi_stmt (c));
  if (gomp_for *f = omp_for_of (stmt))
    loc = gimple_location (f);
  if (gbind *b = dyn_cast<gbind *> (stmt))
    {
      gimple_seq body = gimple_bind_body (b);
      for (gimple_stmt_iterator i = gsi_start (body);
	   loc == UNKNOWN_LOCATION && !gsi_end_p (i); gsi_next (&i))
	loc = gimple_location (gsi_stmt (i));
    }
  for (gimple_stmt_iterator i = r.first;
       loc == UNKNOWN_LOCATION && !gsi_end_p (i); gsi_next (&i))
    {
      loc = gimple_location (gsi_stmt (i));
      if (gsi_stmt (i) == gsi_stmt (r.last))
	break;
    }
  return loc == UNKNOWN_LOCATION ? gimple_location (stmt) : loc;
}

/* Put into SG's operands (when SG is not NULL) the variables loop R
   reads from outside it, and into NAMES all their names.  */
static void
outer_names (suggest *sg, loop_range r, auto_vec<const char *> *names)
{
  hash_set<tree> inner;
  struct walk_stmt_info wi;
  memset (&wi, 0, sizeof wi);
  wi.info = &inner;
  walk_range (r, collect_inner, NULL, &wi);
  void *ctx[3] = { sg, &inner, names };
  memset (&wi, 0, sizeof wi);
  wi.info = ctx;
  walk_range (r, NULL, collect_decl, &wi);
}

/* Search an annotation for loop R of the function whose body is FN_BODY,
   and say what was found.  */
static void
suggest_for (loop_range r, gimple_seq fn_body)
{
  suggest *sg = new suggest ();
  clock_gettime (CLOCK_MONOTONIC, &sg->start);
  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &sg->cpu_start);
  sg->fn_body = fn_body;
  sg->stmt = gsi_stmt (r.first);
  sf_arena_init (&sg->arena);
  memset (&sg->base, 0, sizeof sg->base);
  auto_vec<const char *> names;
  outer_names (sg, r, &names);
  sg->cand = SF_NEW (&sg->arena, sf_comp);
  vf_prog_init (&sg->prog, &sg->arena);
  sf_verify_translate_range (&sg->prog, r.first, r.last, fn_body);
  location_t loc = loop_location (r);
  add_block_tensors (sg, loc, names);
  sort_operands (sg);
  sg->base.noperands = sg->nops;
  *sg->cand = sg->base;
  if (!sg->prog.unsupported)
    search (sg);
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
  if (!sg->found && sg->unconfirmed)
    inform (loc, "%<#pragma tensor %s%> agrees with the loop on one input "
	    "set, but not as an annotation: %s", sg->unconfirmed,
	    sg->why_unconfirmed ? sg->why_unconfirmed : "");
  sf_arena_free (&sg->arena);
  delete sg;
}

/* walk_gimple_op callback: set *WI->info when *TP is a variable of a
   declared format.  */
static tree
format_var (tree *tp, int *walk_subtrees, void *data)
{
  struct walk_stmt_info *wi = (struct walk_stmt_info *) data;
  bool by_pointer;
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  else if ((VAR_P (*tp) || TREE_CODE (*tp) == PARM_DECL)
	   && format_of (TREE_TYPE (*tp), &by_pointer) >= 0)
    *(bool *) wi->info = true;
  return NULL_TREE;
}

/* Return true when loop R reads a variable of a declared format, or the
   arrays of a tensor declared in the function.  */
static bool
reads_tensor_p (loop_range r)
{
  struct walk_stmt_info wi;
  memset (&wi, 0, sizeof wi);
  bool found = false;
  wi.info = &found;
  walk_range (r, NULL, format_var, &wi);
  if (found)
    return true;
  auto_vec<const char *> names;
  outer_names (NULL, r, &names);
  int f;
  return block_tensors_read (loop_location (r), names, &f, 1) > 0;
}

/* walk_gimple_seq callback: set *WI->info at a region's begin marker.  */
static tree
marker_stmt (gimple_stmt_iterator *gsi, bool *, struct walk_stmt_info *wi)
{
  int id;
  if (sf_marker_gimple_p (gsi_stmt (*gsi), true, &id))
    *(bool *) wi->info = true;
  return NULL_TREE;
}

/* Return true when loop R holds an annotated region (which the checker
   handles; the loop around it is searched no further).  */
static bool
holds_region_p (loop_range r)
{
  struct walk_stmt_info wi;
  memset (&wi, 0, sizeof wi);
  bool found = false;
  wi.info = &found;
  walk_range (r, marker_stmt, NULL, &wi);
  return found;
}

/* Return true when the goto at GO starts a loop whose counter is declared
   before it, as the C front end lowers 'for (i = 0; i < n; i++) BODY'
   and 'while (COND) BODY':

     [i = 0;]  goto Lc;  Lb: BODY  Lc: [_1 = n;]  if (COND) goto Lb;
     else goto Le;  Le:

   and set R to it (from the assignments just before the goto that set
   the counter and its temporaries, to the label Le).  */
static bool
flat_loop_p (gimple_stmt_iterator go, loop_range *r)
{
  ggoto *g = dyn_cast<ggoto *> (gsi_stmt (go));
  if (!g || TREE_CODE (gimple_goto_dest (g)) != LABEL_DECL)
    return false;
  tree lc = gimple_goto_dest (g);
  gimple_stmt_iterator i = go;
  gsi_next (&i);
  glabel *lb = gsi_end_p (i) ? NULL : dyn_cast<glabel *> (gsi_stmt (i));
  if (!lb)
    return false;
  for (; !gsi_end_p (i); gsi_next (&i))
    if (glabel *l = dyn_cast<glabel *> (gsi_stmt (i)))
      if (gimple_label_label (l) == lc)
	break;
  for (; !gsi_end_p (i) && gimple_code (gsi_stmt (i)) != GIMPLE_COND;
       gsi_next (&i))
    if (gimple_code (gsi_stmt (i)) != GIMPLE_ASSIGN
	&& gimple_code (gsi_stmt (i)) != GIMPLE_LABEL)
      return false;
  gcond *c = gsi_end_p (i) ? NULL : dyn_cast<gcond *> (gsi_stmt (i));
  if (!c || gimple_cond_true_label (c) != gimple_label_label (lb))
    return false;
  gsi_next (&i);
  glabel *le = gsi_end_p (i) ? NULL : dyn_cast<glabel *> (gsi_stmt (i));
  if (!le || gimple_label_label (le) != gimple_cond_false_label (c))
    return false;
  r->last = i;
  r->first = go;
  /* The initialization: the counter set just before, after its
     temporaries.  */
  i = go;
  gsi_prev (&i);
  if (gsi_end_p (i) || !is_gimple_assign (gsi_stmt (i))
      || !VAR_P (gimple_assign_lhs (gsi_stmt (i))))
    return true;
  r->first = i;
  for (gsi_prev (&i); !gsi_end_p (i) && is_gimple_assign (gsi_stmt (i))
		      && TREE_CODE (gimple_assign_lhs (gsi_stmt (i))) == SSA_NAME;
       gsi_prev (&i))
    r->first = i;
  return true;
}

/* Return true when the bind at AT is a loop: its statements are one
   loop as flat_loop_p sees it after assignments, as a for-loop declaring
   its counters is ('for (int i = 0, n = A->n; i < n; i++)'); a bind that
   holds other statements, such as a function's body, is searched
   inside.  */
static bool
holds_loop_p (gimple_stmt_iterator at)
{
  gimple_seq body = gimple_bind_body (as_a<gbind *> (gsi_stmt (at)));
  gimple_stmt_iterator i = gsi_start (body);
  while (!gsi_end_p (i) && is_gimple_assign (gsi_stmt (i)))
    gsi_next (&i);
  loop_range r;
  if (gsi_end_p (i) || !flat_loop_p (i, &r))
    return false;
  gsi_next (&r.last);
  return gsi_end_p (r.last);
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
      loop_range r = { i, i };
      if (sf_marker_gimple_p (s, true, &id))
	depth++;
      else if (sf_marker_gimple_p (s, false, &id))
	depth -= depth > 0;
      else if (depth == 0 && (gimple_code (s) == GIMPLE_OMP_FOR
			       || gimple_code (s) == GIMPLE_OMP_PARALLEL))
	{
	  /* A work-sharing loop, alone or as a parallel region's body,
	     is one loop; a parallel region holding more is searched
	     inside.  */
	  if (omp_for_of (s))
	    {
	      if (!holds_region_p (r) && reads_tensor_p (r))
		suggest_for (r, fn_body);
	    }
	  else if (gimple_code (s) == GIMPLE_OMP_PARALLEL)
	    suggest_in_seq (gimple_omp_body (s), fn_body);
	}
      else if (depth == 0 && gimple_code (s) == GIMPLE_BIND)
	{
	  if (holds_loop_p (i) && !holds_region_p (r) && reads_tensor_p (r))
	    suggest_for (r, fn_body);
	  else
	    suggest_in_seq (gimple_bind_body (as_a<gbind *> (s)), fn_body);
	}
      else if (depth == 0 && flat_loop_p (i, &r) && !holds_region_p (r))
	{
	  if (reads_tensor_p (r))
	    suggest_for (r, fn_body);
	  i = r.last;
	}
    }
}

void
sf_suggest_annotations (gimple_seq fn_body)
{
  suggest_in_seq (fn_body, fn_body);
}
