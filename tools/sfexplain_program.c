/* sfexplain --program: a self-contained C program that runs the kernel
   sparsefuse generates against a dense evaluation of the index notation,
   on random data sets of six shapes (random, empty rows, empty or
   zero-sized, one entry, mostly full, larger extents).

     sfexplain 'y(i) = B(i,j) * x(j)' -f B:csc --program > t.c
     gcc -O2 -fopenmp t.c -lm && ./a.out       "PASS: y(i) = ..." or FAIL

   For each data set main
     1. draws an extent per index (indices whose extents share a name in
        -d or shape() get the same; numbers fix them);
     2. builds each operand: dense arrays in their layout with a
        row-major copy ref_X, sparse tensors drawn dense (ref_X) and stored
        in their format (sx_build), a sparse output holding another
        operand's pattern (the same arrays) or a random one of its own;
     3. calls sf_kernel, computes ref_out with the statement that
        sf_print_reference_c prints, in loops over the output's indices;
     4. compares: a dense output element by element, a sparse one at
        each stored position (walked with its coordinates).  */

#include <stdlib.h>
#include <string.h>
#include "sfexplain.h"

static const char sx_support[] =
#include "sfexplain_support.h"
  ;

/* Per index of the computation: the index whose extent it takes, or a
   fixed extent.  */
typedef struct sx_extents
{
  int rep[SF_MAX_INDICES];
  long long fixed[SF_MAX_INDICES];
  int nnames;
  const char *name[64];
  int name_index[64];
} sx_extents;

/* Return the representative of index V.  */
static int
sx_rep (sx_extents *x, int v)
{
  while (x->rep[v] != v)
    v = x->rep[v];
  return v;
}

/* Give index V the extent of index W.  */
static void
sx_tie (sx_extents *x, int v, int w)
{
  int a = sx_rep (x, w), b = sx_rep (x, v);
  if (a != b)
    x->rep[b] = a, x->fixed[a] = x->fixed[a] >= 0 ? x->fixed[a] : x->fixed[b];
}

/* Record that the extent of index V is named by clause expression E;
   return nonzero when E is neither a name nor a number.  */
static int
sx_bind_extent (sx_extents *x, int v, const sf_cexpr *e)
{
  if (e->kind == SF_CEXPR_INT)
    {
      x->fixed[sx_rep (x, v)] = e->ival;
      return 0;
    }
  if (e->kind != SF_CEXPR_NAME)
    return 1;
  for (int n = 0; n < x->nnames; n++)
    if (!strcmp (x->name[n], e->name))
      {
	sx_tie (x, v, x->name_index[n]);
	return 0;
      }
  if (x->nnames < 64)
    x->name[x->nnames] = e->name, x->name_index[x->nnames++] = v;
  return 0;
}

/* Tie the indices of every access in E to those of the first access of
   the same operand in COMP (an operand has one set of extents).  */
static void
sx_tie_accesses (const sf_comp *comp, const sf_expr *e, sx_extents *x)
{
  if (!e)
    return;
  if (e->kind == SF_EXPR_ACCESS)
    {
      const sf_expr *first = sx_access (comp, e->operand);
      for (int d = 0; d < e->nidx && d < first->nidx; d++)
	sx_tie (x, e->idx[d], first->idx[d]);
    }
  sx_tie_accesses (comp, e->a, x);
  sx_tie_accesses (comp, e->b, x);
}

/* Step 1: fill X from the shape() expressions of T's dense operands and
   the operands used more than once; return nonzero (after a message)
   when an extent cannot be drawn.  */
static int
sx_plan_extents (const sx_tool *t, sx_extents *x)
{
  memset (x, 0, sizeof *x);
  for (int v = 0; v < SF_MAX_INDICES; v++)
    x->rep[v] = v, x->fixed[v] = -1;
  sx_tie_accesses (t->comp, t->comp->rhs, x);
  for (int o = 0; o < t->comp->noperands; o++)
    {
      const sf_operand *op = &t->comp->operands[o];
      const sf_expr *a = sx_access (t->comp, o);
      for (int d = 0; a && d < op->nshape && d < a->nidx; d++)
	if (sx_bind_extent (x, a->idx[d], op->shape[d]))
	  {
	    fprintf (stderr, "sfexplain: --program needs names or numbers "
		     "as the extents of '%s'\n", op->name);
	    return 1;
	  }
    }
  return 0;
}

