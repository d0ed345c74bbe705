/* Printers for the syntax trees: canonical pragma text back from an
   sf_comp or sf_format, with the fewest parentheses that keep the tree.

     parse of  "A(i,l)+=(B(i,j))*C(i,k)*D(j,k)*E(j,l) schedule(naive)"
     prints    "A(i,l) += B(i,j) * C(i,k) * D(j,k) * E(j,l)"   (sf_print_comp)
               " schedule(naive)"                           (sf_print_clauses)
     parse of  "A(i) = -(b(i) - (c(i) - d(i))) * 2.5"
     prints    "A(i) = -(b(i) - (c(i) - d(i))) * 2.5"

   Precedence levels: 1 for + and -, 2 for *, 3 for unary minus, 4 for
   atoms.  A child is parenthesized when its level is below what its place
   requires: the left operand of a binary operator needs the operator's
   level, the right operand one more (the operators associate to the
   left), the operand of unary minus needs an atom (so "-(-x)" never
   prints as "--x", which C would read as a decrement).  */

#include <math.h>
#include <stdlib.h>
#include "sf_core.h"

/* Print V in the shortest form that reads back as the same double,
   integers without an exponent (250, not 2.5e+02).  */
static void
sf_print_number (FILE *out, double v)
{
  char buf[64];
  if (v == floor (v) && fabs (v) < 1e15)
    {
      fprintf (out, "%.0f", v);
      return;
    }
  for (int precision = 1; precision <= 17; precision++)
    {
      snprintf (buf, sizeof buf, "%.*g", precision, v);
      if (strtod (buf, NULL) == v)
	break;
    }
  fputs (buf, out);
}

/* ---- tensor expressions ---- */

/* Return the precedence level of E (see the file comment).  */
static int
sf_expr_level (const sf_expr *e)
{
  switch (e->kind)
    {
    case SF_EXPR_ADD: case SF_EXPR_SUB: return 1;
    case SF_EXPR_MUL: return 2;
    case SF_EXPR_NEG: return 3;
    case SF_EXPR_NUMBER: return signbit (e->number) ? 3 : 4;
    case SF_EXPR_ACCESS: return 4;
    }
  return 4;
}

/* Print access E: "B(i,j)", or "alpha" without indices.  */
static void
sf_print_access (FILE *out, const sf_comp *comp, const sf_expr *e)
{
  fputs (comp->operands[e->operand].name, out);
  if (!e->nidx)
    return;
  for (int k = 0; k < e->nidx; k++)
    fprintf (out, "%s%s", k ? "," : "(", comp->index_names[e->idx[k]]);
  fputc (')', out);
}

/* Print E, which stands where at least precedence LEVEL is needed.  */
static void
sf_print_expr_at (FILE *out, const sf_comp *comp, const sf_expr *e,
		  int level)
{
  int own = sf_expr_level (e);
  if (own < level)
    fputc ('(', out);
  switch (e->kind)
    {
    case SF_EXPR_NUMBER: sf_print_number (out, e->number); break;
    case SF_EXPR_ACCESS: sf_print_access (out, comp, e); break;
    case SF_EXPR_NEG:
      fputc ('-', out);
      sf_print_expr_at (out, comp, e->a, 4);
      break;
    default:
      sf_print_expr_at (out, comp, e->a, own);
      fputs (e->kind == SF_EXPR_ADD ? " + " : e->kind == SF_EXPR_SUB
	     ? " - " : " * ", out);
      sf_print_expr_at (out, comp, e->b, own + 1);
      break;
    }
  if (own < level)
    fputc (')', out);
}

void
sf_print_expr (FILE *out, const sf_comp *comp, const sf_expr *e)
{
  sf_print_expr_at (out, comp, e, 0);
}

void
sf_print_comp (FILE *out, const sf_comp *comp)
{
  sf_print_access (out, comp, comp->lhs);
  fputs (comp->accumulate ? " += " : " = ", out);
  sf_print_expr (out, comp, comp->rhs);
}

/* ---- clause expressions ---- */

