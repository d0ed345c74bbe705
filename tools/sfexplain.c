/* sfexplain: what sparsefuse makes of a computation, straight from the
   compiler core (no GCC): the index notation with its reductions, the
   iteration graph, the loop order and merge lattices, the schedule, and
   the generated code as a C function; or (--program) a self-contained
   test program comparing that function with a dense evaluation of the
   index notation on random data.  See docs/explain.md.

     sfexplain 'A(i,j) = B(i,j) * C(i,k) * D(j,k)' \
               -f B:csr -f A:csr@B -d C:IxK -d D:JxK
     sfexplain 'y(i) = B(i,j) * x(j)' -f B:csc --program | gcc -xc - ...

   Outline of main:
     1. read the command line: the computation, one spec per operand;
     2. parse the computation and the formats the specs name (built-in
        ones become declarations: csr -> "format struct sx_csr dims(n, m)
        levels(dense, compressed(pos, crd)) values(vals)");
     3. resolve the operands as the GCC glue does from C types: sparse
        operands are structs passed by value, dense ones flat pointers
        with shape() from -d, undeclared names dense (with indices) or
        double scalars (without);
     4. check and lower with the core, as the plugin would;
     5. print the explanation, or the test program.  */

#include <stdlib.h>
#include <string.h>
#include "sfexplain.h"

static const char usage[] =
  "usage: sfexplain [OPTION]... 'COMPUTATION [CLAUSE]...'\n"
  "Explain how sparsefuse lowers COMPUTATION (the text after\n"
  "'#pragma tensor'), and print the generated code as a C function.\n"
  "\n"
  "  -f NAME:FORMAT[:MOD]...[@OTHER]  NAME is sparse, in FORMAT: csr, csc,\n"
  "                   dcsr, coo, csf, vec, dense (any order for coo, csf,\n"
  "                   dense), or a TYPE declared with -F; MOD: base1, float,\n"
  "                   int32, or a mode order such as 201 (csf, dense);\n"
  "                   @OTHER: the output holds OTHER's pattern (--program\n"
  "                   passes OTHER's arrays: the generated code's fast path)\n"
  "  -F 'TYPE dims(...) levels(...) values(...) [modes(...)] [base(1)]'\n"
  "                   declare a format, as after '#pragma tensor format'\n"
  "  -d NAME[:EXTENTS][:colmajor][:float]  NAME is a dense array (a flat\n"
  "                   pointer); EXTENTS such as IxK or Nx64 name its extents\n"
  "                   (the kernel takes them as int64_t parameters)\n"
  "  -s NAME[:float|:int]  NAME is a scalar (default double)\n"
  "  --openmp         allow parallel loops, as with -fopenmp\n"
  "  --schedule S     naive (default), unfused or auto, as the clause\n"
  "  --candidate N    with --schedule auto: candidate N of the enumeration\n"
  "                   alone (the explanation lists them)\n"
  "  --program        print a test program instead: the kernel against a\n"
  "                   dense evaluation of the index notation on random data\n"
  "  --seed N, --sets N  its first seed and number of data sets (1, 10)\n"
  "Names not declared are dense arrays when used with indices, double\n"
  "scalars without.  Exit status: 0, 1 when the computation is refused or\n"
  "not lowered (the plugin would keep the loop), 2 for a usage error.\n";

/* ---- small helpers ---- */

static void sx_die (const char *what, const char *arg);

/* Return the schedule named NAME (dies on an unknown name).  */
static sf_schedule
sx_schedule (const char *name)
{
  if (!strcmp (name, "naive"))
    return SF_SCHEDULE_NAIVE;
  if (!strcmp (name, "unfused"))
    return SF_SCHEDULE_UNFUSED;
  if (!strcmp (name, "auto"))
    return SF_SCHEDULE_AUTO;
  sx_die ("unknown schedule", name);
  return SF_SCHEDULE_NAIVE;
}

