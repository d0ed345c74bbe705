/* The memory model and the interpreter of the checker's programs.

     block 3 "B.colidx": 20 bytes, elements of 4   (an int array of 5)
     LOAD i32 (PTRADD (ptr{3, 16}, 4))   ->  reads bytes 20..23: outside,
       "the loop reads B.colidx[5] outside the declared array (5 entries)"

   Pointers are {block, byte offset}; memory keeps, beside each block's
   bytes, the block each stored pointer points into, so that a pointer
   read back from a struct member still knows its array.  Integers are
   computed in 64 bits and cut to their type's width after every
   operation, as C's conversions do; floats are rounded to their width.

   1. Number the labels' positions.
   2. Run statements from the first, following IF and GOTO, counting
      steps against the budget.
   3. Stop at the end, at an access outside a block (an error of the
      annotation when the block is a declared array), at a pointer the
      annotation does not describe, or when the budget runs out.  */

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "verify_int.h"

/* ---- memory ---- */

void
vf_mem_init (vf_mem *m)
{
  memset (m, 0, sizeof *m);
  vf_mem_new (m, "(null)", 0, 0);
}

void
vf_mem_free (vf_mem *m)
{
  for (int k = 0; k < m->n; k++)
    {
      free (m->b[k].data);
      free (m->b[k].prov);
    }
  free (m->b);
  memset (m, 0, sizeof *m);
}

int
vf_mem_new (vf_mem *m, const char *name, long size, int elem)
{
  if (m->n == m->cap)
    {
      m->cap = m->cap ? 2 * m->cap : 32;
      m->b = realloc (m->b, sizeof (vf_block) * (size_t) m->cap);
      if (!m->b)
	abort ();
    }
  vf_block *b = &m->b[m->n];
  memset (b, 0, sizeof *b);
  b->name = name;
  b->elem = elem;
  vf_mem_resize (m, m->n, size < 0 ? 0 : size);
  return m->n++;
}

void
vf_mem_resize (vf_mem *m, int blk, long size)
{
  vf_block *b = &m->b[blk];
  if (size <= b->size && b->data)
    return;
  size_t n = (size_t) size + 1;
  b->data = realloc (b->data, n);
  b->prov = realloc (b->prov, n * sizeof (int));
  if (!b->data || !b->prov)
    abort ();
  memset (b->data + b->size, 0, n - (size_t) b->size);
  memset (b->prov + b->size, 0, (n - (size_t) b->size) * sizeof (int));
  b->size = size;
}

/* Return the size in bytes of a value of type TY.  */
static int
ty_bytes (vf_ty ty)
{
  if (ty.kind == VF_T_INT)
    return ty.bits <= 8 ? 1 : ty.bits <= 16 ? 2 : ty.bits <= 32 ? 4 : 8;
  return ty.bits / 8;
}

/* Return V cut to the width and signedness of integer type TY.  */
static long long
int_norm (vf_ty ty, unsigned long long v)
{
  if (ty.bits >= 64)
    return (long long) v;
  unsigned long long mask = (1ull << ty.bits) - 1;
  v &= mask;
  if (!ty.uns && (v >> (ty.bits - 1)) & 1)
    v |= ~mask;
  return (long long) v;
}

int
vf_mem_write (vf_mem *m, int blk, long off, vf_ty ty, vf_val v)
{
  int n = ty_bytes (ty);
  if (blk <= 0 || blk >= m->n || off < 0 || off + n > m->b[blk].size)
    return 1;
  vf_block *b = &m->b[blk];
  if (ty.kind == VF_T_FLT && ty.bits == 32)
    {
      float f = (float) v.f;
      memcpy (b->data + off, &f, 4);
    }
  else if (ty.kind == VF_T_FLT)
    memcpy (b->data + off, &v.f, 8);
  else
    {
      long long i = v.i;	/* little-endian: the low bytes first */
      unsigned char bytes[8];
      for (int k = 0; k < 8; k++)
	bytes[k] = (unsigned char) ((unsigned long long) i >> (8 * k));
      memcpy (b->data + off, bytes, (size_t) n);
    }
  for (int k = 0; k < n; k++)
    b->prov[off + k] = 0;
  if (ty.kind == VF_T_PTR)
    b->prov[off] = v.blk;
  return 0;
}