/* Print the extents of the data set and the extent names.  */
static void
sx_print_extents (FILE *out, const sx_tool *t, sx_extents *x)
{
  const sf_comp *c = t->comp;
  for (int v = 0; v < c->nindices; v++)
    if (sx_rep (x, v) == v && x->fixed[v] >= 0)
      fprintf (out, "      int64_t ext_%s = %lld;\n", c->index_names[v],
	       x->fixed[v]);
    else if (sx_rep (x, v) == v)
      fprintf (out, "      int64_t ext_%s = sx_extent (sx_shape);\n",
	       c->index_names[v]);
  for (int v = 0; v < c->nindices; v++)
    if (sx_rep (x, v) != v)
      fprintf (out, "      int64_t ext_%s = ext_%s;\n", c->index_names[v],
	       c->index_names[sx_rep (x, v)]);
  for (int n = 0; n < x->nnames; n++)
    fprintf (out, "      int64_t %s = ext_%s;\n", x->name[n],
	     c->index_names[x->name_index[n]]);
}

/* Print "{ ext_i, ext_j }": the extents of access A.  */
static void
sx_print_dims (FILE *out, const sf_comp *c, const sf_expr *a)
{
  fputs ("{ ", out);
  for (int d = 0; d < a->nidx; d++)
    fprintf (out, "%sext_%s", d ? ", " : "", c->index_names[a->idx[d]]);
  fputs (a->nidx ? " }" : "0 }", out);
}

/* Print the declaration of scalar operand O.  */
static void
sx_print_scalar (FILE *out, const sf_operand *op)
{
  fprintf (out, "      %s op_%s = (%s) %s;\n", sx_ctype (op->vtype), op->name,
	   sx_ctype (op->vtype), op->vtype == SF_TY_INDEX
	   ? "sx_between (-3, 5)" : op->vtype == SF_TY_F32 ? "sx_value (1)"
	   : "sx_value (0)");
}

/* Print the declarations of dense operand O (access A): its row-major
   copy ref_X (its initial values for the output) and op_X in layout.  */
static void
sx_print_dense (FILE *out, const sx_tool *t, int o, const sf_expr *a)
{
  const sf_operand *op = &t->comp->operands[o];
  const char *n = op->name, *ty = sx_ctype (op->vtype);
  fprintf (out, "      int64_t sx_dims_%s[] = ", n);
  sx_print_dims (out, t->comp, a);
  fprintf (out, ";\n      int64_t sx_n_%s = sx_total (%d, sx_dims_%s);\n"
	   "      double *ref_%s = sx_random_dense (sx_n_%s, %d);\n"
	   "      %s *op_%s = (%s *) sx_alloc (sx_n_%s, sizeof (%s));\n"
	   "      for (int64_t sx_k = 0; sx_k < sx_n_%s; sx_k++)\n"
	   "        op_%s[sx_layout (%d, sx_dims_%s, %d, sx_k)] = "
	   "(%s) ref_%s[sx_k];\n", n, a->nidx, n, n, n,
	   op->vtype == SF_TY_F32, ty, n, ty, n, ty, n, n, a->nidx, n,
	   op->colmajor, ty, n);
}

/* Print the sx_sparse declaration of sparse operand O (access A).  */
static void
sx_print_sparse_decl (FILE *out, const sx_tool *t, int o, const sf_expr *a)
{
  const sf_operand *op = &t->comp->operands[o];
  const sf_format *f = &t->formats[op->format];
  fprintf (out, "      sx_sparse s_%s = { %d, {", op->name, f->nlevels);
  for (int l = 0; l < f->nlevels; l++)
    fprintf (out, "%s%d", l ? ", " : " ", (int) f->levels[l].kind);
  fputs (" }, {", out);
  for (int l = 0; l < f->nlevels; l++)
    fprintf (out, "%s%d", l ? ", " : " ", f->modes[l]);
  fprintf (out, " }, %d, ", f->base);
  sx_print_dims (out, t->comp, a);
  fputs (" };\n", out);
}

