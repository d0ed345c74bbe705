/* The C printer of the loop IR, for dumps, the explain tool and tests.

     params: p0 B_n, p1 B_rowptr, p2 B_colidx, p3 B_vals, p4 x, p5 y
     FOR i [0, p0) parallel chunk 16
       DECL t = 0.0
       FOR pB1 [p1[i], p1[i + 1])
         DECL j = p2[pB1]
         ASSIGN t = t + p3[pB1] * p4[j]
       STORE p5[i] = t
   prints as
     #pragma omp parallel for schedule(dynamic, 16)
     for (int64_t i = 0; i < B_n; i++)
       {
         double t = 0.0;
         for (int64_t pB1 = B_rowptr[i]; pB1 < B_rowptr[i + 1]; pB1++)
           {
             int64_t j = B_colidx[pB1];
             t = t + B_vals[pB1] * x[j];
           }
         y[i] = t;
       }
   which compiles once the parameters are declared under their names
   (pointers to any integer type for INDEX arrays) and <stdlib.h> is
   included (heap workspaces: malloc and free).  A FOR declares its
   variable; variables the IR uses without a DECL are declared first.
   Operators are printed with C precedence, parenthesized where needed.  */

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "sf_core.h"

/* Return the C type name of TY.  */
static const char *
pir_c_type (sf_ty ty)
{
  switch (ty)
    {
    case SF_TY_BOOL: return "_Bool";
    case SF_TY_INDEX: return "int64_t";
    case SF_TY_F32: return "float";
    case SF_TY_F64: return "double";
    case SF_TY_I8: return "int8_t";
    case SF_TY_U8: return "uint8_t";
    case SF_TY_I16: return "int16_t";
    case SF_TY_U16: return "uint16_t";
    case SF_TY_I32: return "int32_t";
    case SF_TY_U32: return "uint32_t";
    case SF_TY_I64: return "int64_t";
    case SF_TY_U64: return "uint64_t";
    default: return "void";
    }
}

/* Return the precedence of E's top operator (higher binds tighter).  */
static int
pir_prec (const sf_ir_expr *e)
{
  switch (e->op)
    {
    case SF_IR_MUL: case SF_IR_DIV: return 13;
    case SF_IR_ADD: case SF_IR_SUB: return 12;
    case SF_IR_LT: case SF_IR_LE: return 10;
    case SF_IR_EQ: case SF_IR_NE: return 9;
    case SF_IR_AND: return 5;
    case SF_IR_OR: return 4;
    case SF_IR_SELECT: return 3;
    case SF_IR_NEG: case SF_IR_NOT: case SF_IR_CONVERT: return 14;
    case SF_IR_INT: case SF_IR_FLOAT: return e->op == SF_IR_INT && e->ival < 0
					      ? 14 : 16;
    default: return 16;
    }
}

/* Return the C spelling of binary operator OP.  */
static const char *
pir_op_text (sf_ir_op op)
{
  switch (op)
    {
    case SF_IR_ADD: return "+";
    case SF_IR_SUB: return "-";
    case SF_IR_MUL: return "*";
    case SF_IR_DIV: return "/";
    case SF_IR_LT: return "<";
    case SF_IR_LE: return "<=";
    case SF_IR_EQ: return "==";
    case SF_IR_NE: return "!=";
    case SF_IR_AND: return "&&";
    case SF_IR_OR: return "||";
    default: return "?";
    }
}

static void pir_print_expr (FILE *out, const sf_region *r, const sf_ir_expr *e,
			   int min_prec);

/* Print the floating constant V of type TY so that C reads back V.  */
static void
pir_print_float (FILE *out, double v, sf_ty ty)
{
  char buf[64];
  snprintf (buf, sizeof buf, "%.17g", v);
  if (!strpbrk (buf, ".eEni"))
    strcat (buf, ".0");
  if (ty == SF_TY_F32)
    fprintf (out, "(float) %s", buf);
  else
    fputs (buf, out);
}

/* Print operand E of a pointer comparison, cast so that pointers to
   different integer types compare.  */