int
vf_mem_read (const vf_mem *m, int blk, long off, vf_ty ty, vf_val *v)
{
  int n = ty_bytes (ty);
  memset (v, 0, sizeof *v);
  if (blk <= 0 || blk >= m->n || off < 0 || off + n > m->b[blk].size)
    return 1;
  const vf_block *b = &m->b[blk];
  if (ty.kind == VF_T_FLT && ty.bits == 32)
    {
      float f;
      memcpy (&f, b->data + off, 4);
      v->f = f;
    }
  else if (ty.kind == VF_T_FLT)
    memcpy (&v->f, b->data + off, 8);
  else
    {
      unsigned long long u = 0;
      for (int k = 0; k < n; k++)
	u |= (unsigned long long) b->data[off + k] << (8 * k);
      v->i = ty.kind == VF_T_PTR ? (long long) u : int_norm (ty, u);
      if (ty.kind == VF_T_PTR && b->prov[off] > 0)
	v->blk = b->prov[off];
    }
  return 0;
}

double
vf_val_number (vf_ty ty, vf_val v)
{
  if (ty.kind == VF_T_FLT)
    return v.f;
  return ty.uns ? (double) (unsigned long long) v.i : (double) v.i;
}

vf_val
vf_val_of (vf_ty ty, double d)
{
  vf_val v = { 0, 0, 0 };
  if (ty.kind == VF_T_FLT)
    v.f = ty.bits == 32 ? (double) (float) d : d;
  else
    v.i = int_norm (ty, (unsigned long long) (long long) d);
  return v;
}

unsigned
vf_rand (vf_rng *r, unsigned n)
{
  r->s ^= r->s << 13;
  r->s ^= r->s >> 7;
  r->s ^= r->s << 17;
  return n ? (unsigned) ((r->s >> 11) % n) : 0;
}

/* ---- the interpreter ---- */

typedef struct vf_state
{
  vf_prog *prog;
  vf_mem *mem;
  vf_val *regs;
  vf_status status;
  const char *msg;
} vf_state;

/* Stop the run of state S with STATUS and a message formatted from FMT
   (the first stop stays).  */
static void
stop (vf_state *s, vf_status status, const char *fmt, ...)
  __attribute__ ((format (printf, 3, 4)));

static void
stop (vf_state *s, vf_status status, const char *fmt, ...)
{
  if (s->status != VF_OK)
    return;
  char buf[512];
  va_list ap;
  va_start (ap, fmt);
  vsnprintf (buf, sizeof buf, fmt, ap);
  va_end (ap);
  s->status = status;
  s->msg = sf_arena_strdup (s->prog->arena, buf);
}

/* Check an access of N bytes at pointer P (READ or write); return 0 when
   it may go on.  */
static int
check_access (vf_state *s, vf_val p, int n, int read)
{
  const char *what = read ? "reads" : "writes";
  if (p.blk <= 0 || p.blk >= s->mem->n)
    {
      stop (s, VF_UNVERIFIED, "the loop %s through a pointer it computed "
	    "from no declared array", what);
      return 1;
    }
  const vf_block *b = &s->mem->b[p.blk];
  if (b->unbound)
    {
      s->mem->undescribed = 1;
      stop (s, VF_UNVERIFIED, "the loop %s '%s', which the annotation does "
	    "not describe", what, b->name);
      return 1;
    }
  if (p.i >= 0 && p.i + n <= b->size)
    return 0;
  vf_status st = b->declared || (b->typed && !s->mem->ngread)
		 ? VF_OUT_OF_BOUNDS : VF_UNVERIFIED;
  if (b->in_fake)
    s->mem->fake_outside = 1;
  if (st != VF_OUT_OF_BOUNDS)
    stop (s, st, "the loop %s outside '%s' (byte %lld of %ld)", what,
	  b->name, p.i, b->size);
  else if (b->elem > 0)
    {
      long long idx = p.i >= 0 ? p.i / b->elem : -((-p.i + b->elem - 1) / b->elem);
      long n = b->size / b->elem;
      stop (s, st, "the loop %s %s[%lld] outside the declared array "
	    "(%ld %s)", what, b->name, idx, n, n == 1 ? "entry" : "entries");
    }
  else
    stop (s, st, "the loop %s outside '%s' (byte %lld of %ld)", what,
	  b->name, p.i, b->size);
  return 1;
}