/* Return the precedence level of clause expression E.  */
static int
sf_cexpr_level (const sf_cexpr *e)
{
  switch (e->kind)
    {
    case SF_CEXPR_ADD: case SF_CEXPR_SUB: return 1;
    case SF_CEXPR_MUL: case SF_CEXPR_DIV: return 2;
    case SF_CEXPR_NEG: case SF_CEXPR_ADDR: case SF_CEXPR_DEREF: return 3;
    case SF_CEXPR_INT: return e->ival < 0 ? 3 : 4;
    default: return 4;
    }
}

static const char *
sf_cexpr_operator (sf_cexpr_kind kind)
{
  switch (kind)
    {
    case SF_CEXPR_ADD: return " + ";
    case SF_CEXPR_SUB: return " - ";
    case SF_CEXPR_MUL: return " * ";
    default: return " / ";
    }
}

/* Print E, which stands where at least precedence LEVEL is needed.  */
static void
sf_print_cexpr_at (FILE *out, const sf_cexpr *e, int level)
{
  int own = sf_cexpr_level (e);
  if (own < level)
    fputc ('(', out);
  switch (e->kind)
    {
    case SF_CEXPR_INT: fprintf (out, "%lld", e->ival); break;
    case SF_CEXPR_NAME: fputs (e->name, out); break;
    case SF_CEXPR_NNZ: fprintf (out, "nnz(%s)", e->name); break;
    case SF_CEXPR_DIM: fprintf (out, "dim(%s, %lld)", e->name, e->ival); break;
    case SF_CEXPR_MEMBER: case SF_CEXPR_ARROW:
      sf_print_cexpr_at (out, e->a, 4);
      fprintf (out, "%s%s", e->kind == SF_CEXPR_MEMBER ? "." : "->", e->name);
      break;
    case SF_CEXPR_NEG: case SF_CEXPR_ADDR: case SF_CEXPR_DEREF:
      fputc (e->kind == SF_CEXPR_NEG ? '-' : e->kind == SF_CEXPR_ADDR ? '&' : '*',
	     out);
      sf_print_cexpr_at (out, e->a, 4);
      break;
    case SF_CEXPR_INDEX:
      sf_print_cexpr_at (out, e->a, 4);
      fputc ('[', out);
      sf_print_cexpr_at (out, e->b, 0);
      fputc (']', out);
      break;
    default:
      sf_print_cexpr_at (out, e->a, own);
      fputs (sf_cexpr_operator (e->kind), out);
      sf_print_cexpr_at (out, e->b, own + 1);
      break;
    }
  if (own < level)
    fputc (')', out);
}

void
sf_print_cexpr (FILE *out, const sf_cexpr *e)
{
  sf_print_cexpr_at (out, e, 0);
}

static void
sf_print_constraint (FILE *out, const sf_constraint *c)
{
  static const char *const ops[] = { " < ", " <= ", " > ", " >= ", " == " };
  sf_print_cexpr (out, c->lhs);
  fputs (ops[c->op], out);
  sf_print_cexpr (out, c->rhs);
}

/* ---- clauses ---- */

/* Print " shape(X: e0, e1, Y: e2)" for the operands that have a shape.  */
static void
sf_print_shape_clause (FILE *out, const sf_comp *comp)
{
  const char *sep = " shape(";
  for (int o = 0; o < comp->noperands; o++)
    {
      const sf_operand *op = &comp->operands[o];
      if (!op->nshape || op->is_old)	/* the output's, printed once */
	continue;
      fprintf (out, "%s%s: ", sep, op->name);
      for (int d = 0; d < op->nshape; d++)
	{
	  fputs (d ? ", " : "", out);
	  sf_print_cexpr (out, op->shape[d]);
	}
      sep = ", ";
    }
  if (sep[0] == ',')
    fputc (')', out);
}

/* Print " colmajor(X, Y)" for the column-major operands.  */
static void
sf_print_colmajor_clause (FILE *out, const sf_comp *comp)
{
  const char *sep = " colmajor(";
  for (int o = 0; o < comp->noperands; o++)
    if (comp->operands[o].colmajor && !comp->operands[o].is_old)
      {
	fprintf (out, "%s%s", sep, comp->operands[o].name);
	sep = ", ";
      }
  if (sep[0] == ',')
    fputc (')', out);
}