/* Print "sfexplain: MESSAGE" and exit with status 2.  */
static void
sx_die (const char *what, const char *arg)
{
  fprintf (stderr, "sfexplain: %s%s%s\n%s", what, arg ? ": " : "",
	   arg ? arg : "", "try 'sfexplain -h'\n");
  exit (2);
}

const char *
sx_ctype (sf_ty ty)
{
  switch (ty)
    {
    case SF_TY_F32: return "float";
    case SF_TY_F64: return "double";
    case SF_TY_BOOL: return "_Bool";
    default: return "int64_t";
    }
}

void
sx_print_field (FILE *out, const sf_field_ref *ref)
{
  if (ref->subscript >= 0)
    fprintf (out, "%s[%d]", ref->name, ref->subscript);
  else
    fputs (ref->name, out);
}

/* Return the operand of T named NAME, or -1.  */
static int
sx_operand_id (const sx_tool *t, const char *name)
{
  for (int o = 0; o < t->comp->noperands; o++)
    if (strcmp (t->comp->operands[o].name, name) == 0)
      return o;
  return -1;
}

/* Return the first access of operand O in E, or NULL.  */
static const sf_expr *
sx_find_access (const sf_expr *e, int o)
{
  if (!e)
    return NULL;
  if (e->kind == SF_EXPR_ACCESS && e->operand == o)
    return e;
  const sf_expr *a = sx_find_access (e->a, o);
  return a ? a : sx_find_access (e->b, o);
}

const sf_expr *
sx_access (const sf_comp *comp, int o)
{
  const sf_expr *a = sx_find_access (comp->lhs, o);
  return a ? a : sx_find_access (comp->rhs, o);
}

/* ---- step 2: formats ---- */

/* Append the level list of a built-in format to BUF: KIND for each of
   RANK levels ("compressed" or "dense"), or coo then singletons.  */
static void
sx_levels (char *buf, size_t size, const char *kind, int rank)
{
  size_t n = strlen (buf);
  for (int l = 0; l < rank; l++, n = strlen (buf))
    {
      const char *sep = l ? ", " : "";
      if (!strcmp (kind, "dense"))
	snprintf (buf + n, size - n, "%sdense", sep);
      else if (!strcmp (kind, "coo"))
	snprintf (buf + n, size - n, l ? "%ssingleton(crd[%d])"
		  : "%scoo(nnz, crd[%d])", sep, l);
      else
	snprintf (buf + n, size - n, "%scompressed(pos[%d], crd[%d])", sep, l,
		  l);
    }
}

/* Return the declaration text of built-in format NAME for an operand of
   RANK dims with mode order ORDER (NULL: identity), "" when NAME is not
   built in, NULL when it does not fit RANK.  */
static char *
sx_builtin (sf_arena *A, const char *name, int rank, const char *order)
{
  int two = rank == 2;
  if (!strcmp (name, "csr") || !strcmp (name, "csc"))
    return !two ? NULL : sf_arena_printf
      (A, "format struct sx_%s dims(n, m) levels(dense, compressed(pos, "
       "crd)) values(vals)%s", name, name[2] == 'c' ? " modes(1, 0)" : "");
  if (!strcmp (name, "dcsr"))
    return !two ? NULL : sf_arena_strdup
      (A, "format struct sx_dcsr dims(n, m) levels(compressed(pos[0], "
       "crd[0]), compressed(pos[1], crd[1])) values(vals)");
  if (!strcmp (name, "vec"))
    return rank != 1 ? NULL : sf_arena_strdup
      (A, "format struct sx_vec dims(n) levels(compressed(pos, crd)) "
       "values(vals)");
  if (strcmp (name, "coo") && strcmp (name, "csf") && strcmp (name, "dense"))
    return "";
  char buf[1024], dims[256] = "";
  for (int d = 0; d < rank; d++)
    snprintf (dims + strlen (dims), sizeof dims - strlen (dims), "%sdims[%d]",
	      d ? ", " : "", d);
  snprintf (buf, sizeof buf, "format struct sx_%s%d%s%s dims(%s) levels(",
	    name, rank, order ? "_" : "", order ? order : "", dims);
  sx_levels (buf, sizeof buf, name, rank);
  snprintf (buf + strlen (buf), sizeof buf - strlen (buf), ") values(vals)");
  for (int l = 0; order && l < rank; l++)
    snprintf (buf + strlen (buf), sizeof buf - strlen (buf), "%s%c",
	      l ? ", " : " modes(", order[l]);
  if (order)
    strcat (buf, ")");
  return sf_arena_strdup (A, buf);
}

