/* Constructors for the loop IR: regions with their variables and
   parameters, expressions, statements.

     sf_ir_add (a, sf_ir_var_ref (a, r, i), sf_ir_int (a, 0))   ->  i
     sf_ir_mul (a, sf_ir_int (a, 2), sf_ir_int (a, 3))          ->  6
     sf_region_param (..B.rowptr..) twice                       ->  same id

   Names of variables and parameters share one namespace (the printed C
   declares both in one scope), so "j" taken by a variable makes the next
   request for "j" return "j_2".  */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ir/ir.h"

/* ---- regions ---- */

sf_region *
sf_region_new (sf_arena *arena)
{
  return SF_NEW (arena, sf_region);
}

/* The names a region uses, hashed, so that a new name costs about one
   lookup (a region's lowering makes thousands of variables, many from
   one base: a scan of every name per request was quadratic in them, a
   third of the compile time of the largest regions).

   The index covers the names of the first NV variables and NP
   parameters.  Names are only ever added at the end; a lowering that
   retries a candidate cuts nvars or nparams back, and the next request
   sees the counts below the index's and builds it again.  Each entry
   counts the slots holding its name and remembers, for a name used as a
   base, the suffix below which every BASE_N is taken (the suffixes in
   use only grow while the index lives).  */

typedef struct sf_name_entry
{
  const char *name;		/* NULL: an empty slot */
  unsigned hash;
  int count;			/* slots holding NAME */
  int next;			/* BASE_2 .. BASE_(next-1) are all taken */
} sf_name_entry;

struct sf_name_index
{
  const sf_region *owner;
  int nv, np;			/* the names indexed */
  int cap, used;		/* entries: a power of 2; in use */
  sf_name_entry *entries;
};

static unsigned
sf_name_hash (const char *s)
{
  unsigned h = 2166136261u;
  for (; *s; s++)
    h = (h ^ (unsigned char) *s) * 16777619u;
  return h;
}

/* Return the entry of NAME (hash H) in X, or the empty slot for it.  */
static sf_name_entry *
sf_name_slot (struct sf_name_index *x, const char *name, unsigned h)
{
  unsigned mask = (unsigned) x->cap - 1;
  for (unsigned i = h & mask;; i = (i + 1) & mask)
    {
      sf_name_entry *e = &x->entries[i];
      if (!e->name || (e->hash == h && strcmp (e->name, name) == 0))
	return e;
    }
}

/* Count one more slot holding NAME in X, growing its table (in ARENA)
   at half full.  */
static void
sf_name_add (sf_arena *arena, struct sf_name_index *x, const char *name)
{
  if (2 * (x->used + 1) > x->cap)
    {
      sf_name_entry *old = x->entries;
      int oldcap = x->cap;
      x->cap = x->cap ? 2 * x->cap : 64;
      x->entries = SF_NEW_ARRAY (arena, sf_name_entry, x->cap);
      for (int i = 0; i < oldcap; i++)
	if (old[i].name)
	  *sf_name_slot (x, old[i].name, old[i].hash) = old[i];
    }
  unsigned h = sf_name_hash (name);
  sf_name_entry *e = sf_name_slot (x, name, h);
  if (!e->name)
    {
      e->name = name;
      e->hash = h;
      x->used++;
    }
  e->count++;
}

/* Return R's name index, brought up to date with its variables and
   parameters.  */
static struct sf_name_index *
sf_region_names (sf_arena *arena, sf_region *r)
{
  struct sf_name_index *x = r->names;
  if (!x)
    x = r->names = SF_NEW (arena, struct sf_name_index);
  if (x->owner != r || r->nvars < x->nv || r->nparams < x->np)
    {
      if (x->cap)
	memset (x->entries, 0, sizeof (sf_name_entry) * (size_t) x->cap);
      x->owner = r;
      x->nv = x->np = x->used = 0;
    }
  for (; x->nv < r->nvars; x->nv++)
    sf_name_add (arena, x, r->vars[x->nv].name);
  for (; x->np < r->nparams; x->np++)
    sf_name_add (arena, x, r->params[x->np].name);
  return x;
}

/* Return nonzero when X counts a slot holding NAME.  */
static int
sf_name_taken (struct sf_name_index *x, const char *name)
{
  if (!x->cap)
    return 0;
  sf_name_entry *e = sf_name_slot (x, name, sf_name_hash (name));
  return e->name && e->count > 0;
}