/* Print "op_X.FIELD = SX_CONV (..., s_X.SRC[L], s_X.COUNT[L], base)": an
   index array of level L in the field's type, shifted by the base.  */
static void
sx_print_fill (FILE *out, const char *n, const sf_field_ref *ref,
	       const char *src, int l, const char *count)
{
  fprintf (out, "      op_%s.", n);
  sx_print_field (out, ref);
  fprintf (out, " = SX_CONV (__typeof__ (*op_%s.", n);
  sx_print_field (out, ref);
  fprintf (out, "), s_%s.%s[%d], s_%s.%s[%d], s_%s.base);\n", n, src, l, n,
	   count, l, n);
}

/* Print the statements filling the fields of sparse operand O from its
   sx_sparse, levels FROM.. (the ones before hold another's pattern).  */
static void
sx_print_fields (FILE *out, const sx_tool *t, int o, int from)
{
  const sf_operand *op = &t->comp->operands[o];
  const sf_format *f = &t->formats[op->format];
  const char *n = op->name;
  for (int d = 0; d < f->ndims; d++)
    {
      fprintf (out, "      op_%s.", n);
      sx_print_field (out, &f->dims[d]);
      fprintf (out, " = s_%s.dims[%d];\n", n, d);
    }
  for (int l = from; l < f->nlevels; l++)
    {
      const sf_level *lv = &f->levels[l];
      if (lv->kind == SF_LEVEL_COMPRESSED)
	sx_print_fill (out, n, &lv->pos, "pos", l, "npos");
      if (lv->kind == SF_LEVEL_COO)
	{
	  fprintf (out, "      op_%s.", n);
	  sx_print_field (out, &lv->pos);
	  fprintf (out, " = s_%s.nnz;\n", n);
	}
      if (lv->kind != SF_LEVEL_DENSE)
	sx_print_fill (out, n, &lv->crd, "crd", l, "ncrd");
    }
}

/* Print the sparse input O (access A): drawn, built, copied into its
   struct (positions and coordinates shifted by its base).  */
static void
sx_print_sparse_input (FILE *out, const sx_tool *t, int o, const sf_expr *a)
{
  const sf_operand *op = &t->comp->operands[o];
  const char *n = op->name;
  sx_print_sparse_decl (out, t, o, a);
  fprintf (out, "      double *ref_%s = sx_random_tensor (%d, s_%s.dims, "
	   "sx_shape, %d);\n      sx_build (&s_%s, ref_%s);\n"
	   "      %s op_%s;\n      memset (&op_%s, 0, sizeof op_%s);\n",
	   n, a->nidx, n, op->vtype == SF_TY_F32, n, n,
	   t->formats[op->format].type_name, n, n, n);
  sx_print_fields (out, t, o, 0);
  fprintf (out, "      op_%s.", n);
  sx_print_field (out, &t->formats[op->format].values);
  fprintf (out, " = SX_CONV (__typeof__ (*op_%s.", n);
  sx_print_field (out, &t->formats[op->format].values);
  fprintf (out, "), s_%s.vals, s_%s.nvals, 0);\n", n, n);
}

/* Return the last non-dense level of format F, -1 if none.  */
static int
sx_last_sparse (const sf_format *f)
{
  int last = -1;
  for (int l = 0; l < f->nlevels; l++)
    if (f->levels[l].kind != SF_LEVEL_DENSE)
      last = l;
  return last;
}

/* Return nonzero (after a message) when output O cannot hold the pattern
   of operand S: the levels up to O's last sparse one must match.  */