/* Parse declaration DECL (text after "#pragma tensor") into F; exit
   with a message when it is not a valid format.  */
static void
sx_parse_format (sx_tool *t, const char *decl, sf_format *f)
{
  sf_token *toks;
  int n;
  sf_diags d;
  sf_pragma p;
  sf_diags_init (&d);
  sf_lex (&t->arena, decl, &toks, NULL, &n);
  if (sf_parse_pragma (&t->arena, toks, n, &p, &d)
      || p.kind != SF_PRAGMA_FORMAT || sf_check_format (&p.format, &d))
    {
      fprintf (stderr, "sfexplain: bad format '%s': %s\n", decl,
	       d.n ? d.v[0].message : "not a format declaration");
      exit (2);
    }
  sf_diags_free (&d);
  *f = p.format;
}

/* Return the format of T for spec SPEC (built-in name and modifiers, or
   a declared TYPE) of an operand of RANK dims, adding it if new.  */
static int
sx_format_of (sx_tool *t, const char *spec, int rank)
{
  for (int f = 0; f < t->nformats; f++)
    if (!strcmp (t->fmt[f].spec, spec) && t->formats[f].ndims == rank)
      return f;
  char name[64] = "", order[16] = "", suffix[32] = "";
  int base1 = 0, is_float = 0, i32 = 0;
  const char *p = spec, *end;
  for (int first = 1; *p; p = *end ? end + 1 : end, first = 0)
    {
      end = strchr (p, ':') ? strchr (p, ':') : p + strlen (p);
      int len = (int) (end - p);
      if (first)
	snprintf (name, sizeof name, "%.*s", len, p);
      else if (len == 5 && !strncmp (p, "base1", 5))
	base1 = 1, strcat (suffix, "_b1");
      else if (len == 5 && !strncmp (p, "float", 5))
	is_float = 1, strcat (suffix, "_f32");
      else if (len == 5 && !strncmp (p, "int32", 5))
	i32 = 1, strcat (suffix, "_i32");
      else if (len == rank && strspn (p, "0123456789") == (size_t) len)
	snprintf (order, sizeof order, "%.*s", len, p);
      else
	sx_die ("unknown format modifier", p);
    }
  const char *decl = sx_builtin (&t->arena, name, rank, *order ? order : NULL);
  if (!decl)
    sx_die ("format does not fit the operand's number of indices", spec);
  if (t->nformats == SX_MAX_FORMATS)
    sx_die ("too many formats", spec);
  int f = t->nformats++;
  sx_format *x = &t->fmt[f];
  x->spec = spec;
  x->itype = i32 ? "int32_t" : "int64_t";
  x->vtype = is_float ? "float" : "double";
  if (!*decl)
    {
      for (int g = 0; g < f; g++)	/* a TYPE declared with -F */
	if (t->fmt[g].spec[0] == '\0' && !strcmp (t->formats[g].type_name,
						  name))
	  decl = t->fmt[g].decl;
      if (!*decl)
	sx_die ("unknown format (declare it with -F)", name);
    }
  else
    {
      const char *sp = strchr (decl + 14, ' ');	/* after "format struct " */
      decl = sf_arena_printf (&t->arena, "%.*s%s%s%s", (int) (sp - decl),
			      decl, suffix, sp, base1 ? " base(1)" : "");
    }
  x->decl = decl;
  sx_parse_format (t, decl, &t->formats[f]);
  t->formats[f].vtype = is_float ? SF_TY_F32 : SF_TY_F64;
  return f;
}