/* Return BASE, or BASE_2, BASE_3... : the first name R does not use.  */
static const char *
sf_region_unique_name (sf_arena *arena, sf_region *r, const char *base)
{
  struct sf_name_index *x = sf_region_names (arena, r);
  sf_name_entry *e = x->cap ? sf_name_slot (x, base, sf_name_hash (base))
		     : NULL;
  if (!e || !e->name || !e->count)
    return sf_arena_strdup (arena, base);
  size_t len = strlen (base);
  char small[64], *buf = len + 16 <= sizeof small ? small : malloc (len + 16);
  if (!buf)
    {
      sf_arena_out_of_memory ();
      abort ();			/* the hook must not return */
    }
  int k = e->next > 2 ? e->next : 2;
  for (;; k++)
    {
      snprintf (buf, len + 16, "%s_%d", base, k);
      if (!sf_name_taken (x, buf))
	break;
    }
  /* E stays where it is: the lookups above added nothing.  */
  e->next = k;
  if (buf != small)
    free (buf);
  return sf_arena_printf (arena, "%s_%d", base, k);
}

/* Return a copy of array OLD of N elements of SIZE bytes with room for
   CAP elements.  */
static void *
sf_grow (sf_arena *arena, const void *old, int n, int cap, size_t size)
{
  void *v = sf_arena_alloc (arena, size * (size_t) cap);
  if (n)
    memcpy (v, old, size * (size_t) n);
  return v;
}

int
sf_region_var (sf_arena *arena, sf_region *r, const char *base, sf_ty ty)
{
  if (r->nvars == r->vars_cap)
    {
      r->vars_cap = r->vars_cap ? 2 * r->vars_cap : 16;
      r->vars = sf_grow (arena, r->vars, r->nvars, r->vars_cap,
			 sizeof (sf_ir_var));
    }
  sf_ir_var *v = &r->vars[r->nvars];
  v->name = sf_region_unique_name (arena, r, base);
  v->ty = ty;
  v->is_array = 0;	/* the slot may be reused after a lowering retry */
  v->threads_test = 0;
  return r->nvars++;
}

int
sf_region_array (sf_arena *arena, sf_region *r, const char *base, sf_ty ty)
{
  int v = sf_region_var (arena, r, base, ty);
  r->vars[v].is_array = 1;
  return v;
}

/* Return nonzero when field references A and B designate the same
   member.  */
static int
sf_field_equal (const sf_field_ref *a, const sf_field_ref *b)
{
  if (!a->name || !b->name)
    return a->name == b->name;
  return strcmp (a->name, b->name) == 0 && a->subscript == b->subscript;
}

/* Return nonzero when parameters A and B evaluate the same value.  */
static int
sf_param_equal (const sf_param *a, const sf_param *b)
{
  if (a->kind != b->kind || a->is_pointer != b->is_pointer || a->ty != b->ty)
    return 0;
  switch (a->kind)
    {
    case SF_PARAM_FIELD:
      return a->operand == b->operand && sf_field_equal (&a->field, &b->field);
    case SF_PARAM_DATA:
    case SF_PARAM_SCALAR:
      return a->operand == b->operand;
    case SF_PARAM_TYPE_EXTENT:
      return a->operand == b->operand && a->dim == b->dim;
    case SF_PARAM_CEXPR:
      return a->cexpr == b->cexpr;
    }
  return 0;
}

int
sf_region_param (sf_arena *arena, sf_region *r, const sf_param *p)
{
  for (int i = 0; i < r->nparams; i++)
    if (sf_param_equal (&r->params[i], p))
      return i;
  if (r->nparams == r->params_cap)
    {
      r->params_cap = r->params_cap ? 2 * r->params_cap : 16;
      r->params = sf_grow (arena, r->params, r->nparams, r->params_cap,
			   sizeof (sf_param));
    }
  sf_param *q = &r->params[r->nparams];
  *q = *p;
  q->name = sf_region_unique_name (arena, r, p->name ? p->name : "p");
  return r->nparams++;
}

/* ---- expressions ---- */

/* Return a new expression node OP of type TY.  */
static sf_ir_expr *
sf_ir_node (sf_arena *arena, sf_ir_op op, sf_ty ty)
{
  sf_ir_expr *e = SF_NEW (arena, sf_ir_expr);
  e->op = op;
  e->ty = ty;
  return e;
}