static void
pir_print_cmp_operand (FILE *out, const sf_region *r, const sf_ir_expr *e,
		      int prec)
{
  if (e->op == SF_IR_PARAM && r->params[e->param].is_pointer)
    fprintf (out, "(const void *) %s", r->params[e->param].name);
  else
    pir_print_expr (out, r, e, prec);
}

/* Print binary E (an operator of precedence P).  */
static void
pir_print_binary (FILE *out, const sf_region *r, const sf_ir_expr *e, int p)
{
  if (e->op == SF_IR_MIN || e->op == SF_IR_MAX)
    {
      fputs ("((", out);
      pir_print_expr (out, r, e->a, 0);
      fputs (e->op == SF_IR_MIN ? ") < (" : ") > (", out);
      pir_print_expr (out, r, e->b, 0);
      fputs (") ? (", out);
      pir_print_expr (out, r, e->a, 0);
      fputs (") : (", out);
      pir_print_expr (out, r, e->b, 0);
      fputs ("))", out);
      return;
    }
  int pb = p + 1;
  if (e->op == SF_IR_OR)	/* (a && b) || c: parenthesized for -Wall */
    p = pb = pir_prec (e) + 2;
  pir_print_cmp_operand (out, r, e->a, p);
  fprintf (out, " %s ", pir_op_text (e->op));
  pir_print_cmp_operand (out, r, e->b, pb);
}

/* Print E, parenthesized when its operator binds less tightly than
   MIN_PREC.  */
static void
pir_print_expr (FILE *out, const sf_region *r, const sf_ir_expr *e,
	       int min_prec)
{
  int p = pir_prec (e);
  if (p < min_prec)
    fputc ('(', out);
  switch (e->op)
    {
    case SF_IR_INT:
      /* An integer value constant: its type by its suffix (narrower
	 types than int are promoted wherever they meet anything).  */
      if (e->ty == SF_TY_U32 || e->ty == SF_TY_U64)
	fprintf (out, e->ty == SF_TY_U32 ? "%lluU" : "%lluULL",
		 (unsigned long long) e->ival);
      else if (e->ty == SF_TY_I64)
	fprintf (out, "%lldLL", e->ival);
      else if (sf_ty_is_int (e->ty))
	fprintf (out, "%lld", e->ival);
      else
	fprintf (out, llabs (e->ival) > 2147483647LL ? "%lldLL" : "%lld",
		 e->ival);
      break;
    case SF_IR_FLOAT:
      pir_print_float (out, e->fval, e->ty);
      break;
    case SF_IR_VAR:
      fputs (r->vars[e->var].name, out);
      break;
    case SF_IR_PARAM:
      fputs (r->params[e->param].name, out);
      break;
    case SF_IR_LOAD:
      fprintf (out, "%s[", r->params[e->param].name);
      pir_print_expr (out, r, e->a, 0);
      fputc (']', out);
      break;
    case SF_IR_ALOAD:
      fprintf (out, "%s[", r->vars[e->var].name);
      pir_print_expr (out, r, e->a, 0);
      fputc (']', out);
      break;
    case SF_IR_THREAD:
      /* GCC's names under -fopenmp, which need no header.  */
      fputs ("(int64_t) __builtin_omp_get_thread_num ()", out);
      break;
    case SF_IR_NTHREADS:
      fputs ("(int64_t) __builtin_omp_get_num_threads ()", out);
      break;
    case SF_IR_MAX_THREADS:
      fputs ("(int64_t) omp_get_max_threads ()", out);
      break;
    case SF_IR_LLC_HALF:
      /* A value for reading and for compiling the printed C alone.  */
      fputs ("((int64_t) 4 << 20 /* half the last-level cache: "
	     "sf_llc_bytes () / 2 when the program runs */)", out);
      break;
    case SF_IR_NEG:
    case SF_IR_NOT:
      fputc (e->op == SF_IR_NEG ? '-' : '!', out);
      pir_print_expr (out, r, e->a, 15);
      break;
    case SF_IR_CONVERT:
      fprintf (out, "(%s) ", pir_c_type (e->ty));
      pir_print_expr (out, r, e->a, 14);
      break;
    case SF_IR_SELECT:
      pir_print_expr (out, r, e->a, 4);
      fputs (" ? ", out);
      pir_print_expr (out, r, e->b, 4);
      fputs (" : ", out);
      pir_print_expr (out, r, e->c, 3);
      break;
    default:
      pir_print_binary (out, r, e, p);
      break;
    }
  if (p < min_prec)
    fputc (')', out);
}