/* Declare the format of -F's text DECL (kept under an empty spec).  */
static void
sx_declare_format (sx_tool *t, const char *decl)
{
  if (t->nformats == SX_MAX_FORMATS)
    sx_die ("too many formats", decl);
  int f = t->nformats++;
  t->fmt[f].spec = "";
  t->fmt[f].decl = sf_arena_printf (&t->arena, "format %s", decl);
  t->fmt[f].itype = "int64_t";
  t->fmt[f].vtype = "double";
  sx_parse_format (t, t->fmt[f].decl, &t->formats[f]);
  t->formats[f].vtype = SF_TY_F64;
}

/* ---- step 1: the command line ---- */

/* The raw operand specs, kept until the computation is parsed.  */
typedef struct sx_spec
{
  char kind;			/* 'f', 'd' or 's' */
  const char *text;		/* NAME:... */
} sx_spec;

/* Apply spec S to its operand of T (step 3 input).  */
static void
sx_apply_spec (sx_tool *t, const sx_spec *s)
{
  const char *colon = strchr (s->text, ':');
  char *name = sf_arena_strndup (&t->arena, s->text, colon
				 ? (size_t) (colon - s->text)
				 : strlen (s->text));
  int o = sx_operand_id (t, name);
  if (o < 0)
    sx_die ("no operand of that name in the computation", name);
  sx_operand *x = &t->ops[o];
  const char *rest = colon ? colon + 1 : "";
  x->declared = 1;
  if (s->kind == 'f')
    {
      char *spec = sf_arena_strdup (&t->arena, rest), *at = strchr (spec, '@');
      if (at)
	*at = '\0', x->share = at + 1;
      const sf_expr *a = sx_access (t->comp, o);
      x->format = sx_format_of (t, spec, a ? a->nidx : 0);
      return;
    }
  x->scalar = s->kind == 's';
  for (const char *p = rest, *end; *p; p = *end ? end + 1 : end)
    {
      end = strchr (p, ':') ? strchr (p, ':') : p + strlen (p);
      char *word = sf_arena_strndup (&t->arena, p, (size_t) (end - p));
      if (!strcmp (word, "colmajor"))
	x->colmajor = 1;
      else if (!strcmp (word, "float"))
	x->is_float = 1;
      else if (!strcmp (word, "int") && x->scalar)
	x->is_int = 1;
      else if (!x->scalar && !x->ndims)
	for (char *d = word, *e; *d; d = *e ? e + 1 : e)
	  {
	    e = strchr (d, 'x') ? strchr (d, 'x') : d + strlen (d);
	    if (x->ndims == SF_MAX_ORDER)
	      sx_die ("too many extents", s->text);
	    x->dims[x->ndims++] = sf_arena_strndup (&t->arena, d,
						    (size_t) (e - d));
	  }
      else
	sx_die ("unknown modifier", word);
    }
}

/* Parse the computation T->text into T->comp; exit on syntax errors.  */
static void
sx_parse_comp (sx_tool *t)
{
  sf_token *toks;
  int n, *offsets;
  sf_diags d;
  sf_diags_init (&d);
  sf_lex (&t->arena, t->text, &toks, &offsets, &n);
  if (sf_parse_pragma (&t->arena, toks, n, &t->pragma, &d)
      || t->pragma.kind != SF_PRAGMA_COMP)
    {
      for (int i = 0; i < d.n; i++)
	fprintf (stderr, "sfexplain: error: %s\n  %s\n  %*s^\n",
		 d.v[i].message, t->text,
		 d.v[i].tok >= 0 ? offsets[d.v[i].tok] : 0, "");
      if (!d.n)
	fprintf (stderr, "sfexplain: not a computation: %s\n", t->text);
      exit (1);
    }
  sf_diags_free (&d);
  t->comp = &t->pragma.comp;
}