static int
sx_bad_share (const sx_tool *t, int o, int s)
{
  const sf_operand *po = &t->comp->operands[o], *ps = &t->comp->operands[s];
  if (ps->kind != SF_OPERAND_SPARSE || s == o)
    {
      fprintf (stderr, "sfexplain: '%s' cannot hold the pattern of '%s'\n",
	       po->name, ps->name);
      return 1;
    }
  const sf_format *fo = &t->formats[po->format], *fs = &t->formats[ps->format];
  const sf_expr *ao = sx_access (t->comp, o), *as = sx_access (t->comp, s);
  int last = sx_last_sparse (fo), bad = last >= fs->nlevels
	     || fo->base != fs->base
	     || strcmp (t->fmt[po->format].itype, t->fmt[ps->format].itype);
  for (int l = 0; !bad && l <= last; l++)
    bad = fo->levels[l].kind != fs->levels[l].kind
	  || ao->idx[fo->modes[l]] != as->idx[fs->modes[l]];
  if (bad)
    fprintf (stderr, "sfexplain: '%s' cannot hold the pattern of '%s': "
	     "their levels differ\n", po->name, ps->name);
  return bad;
}

/* Print the mask of output O holding the pattern of S: an entry where S
   has one with the same coordinates in O's sparse levels.  */
static void
sx_print_share_mask (FILE *out, const sx_tool *t, int o, int s)
{
  const sf_operand *po = &t->comp->operands[o], *ps = &t->comp->operands[s];
  const sf_format *fo = &t->formats[po->format];
  const sf_expr *ao = sx_access (t->comp, o), *as = sx_access (t->comp, s);
  const char *n = po->name, *m = ps->name;
  fprintf (out, "      for (int64_t sx_a = 0; sx_a < sx_total (%d, s_%s.dims); "
	   "sx_a++)\n        for (int64_t sx_b = 0; sx_b < sx_total (%d, "
	   "s_%s.dims); sx_b++)\n          if (ref_%s[sx_b] != 0", ao->nidx, n,
	   as->nidx, m, m);
  for (int l = 0; l <= sx_last_sparse (fo); l++)
    for (int d = 0; d < as->nidx; d++)
      if (as->idx[d] == ao->idx[fo->modes[l]])
	fprintf (out, "\n              && sx_coord (sx_a, %d, s_%s.dims, %d) "
		 "== sx_coord (sx_b, %d, s_%s.dims, %d)", ao->nidx, n,
		 fo->modes[l], as->nidx, m, d);
  fprintf (out, ")\n            {\n              sx_mask_%s[sx_a] = 1;\n"
	   "              break;\n            }\n", n);
}

/* Print the sparse output O (access A): its pattern, another operand's
   (same arrays) or its own, and random initial values sx_init_X.  */
static int
sx_print_sparse_output (FILE *out, const sx_tool *t, int o, const sf_expr *a)
{
  const sf_operand *op = &t->comp->operands[o];
  const sf_format *f = &t->formats[op->format];
  const char *n = op->name, *share = t->ops[o].share;
  int s = -1;
  if (share)
    for (int k = 0; k < t->comp->noperands; k++)
      if (!strcmp (t->comp->operands[k].name, share))
	s = k;
  if (share && (s < 0 || sx_bad_share (t, o, s)))
    return 1;
  sx_print_sparse_decl (out, t, o, a);
  if (s >= 0)
    {
      fprintf (out, "      double *sx_mask_%s = (double *) sx_alloc "
	       "(sx_total (%d, s_%s.dims), sizeof (double));\n", n, a->nidx,
	       n);
      sx_print_share_mask (out, t, o, s);
    }
  else
    fprintf (out, "      double *sx_mask_%s = sx_random_tensor (%d, s_%s.dims,"
	     " sx_shape, 0);\n", n, a->nidx, n);
  fprintf (out, "      sx_build (&s_%s, sx_mask_%s);\n      %s op_%s;\n"
	   "      memset (&op_%s, 0, sizeof op_%s);\n", n, n, f->type_name, n,
	   n, n);
  int from = s >= 0 ? sx_last_sparse (f) + 1 : 0;
  sx_print_fields (out, t, o, from);
  const sf_format *fs = s >= 0 ? &t->formats[t->comp->operands[s].format]
			: NULL;
  for (int l = 0; l < from; l++)
    for (int k = 0; k < 2; k++)
      {
	const sf_field_ref *ro = k ? &f->levels[l].crd : &f->levels[l].pos;
	const sf_field_ref *rs = k ? &fs->levels[l].crd : &fs->levels[l].pos;
	if (!ro->name || f->levels[l].kind == SF_LEVEL_COO)
	  continue;
	fprintf (out, "      op_%s.", n);
	sx_print_field (out, ro);
	fprintf (out, " = op_%s.", share);
	sx_print_field (out, rs);
	fputs (";\n", out);
      }
  fprintf (out, "      double *sx_init_%s = sx_random_dense (s_%s.nvals, %d);"
	   "\n      op_%s.", n, n, op->vtype == SF_TY_F32, n);
  sx_print_field (out, &f->values);
  fprintf (out, " = SX_CONV (__typeof__ (*op_%s.", n);
  sx_print_field (out, &f->values);
  fprintf (out, "), sx_init_%s, s_%s.nvals, 0);\n", n, n);
  return 0;
}