sf_ir_expr *
sf_ir_int (sf_arena *arena, long long value)
{
  sf_ir_expr *e = sf_ir_node (arena, SF_IR_INT, SF_TY_INDEX);
  e->ival = value;
  return e;
}

sf_ir_expr *
sf_ir_llc_half (sf_arena *arena)
{
  return sf_ir_node (arena, SF_IR_LLC_HALF, SF_TY_INDEX);
}

sf_ir_expr *
sf_ir_max_threads (sf_arena *arena)
{
  return sf_ir_node (arena, SF_IR_MAX_THREADS, SF_TY_INDEX);
}

sf_ir_expr *
sf_ir_thread (sf_arena *arena, int team_size)
{
  return sf_ir_node (arena, team_size ? SF_IR_NTHREADS : SF_IR_THREAD,
		     SF_TY_INDEX);
}

/* Return the integer constant VALUE converted to integer value type TY
   as C converts it (modulo 2^bits; GCC's choice for signed types).  */
static sf_ir_expr *
sf_ir_typed_int (sf_arena *arena, long long value, sf_ty ty)
{
  int bits = 8 * sf_ty_bytes (ty);
  unsigned long long u = (unsigned long long) value;
  if (bits < 64)
    {
      u &= (1ull << bits) - 1;
      if (!sf_ty_is_unsigned (ty) && (u >> (bits - 1) & 1))
	u |= ~0ull << bits;
    }
  sf_ir_expr *e = sf_ir_node (arena, SF_IR_INT, ty);
  e->ival = (long long) u;
  return e;
}

/* Return the constant VALUE of value type TY: an SF_IR_INT of TY for an
   integer type (VALUE is integral there: the lowering checks numbers
   before it computes in integers).  */
sf_ir_expr *
sf_ir_float (sf_arena *arena, double value, sf_ty ty)
{
  if (sf_ty_is_int (ty))
    return sf_ir_typed_int (arena, (long long) value, ty);
  sf_ir_expr *e = sf_ir_node (arena, SF_IR_FLOAT, ty);
  e->fval = value;
  return e;
}

sf_ir_expr *
sf_ir_var_ref (sf_arena *arena, const sf_region *r, int var)
{
  sf_ir_expr *e = sf_ir_node (arena, SF_IR_VAR, r->vars[var].ty);
  e->var = var;
  return e;
}

sf_ir_expr *
sf_ir_param_ref (sf_arena *arena, const sf_region *r, int param)
{
  sf_ir_expr *e = sf_ir_node (arena, SF_IR_PARAM, r->params[param].ty);
  e->param = param;
  return e;
}

sf_ir_expr *
sf_ir_load (sf_arena *arena, const sf_region *r, int param, sf_ir_expr *index)
{
  sf_ir_expr *e = sf_ir_node (arena, SF_IR_LOAD, r->params[param].ty);
  e->param = param;
  e->a = index;
  return e;
}

sf_ir_expr *
sf_ir_aload (sf_arena *arena, const sf_region *r, int var, sf_ir_expr *index)
{
  sf_ir_expr *e = sf_ir_node (arena, SF_IR_ALOAD, r->vars[var].ty);
  e->var = var;
  e->a = index;
  return e;
}

/* Return nonzero when E is the integer constant V.  */
static int
sf_ir_is_int (const sf_ir_expr *e, long long v)
{
  return e->op == SF_IR_INT && e->ival == v;
}

/* Return A OP B folded when both are integer constants or one is a
   neutral element, NULL when nothing folds.  */
static sf_ir_expr *
sf_ir_fold (sf_arena *arena, sf_ir_op op, sf_ir_expr *a, sf_ir_expr *b)
{
  if (a->ty != SF_TY_INDEX || b->ty != SF_TY_INDEX)
    return NULL;
  if (a->op == SF_IR_INT && b->op == SF_IR_INT)
    switch (op)
      {
      case SF_IR_ADD: return sf_ir_int (arena, a->ival + b->ival);
      case SF_IR_SUB: return sf_ir_int (arena, a->ival - b->ival);
      case SF_IR_MUL: return sf_ir_int (arena, a->ival * b->ival);
      default: break;
      }
  if ((op == SF_IR_ADD || op == SF_IR_SUB) && sf_ir_is_int (b, 0))
    return a;
  if (op == SF_IR_ADD && sf_ir_is_int (a, 0))
    return b;
  if (op == SF_IR_MUL && sf_ir_is_int (b, 1))
    return a;
  if (op == SF_IR_MUL && sf_ir_is_int (a, 1))
    return b;
  return NULL;
}