static vf_val eval (vf_state *s, const vf_expr *e);

/* Return the math function FN of X (and Y).  */
static double
math_fn (int fn, double x, double y)
{
  switch (fn)
    {
    case VF_FN_FABS: return fabs (x);
    case VF_FN_SQRT: return sqrt (x);
    case VF_FN_EXP: return exp (x);
    case VF_FN_LOG: return log (x);
    case VF_FN_FMIN: return fmin (x, y);
    case VF_FN_FMAX: return fmax (x, y);
    case VF_FN_POW: return pow (x, y);
    case VF_FN_SIN: return sin (x);
    case VF_FN_COS: return cos (x);
    case VF_FN_FLOOR: return floor (x);
    default: return ceil (x);
    }
}

/* Return the conversion of A (of type FROM) to type TO.  */
static vf_val
convert (vf_state *s, vf_ty to, vf_ty from, vf_val a)
{
  vf_val r = { 0, 0, 0 };
  if (to.kind == VF_T_FLT)
    {
      r.f = vf_val_number (from, a);
      if (to.bits == 32)
	r.f = (float) r.f;
      return r;
    }
  if (to.kind == VF_T_PTR)
    {
      r = a;
      if (from.kind != VF_T_PTR)
	r.blk = 0;
      return r;
    }
  if (from.kind == VF_T_FLT)
    {
      double d = a.f;
      if (!(d > -9.2e18 && d < 9.2e18))
	d = 0;
      r.i = int_norm (to, (unsigned long long) (long long) d);
      return r;
    }
  if (from.kind == VF_T_PTR && a.blk)
    stop (s, VF_UNVERIFIED, "the loop converts a pointer to an integer");
  r.i = int_norm (to, (unsigned long long) a.i);
  return r;
}

/* Return the comparison OP of A and B of type TY as 0 or 1.  */
static int
compare (vf_op op, vf_ty ty, vf_val a, vf_val b)
{
  int lt, eq;
  if (ty.kind == VF_T_FLT)
    {
      if (a.f != a.f || b.f != b.f)
	return op == VF_NE;
      lt = a.f < b.f, eq = a.f == b.f;
    }
  else if (ty.kind == VF_T_PTR && a.blk != b.blk)
    lt = a.blk < b.blk, eq = 0;
  else if (ty.uns || ty.kind == VF_T_PTR)
    lt = (unsigned long long) a.i < (unsigned long long) b.i, eq = a.i == b.i;
  else
    lt = a.i < b.i, eq = a.i == b.i;
  switch (op)
    {
    case VF_LT: return lt;
    case VF_LE: return lt || eq;
    case VF_GT: return !lt && !eq;
    case VF_GE: return !lt;
    case VF_EQ: return eq;
    default: return !eq;
    }
}

/* Return the floating operation OP of A and B, rounded to TY.  */
static double
flt_binary (vf_op op, vf_ty ty, double a, double b)
{
  double r;
  switch (op)
    {
    case VF_ADD: r = a + b; break;
    case VF_SUB: r = a - b; break;
    case VF_MUL: r = a * b; break;
    case VF_DIV: r = a / b; break;
    case VF_MIN: r = a < b ? a : b; break;
    case VF_MAX: r = a > b ? a : b; break;
    default: r = 0; break;
    }
  return ty.bits == 32 ? (double) (float) r : r;
}