/* ---- step 3: resolution ---- */

/* Return the clause expression for extent text TEXT (a name or a
   number).  */
static sf_cexpr *
sx_extent (sx_tool *t, const char *text)
{
  sf_cexpr *e = SF_NEW (&t->arena, sf_cexpr);
  e->tok = -1;
  if (strspn (text, "0123456789") == strlen (text) && *text)
    e->kind = SF_CEXPR_INT, e->ival = atoll (text);
  else
    e->kind = SF_CEXPR_NAME, e->name = text;
  return e;
}

/* Resolve operand O of T as the glue would resolve its C declaration.  */
static void
sx_resolve (sx_tool *t, int o)
{
  sf_operand *op = &t->comp->operands[o];
  sx_operand *x = &t->ops[o];
  const sf_expr *a = sx_access (t->comp, o);
  for (int d = 0; d < SF_MAX_ORDER; d++)
    op->const_extent[d] = -1;
  if (x->format >= 0)
    {
      op->kind = SF_OPERAND_SPARSE;
      op->format = x->format;
      op->rank = t->formats[x->format].ndims;
      op->vtype = t->formats[x->format].vtype;
      return;
    }
  if (x->scalar || (!x->declared && a && a->nidx == 0))
    {
      op->kind = SF_OPERAND_SCALAR;
      op->vtype = x->is_int ? SF_TY_INDEX : x->is_float ? SF_TY_F32
		  : SF_TY_F64;
      return;
    }
  op->kind = SF_OPERAND_DENSE;
  op->vtype = x->is_float ? SF_TY_F32 : SF_TY_F64;
  op->rank = a ? a->nidx : 1;
  op->flat_pointer = 1;
  op->colmajor |= x->colmajor;
  if (x->ndims && !op->nshape)
    {
      op->nshape = x->ndims;
      for (int d = 0; d < x->ndims; d++)
	op->shape[d] = sx_extent (t, x->dims[d]);
    }
}

/* Print the diagnostics D of T's computation, with a caret under each
   one's token; return their number of errors.  */
static int
sx_report (const sx_tool *t, const sf_diags *d)
{
  sf_token *toks;
  int n, *offsets;
  sf_arena scratch;
  sf_arena_init (&scratch);
  sf_lex (&scratch, t->text, &toks, &offsets, &n);
  for (int i = 0; i < d->n; i++)
    {
      const sf_diag *g = &d->v[i];
      fprintf (stderr, "sfexplain: %s: %s\n  %s\n  %*s^\n",
	       g->severity == SF_SEV_ERROR ? "error"
	       : g->severity == SF_SEV_WARNING ? "warning" : "note",
	       g->message, t->text,
	       g->tok >= 0 && g->tok < n ? offsets[g->tok] : 0, "");
    }
  sf_arena_free (&scratch);
  return d->nerrors;
}

/* ---- step 5: printing ---- */

void
sx_print_cexpr (FILE *out, const sx_tool *t, const sf_cexpr *e)
{
  static const char ops[] = "+-*/";
  switch (e->kind)
    {
    case SF_CEXPR_INT:
      fprintf (out, "%lld", e->ival);
      return;
    case SF_CEXPR_NAME:
      fprintf (out, "%s%s", sx_operand_id (t, e->name) >= 0 ? "op_" : "",
	       e->name);
      return;
    case SF_CEXPR_MEMBER:
    case SF_CEXPR_ARROW:
      sx_print_cexpr (out, t, e->a);
      fprintf (out, "%s%s", e->kind == SF_CEXPR_MEMBER ? "." : "->",
	       e->name);
      return;
    case SF_CEXPR_NEG:
      fputs ("(-", out);
      sx_print_cexpr (out, t, e->a);
      fputc (')', out);
      return;
    default:
      fputc ('(', out);
      sx_print_cexpr (out, t, e->a);
      fprintf (out, " %c ", ops[e->kind - SF_CEXPR_ADD]);
      sx_print_cexpr (out, t, e->b);
      fputc (')', out);
      return;
    }
}