/* Return nonzero when OP yields a BOOL.  */
static int
sf_ir_op_is_bool (sf_ir_op op)
{
  return op == SF_IR_LT || op == SF_IR_LE || op == SF_IR_EQ || op == SF_IR_NE
	 || op == SF_IR_AND || op == SF_IR_OR;
}

sf_ir_expr *
sf_ir_binary (sf_arena *arena, sf_ir_op op, sf_ir_expr *a, sf_ir_expr *b)
{
  sf_ir_expr *folded = sf_ir_fold (arena, op, a, b);
  if (folded)
    return folded;
  sf_ty ty = sf_ty_wider (a->ty, b->ty);
  if (op != SF_IR_AND && op != SF_IR_OR && op != SF_IR_EQ && op != SF_IR_NE)
    {
      a = sf_ir_convert (arena, a, ty);
      b = sf_ir_convert (arena, b, ty);
    }
  sf_ir_expr *e = sf_ir_node (arena, op, sf_ir_op_is_bool (op) ? SF_TY_BOOL
			      : ty);
  e->a = a;
  e->b = b;
  return e;
}

sf_ir_expr *
sf_ir_unary (sf_arena *arena, sf_ir_op op, sf_ir_expr *a)
{
  if (op == SF_IR_NEG && sf_ty_is_int (a->ty))
    a = sf_ir_convert (arena, a, sf_ty_wider (a->ty, a->ty));	/* promoted */
  if (op == SF_IR_NEG && a->op == SF_IR_INT)
    return a->ty == SF_TY_INDEX ? sf_ir_int (arena, -a->ival)
	   : sf_ir_typed_int (arena, (long long) (0ull - (unsigned long long)
						  a->ival), a->ty);
  sf_ir_expr *e = sf_ir_node (arena, op, op == SF_IR_NOT ? SF_TY_BOOL : a->ty);
  e->a = a;
  return e;
}

sf_ir_expr *
sf_ir_convert (sf_arena *arena, sf_ir_expr *a, sf_ty ty)
{
  if (a->ty == ty)
    return a;
  if (a->op == SF_IR_FLOAT && sf_ty_is_float (ty))
    return sf_ir_float (arena, a->fval, ty);
  if (a->op == SF_IR_INT && sf_ty_is_float (ty))
    return sf_ir_float (arena, a->ty == SF_TY_U64
			? (double) (unsigned long long) a->ival
			: (double) a->ival, ty);
  if (a->op == SF_IR_INT && sf_ty_is_int (ty))
    return sf_ir_typed_int (arena, a->ival, ty);
  if (a->op == SF_IR_FLOAT && sf_ty_is_int (ty) && a->fval > -9e18
      && a->fval < 9e18)
    /* C truncates toward zero.  */
    return sf_ir_typed_int (arena, (long long) a->fval, ty);
  sf_ir_expr *e = sf_ir_node (arena, SF_IR_CONVERT, ty);
  e->a = a;
  return e;
}

sf_ir_expr *
sf_ir_select (sf_arena *arena, sf_ir_expr *cond, sf_ir_expr *a, sf_ir_expr *b)
{
  sf_ty ty = sf_ty_wider (a->ty, b->ty);
  sf_ir_expr *e = sf_ir_node (arena, SF_IR_SELECT, ty);
  e->a = cond;
  e->b = sf_ir_convert (arena, a, ty);
  e->c = sf_ir_convert (arena, b, ty);
  return e;
}

sf_ir_expr *
sf_ir_clone (sf_arena *arena, const sf_ir_expr *e)
{
  if (!e)
    return NULL;
  sf_ir_expr *c = SF_NEW (arena, sf_ir_expr);
  *c = *e;
  c->a = sf_ir_clone (arena, e->a);
  c->b = sf_ir_clone (arena, e->b);
  c->c = sf_ir_clone (arena, e->c);
  return c;
}

/* ---- statements ---- */

/* Return a new statement of KIND.  */
static sf_ir_stmt *
sf_ir_new_stmt (sf_arena *arena, sf_ir_kind kind)
{
  sf_ir_stmt *s = SF_NEW (arena, sf_ir_stmt);
  s->kind = kind;
  return s;
}

sf_ir_stmt *
sf_ir_decl (sf_arena *arena, int var, sf_ir_expr *init)
{
  sf_ir_stmt *s = sf_ir_new_stmt (arena, SF_IR_DECL);
  s->var = var;
  s->a = init;
  return s;
}