/* Print INDENT levels of indentation.  */
static void
pir_print_indent (FILE *out, int indent)
{
  for (int i = 0; i < indent; i++)
    fputs ("  ", out);
}

static void pir_print_list (FILE *out, const sf_region *r, const sf_ir_stmt *s,
			   int indent);

/* Print the braced block of statements S.  */
static void
pir_print_block (FILE *out, const sf_region *r, const sf_ir_stmt *s, int indent)
{
  pir_print_indent (out, indent);
  fputs ("{\n", out);
  pir_print_list (out, r, s, indent + 1);
  pir_print_indent (out, indent);
  fputs ("}\n", out);
}

/* Print the IF statement S (and its else-if chain).  */
static void
pir_print_if (FILE *out, const sf_region *r, const sf_ir_stmt *s, int indent)
{
  fputs ("if (", out);
  pir_print_expr (out, r, s->a, 0);
  fputs (")\n", out);
  pir_print_block (out, r, s->body, indent + 1);
  const sf_ir_stmt *e = s->else_body;
  if (!e)
    return;
  pir_print_indent (out, indent);
  if (e->kind == SF_IR_IF && !e->next)
    {
      fputs ("else ", out);
      pir_print_if (out, r, e, indent);
      return;
    }
  fputs ("else\n", out);
  pir_print_block (out, r, e, indent + 1);
}

/* Print the header and body of FOR statement S, after OMP (an OpenMP
   pragma line or NULL).  */
static void
pir_print_for_loop (FILE *out, const sf_region *r, const sf_ir_stmt *s,
		    const char *omp, int indent)
{
  const char *v = r->vars[s->var].name;
  if (omp)
    {
      if (s->chunk > 0)
	fprintf (out, "#pragma omp %s schedule(dynamic, %d)", omp, s->chunk);
      else
	fprintf (out, "#pragma omp %s schedule(dynamic)", omp);
      if (s->par_if && !strcmp (omp, "parallel for"))
	{
	  fputs (" if (", out);
	  pir_print_expr (out, r, s->par_if, 0);
	  fputc (')', out);
	}
      fputc ('\n', out);
      pir_print_indent (out, indent);
    }
  if (omp && s->parts)
    {
      fprintf (out, "/* on one thread: %s = 1, one chunk of all */\n",
	       s->b->op == SF_IR_VAR ? r->vars[s->b->var].name : "the bound");
      pir_print_indent (out, indent);
    }
  if (s->novector)
    {
      /* GCC 12 has no pragma for it (the plugin marks the loop).  */
      fputs ("/* novector: the loop itself is not vectorized */\n", out);
      pir_print_indent (out, indent);
    }
  fprintf (out, "for (%s %s = ", pir_c_type (r->vars[s->var].ty), v);
  pir_print_expr (out, r, s->a, 0);
  fprintf (out, "; %s < ", v);
  pir_print_expr (out, r, s->b, 11);
  fprintf (out, "; %s++)\n", v);
  pir_print_block (out, r, s->body, indent + 1);
}

/* Print the start of the parallel region of FOR statement S: the pragma
   with S's if clause, and the opening brace.  */
static void
pir_print_region_open (FILE *out, const sf_region *r, const sf_ir_stmt *s,
		       int indent)
{
  fputs ("#pragma omp parallel", out);
  if (s->par_if)
    {
      fputs (" if (", out);
      pir_print_expr (out, r, s->par_if, 0);
      fputc (')', out);
    }
  fputc ('\n', out);
  pir_print_indent (out, indent);
  fputs ("{\n", out);
}