/* Step 2: print every operand's declarations, inputs first (a sparse
   output may take an input's pattern); return nonzero on failure.  */
static int
sx_print_operands (FILE *out, const sx_tool *t)
{
  const sf_comp *c = t->comp;
  int lhs = c->lhs->operand;
  for (int pass = 0; pass < 2; pass++)
    for (int o = 0; o < c->noperands; o++)
      {
	const sf_operand *op = &c->operands[o];
	const sf_expr *a = sx_access (c, o);
	if ((o == lhs) != pass)
	  continue;
	if (op->kind == SF_OPERAND_SCALAR)
	  sx_print_scalar (out, op);
	else if (op->kind == SF_OPERAND_DENSE)
	  sx_print_dense (out, t, o, a);
	else if (o != lhs)
	  sx_print_sparse_input (out, t, o, a);
	else if (sx_print_sparse_output (out, t, o, a))
	  return 1;
      }
  return 0;
}

/* Print the call of the kernel.  */
static void
sx_print_call (FILE *out, const sx_tool *t, const sx_extents *x)
{
  fputs ("      sf_kernel (", out);
  for (int o = 0; o < t->comp->noperands; o++)
    fprintf (out, "%sop_%s", o ? ", " : "", t->comp->operands[o].name);
  for (int n = 0; n < x->nnames; n++)
    fprintf (out, ", %s", x->name[n]);
  fputs (");\n", out);
}

/* Step 3: print the reference computation into ref_out.  */
static int
sx_print_reference (FILE *out, sx_tool *t)
{
  const sf_comp *c = t->comp;
  const sf_expr *lhs = c->lhs;
  const sf_operand *op = &c->operands[lhs->operand];
  fputs ("      int64_t sx_out_dims[] = ", out);
  sx_print_dims (out, c, lhs);
  fprintf (out, ";\n      int64_t sx_out_n = sx_total (%d, sx_out_dims);\n"
	   "      double *ref_out = (double *) sx_alloc (sx_out_n, "
	   "sizeof (double));\n", lhs->nidx);
  if (c->accumulate && op->kind == SF_OPERAND_DENSE)
    fprintf (out, "      memcpy (ref_out, ref_%s, (size_t) sx_out_n * "
	     "sizeof (double));\n", op->name);
  fputs ("      {\n", out);
  for (int o = 0; o < c->noperands; o++)
    if (c->operands[o].kind == SF_OPERAND_SCALAR)
      fprintf (out, "        %s %s = op_%s;\n",
	       sx_ctype (c->operands[o].vtype), c->operands[o].name,
	       c->operands[o].name);
  for (int d = 0; d < lhs->nidx; d++)
    fprintf (out, "        for (int64_t v_%s = 0; v_%s < ext_%s; v_%s++)\n",
	     c->index_names[lhs->idx[d]], c->index_names[lhs->idx[d]],
	     c->index_names[lhs->idx[d]], c->index_names[lhs->idx[d]]);
  fputs ("          ", out);
  sf_arena scratch;
  sf_arena_init (&scratch);
  int bad = sf_print_reference_c (out, &scratch, c, t->formats);
  sf_arena_free (&scratch);
  fputs ("      }\n", out);
  return bad;
}