sf_ir_stmt *
sf_ir_assign (sf_arena *arena, int var, sf_ir_expr *value)
{
  sf_ir_stmt *s = sf_ir_new_stmt (arena, SF_IR_ASSIGN);
  s->var = var;
  s->a = value;
  return s;
}

sf_ir_stmt *
sf_ir_store (sf_arena *arena, int param, sf_ir_expr *index, sf_ir_expr *value,
	     int accumulate)
{
  sf_ir_stmt *s = sf_ir_new_stmt (arena, SF_IR_STORE);
  s->param = param;
  s->a = index;
  s->b = value;
  s->accumulate = accumulate;
  return s;
}

sf_ir_stmt *
sf_ir_astore (sf_arena *arena, int var, sf_ir_expr *index, sf_ir_expr *value,
	      int accumulate)
{
  sf_ir_stmt *s = sf_ir_new_stmt (arena, SF_IR_ASTORE);
  s->var = var;
  s->a = index;
  s->b = value;
  s->accumulate = accumulate;
  return s;
}

sf_ir_stmt *
sf_ir_alloc (sf_arena *arena, int var, sf_ir_expr *n, int heap,
	     sf_ir_stmt **free_stmt)
{
  sf_ir_stmt *s = sf_ir_new_stmt (arena, SF_IR_ALLOC);
  s->var = var;
  s->a = n;
  s->heap = heap;
  *free_stmt = sf_ir_new_stmt (arena, SF_IR_FREE);
  (*free_stmt)->var = var;
  (*free_stmt)->heap = heap;
  return s;
}

sf_ir_stmt *
sf_ir_for (sf_arena *arena, int var, sf_ir_expr *lo, sf_ir_expr *hi,
	   sf_ir_stmt *body)
{
  sf_ir_stmt *s = sf_ir_new_stmt (arena, SF_IR_FOR);
  s->var = var;
  s->a = lo;
  s->b = hi;
  s->body = body;
  return s;
}

sf_ir_stmt *
sf_ir_while (sf_arena *arena, sf_ir_expr *cond, sf_ir_stmt *body)
{
  sf_ir_stmt *s = sf_ir_new_stmt (arena, SF_IR_WHILE);
  s->a = cond;
  s->body = body;
  return s;
}

sf_ir_stmt *
sf_ir_if (sf_arena *arena, sf_ir_expr *cond, sf_ir_stmt *then_body,
	  sf_ir_stmt *else_body)
{
  sf_ir_stmt *s = sf_ir_new_stmt (arena, SF_IR_IF);
  s->a = cond;
  s->body = then_body;
  s->else_body = else_body;
  return s;
}

sf_ir_stmt *
sf_ir_comment (sf_arena *arena, const char *text)
{
  sf_ir_stmt *s = sf_ir_new_stmt (arena, SF_IR_COMMENT);
  s->text = sf_arena_strdup (arena, text);
  return s;
}

sf_ir_stmt *
sf_ir_barrier (sf_arena *arena)
{
  return sf_ir_new_stmt (arena, SF_IR_BARRIER);
}

sf_ir_stmt *
sf_ir_prefetch (sf_arena *arena, int param, sf_ir_expr *index)
{
  sf_ir_stmt *s = sf_ir_new_stmt (arena, SF_IR_PREFETCH);
  s->param = param;
  s->a = index;
  return s;
}

sf_ir_stmt *
sf_ir_critical (sf_arena *arena, sf_ir_stmt *body)
{
  sf_ir_stmt *s = sf_ir_new_stmt (arena, SF_IR_CRITICAL);
  s->body = body;
  return s;
}

sf_ir_stmt *
sf_ir_show_pick (sf_arena *arena, int var, int n, const char *names,
		 sf_ir_expr *cap)
{
  sf_ir_stmt *s = sf_ir_new_stmt (arena, SF_IR_SHOW_PICK);
  s->var = var;
  s->a = sf_ir_int (arena, n);
  s->b = cap;
  s->text = sf_arena_strdup (arena, names);
  return s;
}

void
sf_ir_append (sf_ir_list *list, sf_ir_stmt *s)
{
  if (!s)
    return;
  if (list->tail)
    list->tail->next = s;
  else
    list->head = s;
  list->tail = s;
  while (list->tail->next)
    list->tail = list->tail->next;
}