/* Print the parallel FOR statement S whose threads split its range
   themselves: a parallel region in which each thread computes its block
   and runs it.  */
static void
pir_print_split_for (FILE *out, const sf_region *r, const sf_ir_stmt *s,
		     int indent)
{
  pir_print_region_open (out, r, s, indent);
  pir_print_list (out, r, s->split, indent + 1);
  pir_print_list (out, r, s->setup, indent + 1);
  pir_print_indent (out, indent + 1);
  const char *v = r->vars[s->var].name;
  fprintf (out, "for (%s %s = %s; %s < %s; %s++)\n",
	   pir_c_type (r->vars[s->var].ty), v, r->vars[s->split_lo].name, v,
	   r->vars[s->split_hi].name, v);
  pir_print_block (out, r, s->body, indent + 2);
  pir_print_list (out, r, s->teardown, indent + 1);
  pir_print_indent (out, indent);
  fputs ("}\n", out);
}

static void pir_print_for (FILE *out, const sf_region *r,
			   const sf_ir_stmt *s, int indent);

/* Print the parallel FOR statement S that runs SERIAL_ALT on one thread:
   if (threads pay) S else SERIAL_ALT (the plugin's code also takes
   SERIAL_ALT when the team would have one thread, passes/irgen.cc).  */
static void
pir_print_with_alt (FILE *out, const sf_region *r, const sf_ir_stmt *s,
		    int indent)
{
  sf_ir_stmt alone = *s;
  alone.serial_alt = NULL;
  alone.par_if = NULL;
  alone.next = NULL;
  fputs ("if (", out);
  if (s->par_if)
    pir_print_expr (out, r, s->par_if, 0);
  else
    fputc ('1', out);
  fputs (")\n", out);
  pir_print_block (out, r, &alone, indent + 1);
  pir_print_indent (out, indent);
  fputs ("else\n", out);
  pir_print_block (out, r, s->serial_alt, indent + 1);
}

/* Print the FOR statement S.  A parallel loop with per-thread setup or
   teardown is a parallel region holding them around a work-shared
   loop.  */
static void
pir_print_for (FILE *out, const sf_region *r, const sf_ir_stmt *s, int indent)
{
  if (s->parallel && s->serial_alt)
    {
      pir_print_with_alt (out, r, s, indent);
      return;
    }
  if (s->parallel && s->split)
    {
      pir_print_split_for (out, r, s, indent);
      return;
    }
  if (!s->parallel || (!s->setup && !s->teardown))
    {
      pir_print_for_loop (out, r, s, s->parallel ? "parallel for" : NULL,
			  indent);
      return;
    }
  pir_print_region_open (out, r, s, indent);
  pir_print_list (out, r, s->setup, indent + 1);
  pir_print_indent (out, indent + 1);
  pir_print_for_loop (out, r, s, "for", indent + 1);
  pir_print_list (out, r, s->teardown, indent + 1);
  pir_print_indent (out, indent);
  fputs ("}\n", out);
}

/* Print the allocation S of an array variable: a VLA on the stack, or
   malloc (its FREE prints the matching free).  */
static void
pir_print_alloc (FILE *out, const sf_region *r, const sf_ir_stmt *s)
{
  const sf_ir_var *v = &r->vars[s->var];
  const char *ty = pir_c_type (v->ty);
  if (s->heap)
    {
      /* On a cache line of its own, as passes/irgen.cc allocates it.  */
      fprintf (out, "%s *%s = (%s *) aligned_alloc (64, (sizeof (%s) * "
	       "(size_t) (", ty, v->name, ty, ty);
      pir_print_expr (out, r, s->a, 0);
      fputs (") + 63) / 64 * 64);\n", out);
      return;
    }
  fprintf (out, "%s %s[", ty, v->name);
  pir_print_expr (out, r, s->a, 0);
  fputs ("];\n", out);
}