/* Return the integer operation OP of A and B of type TY.  */
static long long
int_binary (vf_state *s, vf_op op, vf_ty ty, long long a, long long b)
{
  unsigned long long ua = (unsigned long long) a, ub = (unsigned long long) b;
  unsigned long long r = 0;
  switch (op)
    {
    case VF_ADD: r = ua + ub; break;
    case VF_SUB: r = ua - ub; break;
    case VF_MUL: r = ua * ub; break;
    case VF_DIV: case VF_MOD:
      if (b == 0)
	{
	  stop (s, VF_UNVERIFIED, "the loop divides by zero");
	  return 0;
	}
      if (ty.uns)
	r = op == VF_DIV ? ua / ub : ua % ub;
      else if (b == -1)
	r = op == VF_DIV ? 0 - ua : 0;
      else
	r = (unsigned long long) (op == VF_DIV ? a / b : a % b);
      break;
    case VF_MIN: r = (ty.uns ? ua < ub : a < b) ? ua : ub; break;
    case VF_MAX: r = (ty.uns ? ua > ub : a > b) ? ua : ub; break;
    case VF_BITAND: r = ua & ub; break;
    case VF_BITOR: r = ua | ub; break;
    case VF_BITXOR: r = ua ^ ub; break;
    case VF_SHL: r = ub < 64 ? ua << ub : 0; break;
    case VF_SHR:
      r = ub >= 64 ? 0 : ty.uns ? ua >> ub : (unsigned long long) (a >> ub);
      break;
    default: break;
    }
  return int_norm (ty, r);
}

/* Return the value of the binary node E.  */
static vf_val
eval_binary (vf_state *s, const vf_expr *e)
{
  vf_val a = eval (s, e->a), b = eval (s, e->b), r = { 0, 0, 0 };
  if (e->op >= VF_LT && e->op <= VF_NE)
    {
      r.i = compare (e->op, e->a->ty, a, b);
      return r;
    }
  if (e->op == VF_PTRADD)
    {
      r = a;
      r.i = a.i + b.i;
      return r;
    }
  if (e->op == VF_PTRDIFF)
    {
      if (a.blk != b.blk)
	stop (s, VF_UNVERIFIED, "the loop subtracts pointers into "
	      "different arrays");
      r.i = int_norm (e->ty, (unsigned long long) (a.i - b.i));
      return r;
    }
  if (e->ty.kind == VF_T_FLT)
    r.f = flt_binary (e->op, e->ty, a.f, b.f);
  else
    r.i = int_binary (s, e->op, e->ty, a.i, b.i);
  return r;
}

/* Return the value of the unary node E.  */
static vf_val
eval_unary (vf_state *s, const vf_expr *e)
{
  vf_val a = eval (s, e->a), r = { 0, 0, 0 };
  int flt = e->ty.kind == VF_T_FLT;
  switch (e->op)
    {
    case VF_NEG:
      if (flt)
	r.f = -a.f;
      else
	r.i = int_norm (e->ty, 0 - (unsigned long long) a.i);
      break;
    case VF_ABS:
      if (flt)
	r.f = fabs (a.f);
      else
	r.i = int_norm (e->ty, a.i < 0 ? 0 - (unsigned long long) a.i
			: (unsigned long long) a.i);
      break;
    case VF_BITNOT:
      r.i = int_norm (e->ty, ~(unsigned long long) a.i);
      break;
    default:			/* VF_NOT */
      r.i = e->a->ty.kind == VF_T_FLT ? a.f == 0 : e->a->ty.kind == VF_T_PTR
	    ? !a.blk && !a.i : !a.i;
      break;
    }
  return r;
}

/* Record in M that the run read the guessed value at byte OFF of block
   BLK.  */
static void
note_guessed (vf_mem *m, int blk, long off)
{
  if (!m->guessed)
    m->guessed = m->b[blk].name;
  for (int k = 0; k < m->ngread; k++)
    if (m->gread_blk[k] == blk && m->gread_off[k] == off)
      return;
  if (m->ngread < 16)
    {
      m->gread_blk[m->ngread] = blk;
      m->gread_off[m->ngread++] = off;
    }
}