/* Add to NAMES (*N so far) the plain names of clause expression E that
   are not operands (the kernel's int64_t parameters).  */
static void
sx_extent_names (const sx_tool *t, const sf_cexpr *e, const char **names,
		 int *n)
{
  if (!e)
    return;
  if (e->kind == SF_CEXPR_NAME && sx_operand_id (t, e->name) < 0)
    {
      for (int i = 0; i < *n; i++)
	if (!strcmp (names[i], e->name))
	  return;
      if (*n < 64)
	names[(*n)++] = e->name;
      return;
    }
  if (e->kind == SF_CEXPR_MEMBER || e->kind == SF_CEXPR_ARROW)
    return;
  sx_extent_names (t, e->a, names, n);
  sx_extent_names (t, e->b, names, n);
}

/* Store in NAMES the kernel's extent parameters; return their number.  */
static int
sx_kernel_extents (const sx_tool *t, const char **names)
{
  int n = 0;
  for (int o = 0; o < t->comp->noperands; o++)
    for (int d = 0; d < t->comp->operands[o].nshape; d++)
      sx_extent_names (t, t->comp->operands[o].shape[d], names, &n);
  return n;
}

/* Print the C declaration of the struct of format F.  */
static void
sx_print_struct (FILE *out, const sx_tool *t, int f)
{
  const sf_format *g = &t->formats[f];
  const sf_field_ref *refs[3 * SF_MAX_ORDER + 1];
  int role[3 * SF_MAX_ORDER + 1], n = 0;	/* 0 size, 1 array, 2 values */
  for (int d = 0; d < g->ndims; d++)
    refs[n] = &g->dims[d], role[n++] = 0;
  for (int l = 0; l < g->nlevels; l++)
    {
      if (g->levels[l].pos.name)
	refs[n] = &g->levels[l].pos,
	role[n++] = g->levels[l].kind == SF_LEVEL_COO ? 0 : 1;
      if (g->levels[l].crd.name)
	refs[n] = &g->levels[l].crd, role[n++] = 1;
    }
  refs[n] = &g->values, role[n++] = 2;
  int is_struct = !strncmp (g->type_name, "struct ", 7);
  fprintf (out, "%s\n{\n", is_struct ? g->type_name : "typedef struct");
  for (int i = 0; i < n; i++)
    {
      int seen = 0, sub = refs[i]->subscript;
      for (int j = 0; j < n; j++)
	if (!strcmp (refs[j]->name, refs[i]->name))
	  {
	    seen |= j < i;
	    sub = refs[j]->subscript > sub ? refs[j]->subscript : sub;
	  }
      if (seen)
	continue;
      fprintf (out, "  %s %s%s", role[i] == 2 ? t->fmt[f].vtype
	       : role[i] == 1 ? t->fmt[f].itype : "int64_t",
	       role[i] ? "*" : "", refs[i]->name);
      if (sub >= 0)
	fprintf (out, "[%d]", sub + 1);
      fputs (";\n", out);
    }
  fprintf (out, "}%s%s;\n", is_struct ? "" : " ", is_struct ? ""
	   : g->type_name);
}

void
sx_print_structs (FILE *out, const sx_tool *t)
{
  for (int f = 0; f < t->nformats; f++)
    for (int o = 0; o < t->comp->noperands; o++)
      if (t->ops[o].format == f)
	{
	  fprintf (out, "/* #pragma tensor %s */\n", t->fmt[f].decl);
	  sx_print_struct (out, t, f);
	  break;
	}
}