/* Print statement S (indented already).  */
static void
pir_print_stmt (FILE *out, const sf_region *r, const sf_ir_stmt *s, int indent)
{
  switch (s->kind)
    {
    case SF_IR_DECL:
      fprintf (out, "%s %s", pir_c_type (r->vars[s->var].ty),
	       r->vars[s->var].name);
      if (s->a)
	{
	  fputs (" = ", out);
	  pir_print_expr (out, r, s->a, 0);
	}
      fputs (";\n", out);
      break;
    case SF_IR_ASSIGN:
      fprintf (out, "%s = ", r->vars[s->var].name);
      pir_print_expr (out, r, s->a, 0);
      fputs (";\n", out);
      break;
    case SF_IR_STORE:
      fprintf (out, "%s[", r->params[s->param].name);
      pir_print_expr (out, r, s->a, 0);
      fputs (s->accumulate ? "] += " : "] = ", out);
      pir_print_expr (out, r, s->b, 0);
      fputs (";\n", out);
      break;
    case SF_IR_FOR:
      pir_print_for (out, r, s, indent);
      break;
    case SF_IR_WHILE:
      fputs ("while (", out);
      pir_print_expr (out, r, s->a, 0);
      fputs (")\n", out);
      pir_print_block (out, r, s->body, indent + 1);
      break;
    case SF_IR_IF:
      pir_print_if (out, r, s, indent);
      break;
    case SF_IR_COMMENT:
      fprintf (out, "/* %s */\n", s->text);
      break;
    case SF_IR_BARRIER:
      fputs ("__asm__ volatile (\"\");\n", out);
      break;
    case SF_IR_PREFETCH:
      fprintf (out, "__builtin_prefetch (&%s[", r->params[s->param].name);
      pir_print_expr (out, r, s->a, 0);
      fputs ("]);\n", out);
      break;
    case SF_IR_CRITICAL:
      if (s->ordered)
	{
	  /* The threads in turn: thread 0 first.  */
	  fputs ("for (int sf_turn = 0; sf_turn < "
		 "__builtin_omp_get_num_threads (); sf_turn++)\n", out);
	  pir_print_indent (out, indent + 1);
	  fputs ("{\n", out);
	  pir_print_indent (out, indent + 2);
	  fputs ("if (sf_turn == __builtin_omp_get_thread_num ())\n", out);
	  pir_print_block (out, r, s->body, indent + 3);
	  pir_print_indent (out, indent + 2);
	  fputs ("#pragma omp barrier\n", out);
	  pir_print_indent (out, indent + 1);
	  fputs ("}\n", out);
	  break;
	}
      fputs ("#pragma omp critical\n", out);
      pir_print_block (out, r, s->body, indent + 1);
      break;
    case SF_IR_SHOW_PICK:
      fprintf (out, "/* SPARSEFUSE_SHOW_PICK=1 prints %s among %lld [%s] */\n",
	       r->vars[s->var].name, s->a->ival, s->text);
      break;
    case SF_IR_ASTORE:
      fprintf (out, "%s[", r->vars[s->var].name);
      pir_print_expr (out, r, s->a, 0);
      fputs (s->accumulate ? "] += " : "] = ", out);
      pir_print_expr (out, r, s->b, 0);
      fputs (";\n", out);
      break;
    case SF_IR_ALLOC:
      pir_print_alloc (out, r, s);
      break;
    case SF_IR_FREE:
      if (s->heap)
	fprintf (out, "free (%s);\n", r->vars[s->var].name);
      else
	fprintf (out, "/* end of %s */\n", r->vars[s->var].name);
      break;
    }
}

/* Print the statements of list S.  */
static void
pir_print_list (FILE *out, const sf_region *r, const sf_ir_stmt *s, int indent)
{
  for (; s; s = s->next)
    {
      pir_print_indent (out, indent);
      pir_print_stmt (out, r, s, indent);
    }
}