/* Return the value of E in state S (nothing once S has stopped).  */
static vf_val
eval (vf_state *s, const vf_expr *e)
{
  vf_val r = { 0, 0, 0 };
  if (s->status != VF_OK)
    return r;
  switch (e->op)
    {
    case VF_CST:
      r.i = e->ival, r.f = e->fval;
      return r;
    case VF_REG:
      return s->regs[e->reg];
    case VF_ADDR:
      r.blk = e->block;
      return r;
    case VF_LOAD:
      {
	vf_val p = eval (s, e->a);
	if (s->status == VF_OK
	    && !check_access (s, p, ty_bytes (e->ty), 1))
	  {
	    vf_mem_read (s->mem, p.blk, (long) p.i, e->ty, &r);
	    if (s->mem->b[p.blk].prov[p.i] == VF_GUESSED)
	      note_guessed (s->mem, p.blk, (long) p.i);
	    if (s->mem->b[p.blk].fake && !s->mem->fake_read)
	      s->mem->fake_read = s->mem->b[p.blk].name;
	  }
	return r;
      }
    case VF_CONV:
      return convert (s, e->ty, e->a->ty, eval (s, e->a));
    case VF_NEG: case VF_BITNOT: case VF_NOT: case VF_ABS:
      return eval_unary (s, e);
    case VF_SELECT:
      {
	vf_val c = eval (s, e->a);
	return eval (s, (c.i || c.blk || (e->a->ty.kind == VF_T_FLT && c.f))
		     ? e->b : e->c);
      }
    case VF_CALL:
      {
	double x = eval (s, e->a).f;
	double y = e->b ? eval (s, e->b).f : 0;
	r.f = math_fn (e->fn, x, y);
	if (e->ty.bits == 32)
	  r.f = (float) r.f;
	return r;
      }
    default:
      return eval_binary (s, e);
    }
}

/* Return nonzero when V of type TY is true.  */
static int
truth (vf_ty ty, vf_val v)
{
  if (ty.kind == VF_T_FLT)
    return v.f != 0;
  return v.i != 0 || v.blk != 0;
}

vf_status
vf_run (vf_prog *prog, vf_mem *m, long budget, long *steps, const char **msg)
{
  vf_state s = { prog, m, NULL, VF_OK, NULL };
  s.regs = calloc ((size_t) prog->nregs + 1, sizeof (vf_val));
  int *where = malloc (sizeof (int) * ((size_t) prog->nlabels + 1));
  if (!s.regs || !where)
    abort ();
  for (int k = 0; k < prog->nlabels; k++)
    where[k] = prog->nstmts;
  for (int k = 0; k < prog->nstmts; k++)
    if (prog->stmts[k].kind == VF_S_LABEL)
      where[prog->stmts[k].ltrue] = k;
  long n = 0;
  for (int pc = 0; pc < prog->nstmts && s.status == VF_OK; n++)
    {
      if (n >= budget)
	{
	  stop (&s, VF_UNVERIFIED, "the step budget (%ld statements) ran "
		"out", budget);
	  break;
	}
      const vf_stmt *st = &prog->stmts[pc++];
      switch (st->kind)
	{
	case VF_S_SET:
	  s.regs[st->reg] = eval (&s, st->val);
	  break;
	case VF_S_STORE:
	  {
	    vf_val p = eval (&s, st->addr), v = eval (&s, st->val);
	    if (s.status == VF_OK && !check_access (&s, p, ty_bytes (st->ty), 0))
	      vf_mem_write (m, p.blk, (long) p.i, st->ty, v);
	    break;
	  }
	case VF_S_IF:
	  pc = where[truth (st->val->ty, eval (&s, st->val))
		     ? st->ltrue : st->lfalse];
	  break;
	case VF_S_GOTO:
	  pc = where[st->ltrue];
	  break;
	case VF_S_LABEL:
	  break;
	}
    }
  *steps += n;
  *msg = s.msg;
  free (s.regs);
  free (where);
  return s.status;
}