/* Print " relayout(X, Y)" for the operands that may be copied.  */
static void
sf_print_relayout_clause (FILE *out, const sf_comp *comp)
{
  const char *sep = " relayout(";
  for (int o = 0; o < comp->noperands; o++)
    if (comp->operands[o].relayout)
      {
	fprintf (out, "%s%s", sep, comp->operands[o].name);
	sep = ", ";
      }
  if (sep[0] == ',')
    fputc (')', out);
}

/* Print " assume(C1, C2)" when there are assumptions.  */
static void
sf_print_assume_clause (FILE *out, const sf_comp *comp)
{
  for (int a = 0; a < comp->nassumes; a++)
    {
      fputs (a ? ", " : " assume(", out);
      sf_print_constraint (out, &comp->assumes[a]);
    }
  if (comp->nassumes)
    fputc (')', out);
}

void
sf_print_clauses (FILE *out, const sf_comp *comp)
{
  static const char *const schedules[] = { "auto", "naive", "unfused" };
  sf_print_shape_clause (out, comp);
  sf_print_colmajor_clause (out, comp);
  sf_print_relayout_clause (out, comp);
  if (comp->schedule != SF_SCHEDULE_AUTO)
    fprintf (out, " schedule(%s)", schedules[comp->schedule]);
  sf_print_assume_clause (out, comp);
  if (comp->memory)
    {
      fputs (" memory(", out);
      sf_print_cexpr (out, comp->memory);
      fputc (')', out);
    }
  if (comp->serial)
    fputs (" serial", out);
  if (comp->threads)
    {
      fputs (" threads(", out);
      sf_print_cexpr (out, comp->threads);
      fputc (')', out);
    }
  if (comp->check)
    fputs (" check", out);
  for (int k = 0; k < comp->nscratch; k++)
    fprintf (out, "%s%s", k ? ", " : " scratch(", comp->scratch[k]);
  if (comp->nscratch)
    fputc (')', out);
}

/* ---- format declarations ---- */

static void
sf_print_field (FILE *out, const sf_field_ref *f)
{
  if (f->expr)
    {
      sf_print_cexpr (out, f->expr);
      return;
    }
  fputs (f->name ? f->name : "?", out);
  if (f->subscript >= 0)
    fprintf (out, "[%d]", f->subscript);
}

static void
sf_print_level (FILE *out, const sf_level *l)
{
  fputs (sf_level_name (l->kind), out);
  if (l->kind == SF_LEVEL_DENSE)
    return;
  fputc ('(', out);
  if (l->kind != SF_LEVEL_SINGLETON)
    {
      sf_print_field (out, &l->pos);
      fputs (", ", out);
    }
  sf_print_field (out, &l->crd);
  fputc (')', out);
}

/* Return nonzero when FORMAT's modes are not the identity.  */
static int
sf_format_has_permutation (const sf_format *format)
{
  if (format->nmodes != format->nlevels)
    return 1;
  for (int l = 0; l < format->nmodes; l++)
    if (format->modes[l] != l)
      return 1;
  return 0;
}

void
sf_print_format (FILE *out, const sf_format *format)
{
  fprintf (out, "format %s dims(", format->type_name);
  for (int d = 0; d < format->ndims; d++)
    {
      fputs (d ? ", " : "", out);
      sf_print_field (out, &format->dims[d]);
    }
  fputs (") levels(", out);
  for (int l = 0; l < format->nlevels; l++)
    {
      fputs (l ? ", " : "", out);
      sf_print_level (out, &format->levels[l]);
    }
  fputs (") values(", out);
  sf_print_field (out, &format->values);
  fputc (')', out);
  if (format->nmodes && sf_format_has_permutation (format))
    {
      for (int l = 0; l < format->nmodes; l++)
	fprintf (out, "%s%d", l ? ", " : " modes(", format->modes[l]);
      fputc (')', out);
    }
  if (format->base)
    fprintf (out, " base(%d)", format->base);
}