/* Print the kernel's parameter list.  */
static void
sx_print_signature (FILE *out, const sx_tool *t)
{
  const char *sep = "";
  fputs ("void\nsf_kernel (", out);
  for (int o = 0; o < t->comp->noperands; o++)
    {
      const sf_operand *op = &t->comp->operands[o];
      if (op->is_old)
	continue;		/* the output's own variable */
      if (op->kind == SF_OPERAND_SPARSE)
	fprintf (out, "%s%s op_%s", sep, t->formats[op->format].type_name,
		 op->name);
      else
	fprintf (out, "%s%s %sop_%s", sep, sx_ctype (op->vtype),
		 op->kind == SF_OPERAND_DENSE ? "*" : "", op->name);
      sep = ", ";
    }
  const char *names[64];
  int n = sx_kernel_extents (t, names);
  for (int i = 0; i < n; i++)
    fprintf (out, ", int64_t %s", names[i]);
  fputs (")\n", out);
}

/* Print the local copy of region parameter P.  */
static void
sx_print_param (FILE *out, const sx_tool *t, const sf_param *p)
{
  const char *op = p->operand >= 0 ? t->comp->operands[p->operand].name : "";
  fputs ("  ", out);
  switch (p->kind)
    {
    case SF_PARAM_FIELD:
      if (p->is_pointer)
	{
	  fprintf (out, "__typeof__ (op_%s.", op);
	  sx_print_field (out, &p->field);
	  fputs (")", out);
	}
      else
	fputs ("int64_t", out);
      fprintf (out, " %s = op_%s.", p->name, op);
      sx_print_field (out, &p->field);
      break;
    case SF_PARAM_DATA:
      fprintf (out, "%s *%s = op_%s", sx_ctype (p->ty), p->name, op);
      break;
    case SF_PARAM_SCALAR:
      fprintf (out, "%s %s = op_%s", sx_ctype (p->ty), p->name, op);
      break;
    case SF_PARAM_CEXPR:
      fprintf (out, "int64_t %s = ", p->name);
      sx_print_cexpr (out, t, p->cexpr);
      break;
    case SF_PARAM_TYPE_EXTENT:
      fprintf (out, "int64_t %s = 0 /* C type extent: not here */", p->name);
      break;
    }
  fputs (";\n", out);
}

void
sx_print_kernel (FILE *out, const sx_tool *t)
{
  fputs ("/* ", out);
  sf_print_comp (out, t->comp);
  sf_print_clauses (out, t->comp);
  fputs (" */\n", out);
  sx_print_signature (out, t);
  fputs ("{\n", out);
  for (int i = 0; i < t->region->nparams; i++)
    sx_print_param (out, t, &t->region->params[i]);
  fputs ("  {\n", out);
  sf_print_region_c (out, t->region, 2);
  fputs ("  }\n}\n", out);
}

/* Print operand O's line of the explanation.  */
static void
sx_describe_operand (FILE *out, const sx_tool *t, int o)
{
  const sf_operand *op = &t->comp->operands[o];
  const sx_operand *x = &t->ops[o];
  fprintf (out, "  %-6s ", op->name);
  if (op->is_old)
    fprintf (out, "the output's values before the statement (read at "
	     "its own indices)");
  else if (op->kind == SF_OPERAND_SPARSE)
    {
      fprintf (out, "sparse: #pragma tensor %s", t->fmt[op->format].decl);
      if (x->share)
	fprintf (out, "\n         holding %s's pattern", x->share);
    }
  else if (op->kind == SF_OPERAND_SCALAR)
    fprintf (out, "scalar %s", sx_ctype (op->vtype));
  else
    {
      fprintf (out, "dense %s, %s", sx_ctype (op->vtype),
	       op->colmajor ? "column-major" : "row-major");
      for (int d = 0; d < op->nshape; d++)
	{
	  fputs (d ? " x " : ", extents ", out);
	  sx_print_cexpr (out, t, op->shape[d]);
	}
    }
  fputc ('\n', out);
}