/* Mark in USED the variables expression E reads.  */
static void
pir_mark_used_expr (const sf_ir_expr *e, char *used)
{
  if (!e)
    return;
  if (e->op == SF_IR_VAR || e->op == SF_IR_ALOAD)
    used[e->var] = 1;
  pir_mark_used_expr (e->a, used);
  pir_mark_used_expr (e->b, used);
  pir_mark_used_expr (e->c, used);
}

/* Mark in USED the variables list S reads or assigns.  */
static void
pir_mark_used (const sf_ir_stmt *s, char *used)
{
  for (; s; s = s->next)
    {
      if (s->kind == SF_IR_ASSIGN || s->kind == SF_IR_ASTORE)
	used[s->var] = 1;
      pir_mark_used_expr (s->a, used);
      pir_mark_used_expr (s->b, used);
      pir_mark_used_expr (s->par_if, used);
      pir_mark_used (s->setup, used);
      pir_mark_used (s->teardown, used);
      pir_mark_used (s->split, used);
      pir_mark_used (s->serial_alt, used);
      pir_mark_used (s->body, used);
      pir_mark_used (s->else_body, used);
    }
}

/* Mark in DECLARED the variables that a DECL or FOR of list S declares.  */
static void
pir_mark_declared (const sf_ir_stmt *s, char *declared)
{
  for (; s; s = s->next)
    {
      if (s->kind == SF_IR_DECL || s->kind == SF_IR_FOR
	  || s->kind == SF_IR_ALLOC)
	declared[s->var] = 1;
      pir_mark_declared (s->setup, declared);
      pir_mark_declared (s->teardown, declared);
      pir_mark_declared (s->split, declared);
      pir_mark_declared (s->serial_alt, declared);
      pir_mark_declared (s->body, declared);
      pir_mark_declared (s->else_body, declared);
    }
}

void
sf_print_region_c (FILE *out, const sf_region *r, int indent)
{
  if (r->schedule_text)
    {
      pir_print_indent (out, indent);
      fprintf (out, "/* %s */\n", r->schedule_text);
    }
  char *declared = calloc ((size_t) r->nvars + 1, 1);
  char *used = calloc ((size_t) r->nvars + 1, 1);
  if (declared && used)
    {
      pir_mark_declared (r->body, declared);
      pir_mark_used (r->body, used);
      for (int v = 0; v < r->nvars; v++)
	if (!declared[v] && used[v])
	  {
	    pir_print_indent (out, indent);
	    fprintf (out, "%s %s;\n", pir_c_type (r->vars[v].ty),
		     r->vars[v].name);
	  }
    }
  free (declared);
  free (used);
  pir_print_list (out, r, r->body, indent);
}

/* Return a description of where parameter P's value comes from.  */
static const char *
pir_param_source (const sf_param *p, char *buf, size_t size)
{
  switch (p->kind)
    {
    case SF_PARAM_FIELD:
      if (p->field.subscript >= 0)
	snprintf (buf, size, "field %s[%d] of operand %d", p->field.name,
		  p->field.subscript, p->operand);
      else
	snprintf (buf, size, "field %s of operand %d", p->field.name,
		  p->operand);
      break;
    case SF_PARAM_DATA:
      snprintf (buf, size, "data of operand %d", p->operand);
      break;
    case SF_PARAM_TYPE_EXTENT:
      snprintf (buf, size, "extent %d of the C type of operand %d", p->dim,
		p->operand);
      break;
    case SF_PARAM_SCALAR:
      snprintf (buf, size, "value of operand %d", p->operand);
      break;
    case SF_PARAM_CEXPR:
      snprintf (buf, size, "clause expression");
      break;
    }
  return buf;
}

void
sf_print_region_params (FILE *out, const sf_region *r)
{
  for (int i = 0; i < r->nparams; i++)
    {
      const sf_param *p = &r->params[i];
      char buf[128];
      const char *ty = p->is_pointer && p->ty == SF_TY_INDEX ? "integer"
		       : pir_c_type (p->ty);
      fprintf (out, "/* param %d: %s %s%s -- %s */\n", i, ty,
	       p->is_pointer ? "*" : "", p->name,
	       pir_param_source (p, buf, sizeof buf));
    }
}