/* Step 4: print the comparison of the output with the reference.  */
static void
sx_print_check (FILE *out, const sx_tool *t)
{
  char init[128];
  const sf_comp *c = t->comp;
  const sf_operand *op = &c->operands[c->lhs->operand];
  const char *n = op->name;
  int is_float = op->vtype == SF_TY_F32;
  if (op->kind == SF_OPERAND_DENSE)
    {
      fprintf (out, "      double *sx_want = (double *) sx_alloc (sx_out_n, "
	       "sizeof (double));\n      for (int64_t sx_k = 0; sx_k < "
	       "sx_out_n; sx_k++)\n        sx_want[sx_layout (%d, "
	       "sx_out_dims, %d, sx_k)] = ref_out[sx_k];\n"
	       "      sx_failures += sx_compare (sx_name, sx_set, op_%s, %d, "
	       "sx_want, sx_out_n);\n", c->lhs->nidx, op->colmajor, n,
	       is_float);
      return;
    }
  const sf_format *f = &t->formats[op->format];
  snprintf (init, sizeof init, c->accumulate ? "sx_init_%s" : "NULL", n);
  fprintf (out, "      double *sx_want = (double *) sx_alloc (s_%s.nvals, "
	   "sizeof (double));\n      sx_expect sx_e = { sx_want, ref_out, "
	   "%s };\n      int64_t sx_sc[8];\n      sx_walk (&s_%s, 0, 0, sx_sc, "
	   "sx_expect_at, &sx_e);\n      sx_failures += sx_compare (sx_name, "
	   "sx_set, op_%s.", n, init, n, n);
  sx_print_field (out, &f->values);
  fprintf (out, ", %d, sx_want, s_%s.nvals);\n", is_float, n);
}

int
sx_print_program (FILE *out, sx_tool *t)
{
  sx_extents x;
  for (int o = 0; o < t->comp->noperands; o++)
    if (t->comp->operands[o].is_old)
      {
	fprintf (stderr, "sfexplain: --program does not run computations "
		 "that read their output ('%s') on the right-hand side\n",
		 t->comp->operands[o].name);
	return 1;
      }
  if (sx_plan_extents (t, &x))
    return 1;
  fputs ("/* A test of the code sparsefuse generates for\n     ", out);
  sf_print_comp (out, t->comp);
  sf_print_clauses (out, t->comp);
  fputs ("\n   printed by sfexplain --program.  */\n\n#include <math.h>\n"
	 "#include <stdint.h>\n#include <stdio.h>\n#include <stdlib.h>\n"
	 "#include <string.h>\n\n", out);
  sx_print_structs (out, t);
  fputc ('\n', out);
  sx_print_kernel (out, t);
  fprintf (out, "\n%s\nint\nmain (void)\n{\n  static const char sx_name[] = "
	   "\"", sx_support);
  for (const char *p = t->text; *p; p++)
    fprintf (out, *p == '"' || *p == '\\' ? "\\%c" : "%c", *p);
  fprintf (out, "\";\n  int sx_failures = 0;\n  for (int sx_set = 0; sx_set "
	   "< %d && !sx_failures; sx_set++)\n    {\n      int sx_shape = "
	   "sx_set %% 6;\n      sx_rng = %luULL * 7919ULL + (unsigned) sx_set;"
	   "\n", t->sets, t->seed);
  sx_print_extents (out, t, &x);
  if (sx_print_operands (out, t))
    return 1;
  sx_print_call (out, t, &x);
  if (sx_print_reference (out, t))
    return 1;
  sx_print_check (out, t);
  fputs ("      free (ref_out), free (sx_want);\n    }\n  if (!sx_failures)\n"
	 "    printf (\"PASS: %s\\n\", sx_name);\n  return sx_failures != 0;\n}\n",
	 out);
  return 0;
}