/* Print the whole explanation of T.  */
static void
sx_explain (FILE *out, sx_tool *t)
{
  fputs ("computation:\n  ", out);
  sf_print_comp (out, t->comp);
  sf_print_clauses (out, t->comp);
  fputs ("\noperands:\n", out);
  for (int o = 0; o < t->comp->noperands; o++)
    sx_describe_operand (out, t, o);
  sf_arena scratch;
  sf_diags d;
  sf_arena_init (&scratch);
  sf_diags_init (&d);
  sf_explain (out, &scratch, t->comp, t->formats, &t->options, &d);
  sf_diags_free (&d);
  sf_arena_free (&scratch);
  fprintf (out, "schedule:\n  %s\n\n", t->region->schedule_text);
  if (t->region->candidates_text)
    {
      fprintf (out, "candidates (--candidate N for one alone):\n");
      for (const char *l = t->region->candidates_text; *l;)
	{
	  size_t len = strcspn (l, "\n");
	  fprintf (out, "  %.*s\n", (int) len, l);
	  l += len + (l[len] == '\n');
	}
      fputc ('\n', out);
    }
  fprintf (out, "generated C:\n#include <stdint.h>\n#include <stdlib.h>\n\n");
  sx_print_structs (out, t);
  fputc ('\n', out);
  sx_print_kernel (out, t);
}

/* ---- main ---- */

/* Read the command line into T and SPECS (*NSPECS); exit on errors.  */
static int
sx_options (sx_tool *t, int argc, char **argv, sx_spec *specs)
{
  int n = 0;
  for (int i = 1; i < argc; i++)
    {
      const char *a = argv[i];
      int more = i + 1 < argc;
      if (!strcmp (a, "-h") || !strcmp (a, "--help"))
	fputs (usage, stdout), exit (0);
      else if (!strcmp (a, "--openmp"))
	t->options.openmp = 1;
      else if (!strcmp (a, "--schedule") && more)
	t->options.schedule = sx_schedule (argv[++i]);
      else if (!strcmp (a, "--candidate") && more)
	{
	  t->options.candidate = atoi (argv[++i]);
	  if (t->options.candidate < 1)
	    sx_die ("--candidate takes a number from 1", argv[i]);
	}
      else if (!strcmp (a, "--program"))
	t->sets = t->sets ? t->sets : 10;
      else if (!strcmp (a, "--seed") && more)
	t->seed = strtoul (argv[++i], NULL, 10);
      else if (!strcmp (a, "--sets") && more)
	t->sets = atoi (argv[++i]);
      else if (!strcmp (a, "-F") && more)
	sx_declare_format (t, argv[++i]);
      else if ((!strcmp (a, "-f") || !strcmp (a, "-d") || !strcmp (a, "-s"))
	       && more && n < 3 * SF_MAX_OPERANDS)
	specs[n].kind = a[1], specs[n++].text = argv[++i];
      else if (a[0] == '-' || t->text)
	sx_die ("unexpected argument", a);
      else
	t->text = a;
    }
  if (!t->text)
    sx_die ("no computation given", NULL);
  return n;
}

int
main (int argc, char **argv)
{
  static sx_tool tool;
  sx_tool *t = &tool;
  sx_spec specs[3 * SF_MAX_OPERANDS];
  sf_arena_init (&t->arena);
  t->options.schedule = SF_SCHEDULE_NAIVE;
  t->seed = 1;
  int nspecs = sx_options (t, argc, argv, specs);
  sx_parse_comp (t);
  for (int o = 0; o < SF_MAX_OPERANDS; o++)
    t->ops[o].format = -1;
  for (int s = 0; s < nspecs; s++)
    sx_apply_spec (t, &specs[s]);
  for (int o = 0; o < t->comp->noperands; o++)
    sx_resolve (t, o);
  sf_diags d;
  sf_diags_init (&d);
  if (!sf_check_comp (t->comp, t->formats, &d))
    t->region = sf_lower (&t->arena, t->comp, t->formats, &t->options, &d);
  sx_report (t, &d);
  sf_diags_free (&d);
  if (!t->region)
    return 1;
  int status = 0;
  if (t->sets)
    status = sx_print_program (stdout, t);
  else
    sx_explain (stdout, t);
  sf_arena_free (&t->arena);
  return status;
}
