/* The memory model and the interpreter of the checker's programs.

     block 3 "B.colidx": 20 bytes, elements of 4   (an int array of 5)
     LOAD i32 (PTRADD (ptr{3, 16}, 4))   ->  reads bytes 20..23: outside,
       "the loop reads B.colidx[5] outside the declared array (5 entries)"

   Pointers are {block, byte offset}; memory keeps, beside each block's
   bytes, the block each stored pointer points into, so that a pointer
   read back from a struct member still knows its array.  Integers are
   computed in 64 bits and cut to their type's width after every
   operation, as C's conversions do; floats are rounded to their width.

   A program is run from a flat form compiled once (vf_compile):

     L1:  REG 4 = ADD i32 (REG 4, CST 1)        BLOCK 3 statements
          if (REG 4 < REG 2) goto L1 else L2    ADD  r4 <- r4, c0
                                                CMPBR LT r4, r2 ? L1 : L2

   every expression node one instruction writing a slot (registers,
   then temporaries, then constants), statements grouped in blocks that
   run straight through.

   1. Compile: number the labels' positions; cut the statements into
      blocks (a label starts one, IF and GOTO end one); give each node
      a slot and emit its instruction after its operands', in the order
      the tree is evaluated (a, then b; SELECT's arms behind a jump; a
      PTRADD that is an address, and a comparison an IF tests, inside
      the load, store or branch).
   2. Run the blocks from the first, counting a block's statements
      against the budget when it starts; an instruction that stops the
      run knows its statement, so the steps are those of the statements
      started.  A block that would cross the budget runs statement by
      statement on the tree (the same arithmetic), to stop exactly there.
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
static inline int
ty_bytes (vf_ty ty)
{
  if (ty.kind == VF_T_INT)
    return ty.bits <= 8 ? 1 : ty.bits <= 16 ? 2 : ty.bits <= 32 ? 4 : 8;
  return ty.bits / 8;
}

/* Return V cut to the width and signedness of integer type TY.  */
static inline long long
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

#if defined __BYTE_ORDER__ && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define VF_HOST_LE 1
#else
#define VF_HOST_LE 0
#endif

/* Return the N bytes at P as an unsigned integer, the low byte first.  */
static inline unsigned long long
load_le (const unsigned char *p, int n)
{
  if (VF_HOST_LE && n == 8)
    {
      unsigned long long u;
      memcpy (&u, p, 8);
      return u;
    }
  if (VF_HOST_LE && n == 4)
    {
      unsigned int u;
      memcpy (&u, p, 4);
      return u;
    }
  unsigned long long u = 0;
  for (int k = 0; k < n; k++)
    u |= (unsigned long long) p[k] << (8 * k);
  return u;
}

/* Write the low N bytes of U at P, the low byte first.  */
static inline void
store_le (unsigned char *p, unsigned long long u, int n)
{
  if (VF_HOST_LE && n == 8)
    memcpy (p, &u, 8);
  else if (VF_HOST_LE && n == 4)
    {
      unsigned int w = (unsigned int) u;
      memcpy (p, &w, 4);
    }
  else
    for (int k = 0; k < n; k++)
      p[k] = (unsigned char) (u >> (8 * k));
}

/* Return the value of type TY, N bytes, at byte OFF of block B (inside
   it).  */
static inline vf_val
read_at (const vf_block *b, long off, vf_ty ty, int n)
{
  vf_val v = { 0, 0, 0 };
  if (ty.kind == VF_T_FLT && ty.bits == 32)
    {
      float f;
      memcpy (&f, b->data + off, 4);
      v.f = f;
    }
  else if (ty.kind == VF_T_FLT)
    memcpy (&v.f, b->data + off, 8);
  else
    {
      unsigned long long u = load_le (b->data + off, n);
      v.i = ty.kind == VF_T_PTR ? (long long) u : int_norm (ty, u);
      if (ty.kind == VF_T_PTR && b->prov[off] > 0)
	v.blk = b->prov[off];
    }
  return v;
}

/* Write V of type TY, N bytes, at byte OFF of block B (inside it): its
   bytes, and the block a pointer points into.  */
static inline void
write_at (vf_block *b, long off, vf_ty ty, int n, vf_val v)
{
  if (ty.kind == VF_T_FLT && ty.bits == 32)
    {
      float f = (float) v.f;
      memcpy (b->data + off, &f, 4);
    }
  else if (ty.kind == VF_T_FLT)
    memcpy (b->data + off, &v.f, 8);
  else
    store_le (b->data + off, (unsigned long long) v.i, n);
  if (n == 8)
    memset (b->prov + off, 0, 8 * sizeof (int));
  else if (n == 4)
    memset (b->prov + off, 0, 4 * sizeof (int));
  else
    memset (b->prov + off, 0, (size_t) n * sizeof (int));
  if (ty.kind == VF_T_PTR)
    b->prov[off] = v.blk;
}

/* vf_mem_write, for this file's callers.  */
static inline int
mem_write (vf_mem *m, int blk, long off, vf_ty ty, vf_val v)
{
  int n = ty_bytes (ty);
  if (blk <= 0 || blk >= m->n || off < 0 || off + n > m->b[blk].size)
    return 1;
  write_at (&m->b[blk], off, ty, n, v);
  return 0;
}

int
vf_mem_write (vf_mem *m, int blk, long off, vf_ty ty, vf_val v)
{
  return mem_write (m, blk, off, ty, v);
}

int
vf_mem_read (const vf_mem *m, int blk, long off, vf_ty ty, vf_val *v)
{
  int n = ty_bytes (ty);
  memset (v, 0, sizeof *v);
  if (blk <= 0 || blk >= m->n || off < 0 || off + n > m->b[blk].size)
    return 1;
  *v = read_at (&m->b[blk], off, ty, n);
  return 0;
}

/* vf_val_number, for this file's callers.  */
static inline double
val_number (vf_ty ty, vf_val v)
{
  if (ty.kind == VF_T_FLT)
    return v.f;
  return ty.uns ? (double) (unsigned long long) v.i : (double) v.i;
}

double
vf_val_number (vf_ty ty, vf_val v)
{
  return val_number (ty, v);
}

/* vf_val_of, for this file's callers.  */
static inline vf_val
val_of (vf_ty ty, double d)
{
  vf_val v = { 0, 0, 0 };
  if (ty.kind == VF_T_FLT)
    v.f = ty.bits == 32 ? (double) (float) d : d;
  else
    v.i = int_norm (ty, (unsigned long long) (long long) d);
  return v;
}

vf_val
vf_val_of (vf_ty ty, double d)
{
  return val_of (ty, d);
}

int
vf_mem_write_number (vf_mem *m, int blk, long off, vf_ty ty, double d)
{
  return mem_write (m, blk, off, ty, val_of (ty, d));
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
  if (b->typed && s->mem->ngread)
    s->mem->typed_outside = 1;
  if (b->in_fake)
    s->mem->fake_outside = 1;
  if (b->fake)
    s->mem->fake_short = 1;
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
      r.f = val_number (from, a);
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

/* Return the binary operation OP (not a comparison) of A and B, of
   type TY.  */
static vf_val
binary_op (vf_state *s, vf_op op, vf_ty ty, vf_val a, vf_val b)
{
  vf_val r = { 0, 0, 0 };
  if (op == VF_PTRADD)
    {
      r = a;
      r.i = a.i + b.i;
      return r;
    }
  if (op == VF_PTRDIFF)
    {
      if (a.blk != b.blk)
	stop (s, VF_UNVERIFIED, "the loop subtracts pointers into "
	      "different arrays");
      r.i = int_norm (ty, (unsigned long long) (a.i - b.i));
      return r;
    }
  if (ty.kind == VF_T_FLT)
    r.f = flt_binary (op, ty, a.f, b.f);
  else
    r.i = int_binary (s, op, ty, a.i, b.i);
  return r;
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
  return binary_op (s, e->op, e->ty, a, b);
}

/* Return the unary operation OP of A (of type ATY), of type TY.  */
static vf_val
unary_op (vf_op op, vf_ty ty, vf_ty aty, vf_val a)
{
  vf_val r = { 0, 0, 0 };
  int flt = ty.kind == VF_T_FLT;
  switch (op)
    {
    case VF_NEG:
      if (flt)
	r.f = -a.f;
      else
	r.i = int_norm (ty, 0 - (unsigned long long) a.i);
      break;
    case VF_ABS:
      if (flt)
	r.f = fabs (a.f);
      else
	r.i = int_norm (ty, a.i < 0 ? 0 - (unsigned long long) a.i
			: (unsigned long long) a.i);
      break;
    case VF_BITNOT:
      r.i = int_norm (ty, ~(unsigned long long) a.i);
      break;
    default:			/* VF_NOT */
      r.i = aty.kind == VF_T_FLT ? a.f == 0 : aty.kind == VF_T_PTR
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
	    if (s->mem->b[p.blk].fake && !s->mem->b[p.blk].in_fake)
	      s->mem->fake_plain = 1;
	    if (s->mem->b[p.blk].in_fake && !s->mem->fake_struct_read)
	      s->mem->fake_struct_read = s->mem->b[p.blk].name;
	  }
	return r;
      }
    case VF_CONV:
      return convert (s, e->ty, e->a->ty, eval (s, e->a));
    case VF_NEG: case VF_BITNOT: case VF_NOT: case VF_ABS:
      return unary_op (e->op, e->ty, e->a->ty, eval (s, e->a));
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

/* Run the statements of S's program from statement PC, N steps run so
   far, until the end, a stop or BUDGET steps; return the steps run.  */
static long
run_stmts (vf_state *s, const int *where, int pc, long n, long budget)
{
  const vf_prog *prog = s->prog;
  for (; pc < prog->nstmts && s->status == VF_OK; n++)
    {
      if (n >= budget)
	{
	  stop (s, VF_UNVERIFIED, "the step budget (%ld statements) ran "
		"out", budget);
	  break;
	}
      const vf_stmt *st = &prog->stmts[pc++];
      switch (st->kind)
	{
	case VF_S_SET:
	  s->regs[st->reg] = eval (s, st->val);
	  break;
	case VF_S_STORE:
	  {
	    vf_val p = eval (s, st->addr), v = eval (s, st->val);
	    if (s->status == VF_OK
		&& !check_access (s, p, ty_bytes (st->ty), 0))
	      mem_write (s->mem, p.blk, (long) p.i, st->ty, v);
	    break;
	  }
	case VF_S_IF:
	  pc = where[truth (st->val->ty, eval (s, st->val))
		     ? st->ltrue : st->lfalse];
	  break;
	case VF_S_GOTO:
	  pc = where[st->ltrue];
	  break;
	case VF_S_LABEL:
	  break;
	}
    }
  return n;
}

/* ---- the program compiled ---- */

/* The instructions of the flat form.  Slots hold values: registers
   first, then temporaries, then constants.  The common operations have
   instructions of their own (integers of a type INT: ADD ... ; floating:
   FADD ...), the others go through the tree's functions.  */
typedef enum vf_iop
{
  VF_I_BLOCK,			/* X statements from statement A: count
				   them, or run them on the tree when
				   they would cross the budget */
  VF_I_END,			/* the end of the program */
  VF_I_GOTO,			/* to instruction X */
  VF_I_BR,			/* to DST when A (of type ATY) is true,
				   else to X */
  VF_I_CMPBR,			/* to DST when comparison SUB of A and B
				   (of type ATY) holds, else to X */
  VF_I_CMPBR_S, VF_I_CMPBR_U,	/* the same of signed, unsigned integers:
				   outcomes N (cmp_mask) */
  VF_I_JZ,			/* SELECT: to X when A (of ATY) is false */
  VF_I_SKIP,			/* SELECT: to X */
  VF_I_MOV,			/* DST = A */
  VF_I_LOAD,			/* DST = *(TY *) (A + B), N bytes (A + B:
				   PTRADD's sum, B 0 when the address is
				   no PTRADD) */
  VF_I_LOAD_F64, VF_I_LOAD_I32, VF_I_LOAD_I64,
  VF_I_STORE,			/* *(TY *) (A + B) = C, N bytes */
  VF_I_STORE_F64,
  VF_I_CONV,			/* DST = (TY) A, A of type ATY */
  VF_I_CONV_II, VF_I_CONV_IF, VF_I_CONV_FF, VF_I_CONV_FI,
  VF_I_UNARY,			/* DST = SUB A */
  VF_I_CMP,			/* DST = A SUB B, A and B of type ATY */
  VF_I_CMP_S, VF_I_CMP_U,	/* outcomes N (cmp_mask) */
  VF_I_PTRADD,			/* DST = A + B, A a pointer */
  VF_I_ADD, VF_I_SUB, VF_I_MUL,	/* integers */
  VF_I_INT,			/* DST = A SUB B, integers, no division */
  VF_I_FADD, VF_I_FSUB, VF_I_FMUL, VF_I_FDIV,
  VF_I_FLT,			/* DST = A SUB B, floating */
  VF_I_DIVIDE,			/* DST = A SUB B: integer DIV or MOD,
				   PTRDIFF (they may stop the run) */
  VF_I_CALL			/* DST = function SUB of A and B */
} vf_iop;

typedef struct vf_ins
{
  unsigned char op;		/* vf_iop */
  unsigned char sub;		/* UNARY, CMP..., CMPBR..., INT, FLT,
				   DIVIDE: the vf_op; CALL: the vf_fn */
  unsigned char n;		/* LOAD, STORE: the bytes accessed; CMP_S,
				   CMP_U, CMPBR_S, CMPBR_U: cmp_mask */
  vf_ty ty;			/* the result's type; STORE: the stored */
  vf_ty aty;			/* A's type */
  int dst, a, b, c;		/* slots (BR, CMPBR: DST a target) */
  int x;			/* BLOCK: its statements; jumps: the target */
  int k;			/* the instruction's statement in its block
				   (1: the first) */
} vf_ins;

struct vf_code
{
  vf_prog *prog;
  vf_ins *ins;
  int nins;
  int nregs;			/* the program's registers, and one more */
  int nslots;			/* registers, temporaries, constants */
  int nconsts;
  vf_val *consts;		/* the last NCONSTS slots at each run */
  int *where;			/* each label's statement */
};

/* What the compiler builds (malloc'd until copied into the arena).  */
typedef struct vf_cc
{
  vf_ins *ins;
  int nins, cap;
  vf_val *consts;
  int nconsts, ccap;
  int nregs;
  int ntemps, maxtemps;		/* temporaries: the statement's, most */
  int k;			/* the statement's place in its block */
} vf_cc;

/* Return the index of instruction IN appended to CC.  */
static int
emit_ins (vf_cc *cc, vf_ins in)
{
  if (cc->nins == cc->cap)
    {
      cc->cap = cc->cap ? 2 * cc->cap : 64;
      cc->ins = realloc (cc->ins, sizeof (vf_ins) * (size_t) cc->cap);
      if (!cc->ins)
	abort ();
    }
  in.k = cc->k;
  cc->ins[cc->nins] = in;
  return cc->nins++;
}

/* Return the slot of a new constant {I, F, BLK} of CC: negative until
   the temporaries are counted (slot -1 - the constant's number).  */
static int
const_slot (vf_cc *cc, long long i, double f, int blk)
{
  if (cc->nconsts == cc->ccap)
    {
      cc->ccap = cc->ccap ? 2 * cc->ccap : 16;
      cc->consts = realloc (cc->consts, sizeof (vf_val) * (size_t) cc->ccap);
      if (!cc->consts)
	abort ();
    }
  vf_val v = { i, f, blk };
  cc->consts[cc->nconsts] = v;
  return -1 - cc->nconsts++;
}

/* Return the slot of a new temporary of the statement.  */
static int
temp_slot (vf_cc *cc)
{
  if (++cc->ntemps > cc->maxtemps)
    cc->maxtemps = cc->ntemps;
  return cc->nregs + cc->ntemps - 1;
}

static int compile_expr (vf_cc *cc, const vf_expr *e, int want);

/* Emit a MOV to slot DST from slot FROM unless they are one.  */
static void
emit_mov (vf_cc *cc, int dst, int from)
{
  if (dst == from)
    return;
  vf_ins in = { VF_I_MOV, 0, 0, { 0, 0, 0 }, { 0, 0, 0 }, dst, from, 0, 0, 0,
		0 };
  emit_ins (cc, in);
}

/* Compile SELECT node E into slot WANT (-1: a temporary); return the
   slot.  */
static int
compile_select (vf_cc *cc, const vf_expr *e, int want)
{
  int c = compile_expr (cc, e->a, -1);
  int dst = want >= 0 ? want : temp_slot (cc);
  vf_ins jz = { VF_I_JZ, 0, 0, { 0, 0, 0 }, e->a->ty, 0, c, 0, 0, 0, 0 };
  int at_jz = emit_ins (cc, jz);
  emit_mov (cc, dst, compile_expr (cc, e->b, dst));
  vf_ins skip = { VF_I_SKIP, 0, 0, { 0, 0, 0 }, { 0, 0, 0 }, 0, 0, 0, 0, 0,
		  0 };
  int at_skip = emit_ins (cc, skip);
  cc->ins[at_jz].x = cc->nins;
  emit_mov (cc, dst, compile_expr (cc, e->c, dst));
  cc->ins[at_skip].x = cc->nins;
  return dst;
}

/* Return the outcomes that make comparison OP hold: bit 0 less, bit 1
   equal, bit 2 greater (compare's cases).  */
static unsigned char
cmp_mask (vf_op op)
{
  switch (op)
    {
    case VF_LT: return 1;
    case VF_LE: return 3;
    case VF_GT: return 4;
    case VF_GE: return 6;
    case VF_EQ: return 2;
    default: return 5;
    }
}

/* Return the instruction of binary node E (its type TY, its operands'
   ATY).  */
static vf_iop
binary_iop (vf_op op, vf_ty ty, vf_ty aty)
{
  if (op >= VF_LT && op <= VF_NE)
    return aty.kind != VF_T_INT ? VF_I_CMP : aty.uns ? VF_I_CMP_U
	   : VF_I_CMP_S;
  if (op == VF_PTRADD)
    return VF_I_PTRADD;
  if (op == VF_PTRDIFF)
    return VF_I_DIVIDE;
  if (ty.kind == VF_T_FLT)
    return op == VF_ADD ? VF_I_FADD : op == VF_SUB ? VF_I_FSUB
	   : op == VF_MUL ? VF_I_FMUL : op == VF_DIV ? VF_I_FDIV : VF_I_FLT;
  return op == VF_ADD ? VF_I_ADD : op == VF_SUB ? VF_I_SUB
	 : op == VF_MUL ? VF_I_MUL : op == VF_DIV || op == VF_MOD
	 ? VF_I_DIVIDE : VF_I_INT;
}

/* Return the instruction of a conversion to TO from FROM.  */
static vf_iop
conv_iop (vf_ty to, vf_ty from)
{
  if (to.kind == VF_T_FLT)
    return from.kind == VF_T_FLT ? VF_I_CONV_FF
	   : from.kind == VF_T_INT ? VF_I_CONV_IF : VF_I_CONV;
  if (to.kind == VF_T_INT)
    return from.kind == VF_T_FLT ? VF_I_CONV_FI
	   : from.kind == VF_T_INT ? VF_I_CONV_II : VF_I_CONV;
  return VF_I_CONV;
}

/* Return the instruction of a load of type TY.  */
static vf_iop
load_iop (vf_ty ty)
{
  if (ty.kind == VF_T_FLT && ty.bits == 64)
    return VF_I_LOAD_F64;
  if (ty.kind == VF_T_INT && ty_bytes (ty) == 4)
    return VF_I_LOAD_I32;
  if (ty.kind == VF_T_INT && ty_bytes (ty) == 8)
    return VF_I_LOAD_I64;
  return VF_I_LOAD;
}

/* Compile the address ADDR of a load or a store into IN's A and B: a
   PTRADD's operands, else ADDR and the constant 0.  */
static void
compile_address (vf_cc *cc, const vf_expr *addr, vf_ins *in)
{
  if (addr->op == VF_PTRADD)
    {
      in->a = compile_expr (cc, addr->a, -1);
      in->b = compile_expr (cc, addr->b, -1);
    }
  else
    {
      in->a = compile_expr (cc, addr, -1);
      in->b = const_slot (cc, 0, 0, 0);
    }
}

/* Compile E, its value into slot WANT (-1: a temporary, unless E is a
   register or a constant); return the slot that holds it.  Operands
   come first, A before B, as eval takes them.  */
static int
compile_expr (vf_cc *cc, const vf_expr *e, int want)
{
  vf_ins in;
  memset (&in, 0, sizeof in);
  switch (e->op)
    {
    case VF_CST:
      return const_slot (cc, e->ival, e->fval, 0);
    case VF_ADDR:
      return const_slot (cc, 0, 0, e->block);
    case VF_REG:
      return e->reg;
    case VF_SELECT:
      return compile_select (cc, e, want);
    case VF_LOAD:
      in.op = load_iop (e->ty);
      compile_address (cc, e->a, &in);
      in.n = (unsigned char) ty_bytes (e->ty);
      break;
    case VF_CONV:
      in.op = conv_iop (e->ty, e->a->ty);
      in.a = compile_expr (cc, e->a, -1);
      break;
    case VF_NEG: case VF_BITNOT: case VF_NOT: case VF_ABS:
      in.op = VF_I_UNARY;
      in.sub = (unsigned char) e->op;
      in.a = compile_expr (cc, e->a, -1);
      break;
    case VF_CALL:
      in.op = VF_I_CALL;
      in.sub = (unsigned char) e->fn;
      in.a = compile_expr (cc, e->a, -1);
      in.b = e->b ? compile_expr (cc, e->b, -1) : const_slot (cc, 0, 0, 0);
      break;
    default:
      in.op = binary_iop (e->op, e->ty, e->a->ty);
      in.sub = (unsigned char) e->op;
      in.n = cmp_mask (e->op);
      in.a = compile_expr (cc, e->a, -1);
      in.b = compile_expr (cc, e->b, -1);
      break;
    }
  in.ty = e->ty;
  in.aty = e->a->ty;
  in.dst = want >= 0 ? want : temp_slot (cc);
  emit_ins (cc, in);
  return in.dst;
}

/* Compile statement ST of a block.  Jumps name statements (WHERE: each
   label's) until the blocks are placed.  */
static void
compile_stmt (vf_cc *cc, const vf_stmt *st, const int *where)
{
  vf_ins in;
  memset (&in, 0, sizeof in);
  cc->ntemps = 0;
  switch (st->kind)
    {
    case VF_S_SET:
      emit_mov (cc, st->reg, compile_expr (cc, st->val, st->reg));
      return;
    case VF_S_STORE:
      in.op = st->ty.kind == VF_T_FLT && st->ty.bits == 64 ? VF_I_STORE_F64
	      : VF_I_STORE;
      compile_address (cc, st->addr, &in);
      in.c = compile_expr (cc, st->val, -1);
      in.ty = st->ty;
      in.n = (unsigned char) ty_bytes (st->ty);
      break;
    case VF_S_IF:
      if (st->val->op >= VF_LT && st->val->op <= VF_NE
	  && st->val->ty.kind != VF_T_FLT)
	{
	  /* the comparison's 0 or 1 is the branch's truth */
	  vf_ty aty = st->val->a->ty;
	  in.op = aty.kind != VF_T_INT ? VF_I_CMPBR : aty.uns ? VF_I_CMPBR_U
		  : VF_I_CMPBR_S;
	  in.sub = (unsigned char) st->val->op;
	  in.n = cmp_mask (st->val->op);
	  in.a = compile_expr (cc, st->val->a, -1);
	  in.b = compile_expr (cc, st->val->b, -1);
	  in.aty = st->val->a->ty;
	}
      else
	{
	  in.op = VF_I_BR;
	  in.a = compile_expr (cc, st->val, -1);
	  in.aty = st->val->ty;
	}
      in.dst = where[st->ltrue];
      in.x = where[st->lfalse];
      break;
    case VF_S_GOTO:
      in.op = VF_I_GOTO;
      in.x = where[st->ltrue];
      break;
    default:			/* VF_S_LABEL: a step, nothing to do */
      return;
    }
  emit_ins (cc, in);
}

/* Compile every statement of PROG into CC, a block where a label
   starts or IF and GOTO end one; AT[k]: the instruction statement K's
   block starts at (when it starts one; AT[nstmts]: the end).  */
static void
compile_blocks (vf_cc *cc, const vf_prog *prog, const int *where, int *at)
{
  int block = -1;
  for (int j = 0; j < prog->nstmts; j++)
    {
      const vf_stmt *st = &prog->stmts[j];
      vf_stmt_kind prev = j ? prog->stmts[j - 1].kind : VF_S_LABEL;
      if (j == 0 || st->kind == VF_S_LABEL || prev == VF_S_IF
	  || prev == VF_S_GOTO)
	{
	  vf_ins in = { VF_I_BLOCK, 0, 0, { 0, 0, 0 }, { 0, 0, 0 }, 0, j, 0,
			0, 0, 0 };
	  cc->k = 0;
	  block = at[j] = emit_ins (cc, in);
	}
      cc->ins[block].x = ++cc->k;
      compile_stmt (cc, st, where);
    }
  vf_ins end = { VF_I_END, 0, 0, { 0, 0, 0 }, { 0, 0, 0 }, 0, 0, 0, 0, 0,
		 0 };
  at[prog->nstmts] = emit_ins (cc, end);
}

/* Replace in CC the statements jumps name by their blocks' instructions
   (AT) and the constants' slots by their places after the
   temporaries.  */
static void
place (vf_cc *cc, const int *at)
{
  int first_const = cc->nregs + cc->maxtemps;
  for (int k = 0; k < cc->nins; k++)
    {
      vf_ins *in = &cc->ins[k];
      int two = in->op == VF_I_BR || in->op == VF_I_CMPBR
		|| in->op == VF_I_CMPBR_S || in->op == VF_I_CMPBR_U;
      if (two || in->op == VF_I_GOTO)
	in->x = at[in->x];
      if (two)
	in->dst = at[in->dst];
      if (in->op == VF_I_BLOCK)
	continue;
      if (in->a < 0)
	in->a = first_const - 1 - in->a;
      if (in->b < 0)
	in->b = first_const - 1 - in->b;
      if (in->c < 0)
	in->c = first_const - 1 - in->c;
    }
}

const vf_code *
vf_compile (sf_arena *arena, vf_prog *prog)
{
  vf_code *code = SF_NEW (arena, vf_code);
  code->prog = prog;
  code->where = SF_NEW_ARRAY (arena, int, prog->nlabels + 1);
  for (int k = 0; k < prog->nlabels; k++)
    code->where[k] = prog->nstmts;
  for (int k = 0; k < prog->nstmts; k++)
    if (prog->stmts[k].kind == VF_S_LABEL)
      code->where[prog->stmts[k].ltrue] = k;
  vf_cc cc;
  memset (&cc, 0, sizeof cc);
  cc.nregs = prog->nregs + 1;
  int *at = malloc (sizeof (int) * ((size_t) prog->nstmts + 1));
  if (!at)
    abort ();
  compile_blocks (&cc, prog, code->where, at);
  place (&cc, at);
  free (at);
  code->nins = cc.nins;
  code->ins = SF_NEW_ARRAY (arena, vf_ins, cc.nins);
  memcpy (code->ins, cc.ins, sizeof (vf_ins) * (size_t) cc.nins);
  code->nregs = cc.nregs;
  code->nconsts = cc.nconsts;
  code->nslots = cc.nregs + cc.maxtemps + cc.nconsts;
  code->consts = SF_NEW_ARRAY (arena, vf_val, cc.nconsts + 1);
  if (cc.nconsts)
    memcpy (code->consts, cc.consts, sizeof (vf_val) * (size_t) cc.nconsts);
  free (cc.ins);
  free (cc.consts);
  return code;
}

/* ---- running the compiled program ---- */

/* Return nonzero when an access of N bytes at P stays inside a block
   the annotation describes (check_access says why not).  */
static inline int
access_ok (const vf_mem *m, vf_val p, int n)
{
  if (p.blk <= 0 || p.blk >= m->n)
    return 0;
  const vf_block *b = &m->b[p.blk];
  return !b->unbound && p.i >= 0 && p.i + n <= b->size;
}

/* Return the outcome of comparing X and Y: 0 less, 1 equal, 2
   greater (the bit of cmp_mask).  */
#define CMP_OUTCOME(x, y) (((x) >= (y)) + ((x) > (y)))

/* Set slot D to the integer I, or to the floating F.  */
#define SET_INT(d, x) ((d)->i = (x), (d)->f = 0, (d)->blk = 0)
#define SET_FLT(d, x) ((d)->i = 0, (d)->f = (x), (d)->blk = 0)

/* The slots of instruction IN in exec.  */
#define VD (&v[in->dst])
#define VA (&v[in->a])
#define VB (&v[in->b])

/* Run CODE in state S, slots V, for at most BUDGET steps; return the
   steps run.  */
static long
exec (vf_state *s, const vf_code *code, vf_val *v, long budget)
{
  const vf_ins *ins = code->ins, *next = ins, *in;
  vf_mem *m = s->mem;
  long n = 0, base = 0;
  for (;;)
    {
      in = next++;
      switch ((vf_iop) in->op)
	{
	case VF_I_BLOCK:
	  if (n + in->x > budget)
	    return run_stmts (s, code->where, in->a, n, budget);
	  base = n;
	  n += in->x;
	  break;
	case VF_I_END:
	  return n;
	case VF_I_GOTO:
	case VF_I_SKIP:
	  next = ins + in->x;
	  break;
	case VF_I_BR:
	  next = ins + (truth (in->aty, *VA) ? in->dst : in->x);
	  break;
	case VF_I_CMPBR:
	  next = ins + (compare ((vf_op) in->sub, in->aty, *VA, *VB)
			? in->dst : in->x);
	  break;
	case VF_I_CMPBR_S:
	  next = ins + ((in->n >> CMP_OUTCOME (VA->i, VB->i)) & 1
			? in->dst : in->x);
	  break;
	case VF_I_CMPBR_U:
	  next = ins + ((in->n >> CMP_OUTCOME ((unsigned long long) VA->i,
					       (unsigned long long) VB->i)) & 1
			? in->dst : in->x);
	  break;
	case VF_I_JZ:
	  if (!(VA->i || VA->blk || (in->aty.kind == VF_T_FLT && VA->f)))
	    next = ins + in->x;
	  break;
	case VF_I_MOV:
	  *VD = *VA;
	  break;
	case VF_I_LOAD:
	case VF_I_LOAD_F64:
	case VF_I_LOAD_I32:
	case VF_I_LOAD_I64:
	  {
	    vf_val p = *VA;
	    p.i = VA->i + VB->i;
	    if (!access_ok (m, p, in->n))
	      {
		check_access (s, p, in->n, 1);
		return base + in->k;
	      }
	    const vf_block *blk = &m->b[p.blk];
	    long off = (long) p.i;
	    if (in->op == VF_I_LOAD_F64)
	      {
		double f;
		memcpy (&f, blk->data + off, 8);
		SET_FLT (VD, f);
	      }
	    else if (in->op == VF_I_LOAD_I32)
	      SET_INT (VD, int_norm (in->ty, load_le (blk->data + off, 4)));
	    else if (in->op == VF_I_LOAD_I64)
	      SET_INT (VD, int_norm (in->ty, load_le (blk->data + off, 8)));
	    else
	      *VD = read_at (blk, off, in->ty, in->n);
	    if (blk->prov[off] == VF_GUESSED)
	      note_guessed (m, p.blk, off);
	    if (blk->fake && !m->fake_read)
	      m->fake_read = blk->name;
	    if (blk->fake && !blk->in_fake)
	      m->fake_plain = 1;
	    if (blk->in_fake && !m->fake_struct_read)
	      m->fake_struct_read = blk->name;
	    break;
	  }
	case VF_I_STORE:
	case VF_I_STORE_F64:
	  {
	    vf_val p = *VA;
	    p.i = VA->i + VB->i;
	    if (!access_ok (m, p, in->n))
	      {
		check_access (s, p, in->n, 0);
		return base + in->k;
	      }
	    write_at (&m->b[p.blk], (long) p.i, in->ty, in->n, v[in->c]);
	    break;
	  }
	case VF_I_CONV:
	  *VD = convert (s, in->ty, in->aty, *VA);
	  if (s->status != VF_OK)
	    return base + in->k;
	  break;
	case VF_I_CONV_II:
	  SET_INT (VD, int_norm (in->ty, (unsigned long long) VA->i));
	  break;
	case VF_I_CONV_IF:
	  {
	    double f = in->aty.uns ? (double) (unsigned long long) VA->i
		       : (double) VA->i;
	    SET_FLT (VD, in->ty.bits == 32 ? (double) (float) f : f);
	    break;
	  }
	case VF_I_CONV_FF:
	  SET_FLT (VD, in->ty.bits == 32 ? (double) (float) VA->f : VA->f);
	  break;
	case VF_I_CONV_FI:
	  {
	    double f = VA->f;
	    if (!(f > -9.2e18 && f < 9.2e18))
	      f = 0;
	    SET_INT (VD, int_norm (in->ty,
				   (unsigned long long) (long long) f));
	    break;
	  }
	case VF_I_UNARY:
	  *VD = unary_op ((vf_op) in->sub, in->ty, in->aty, *VA);
	  break;
	case VF_I_CMP:
	  SET_INT (VD, compare ((vf_op) in->sub, in->aty, *VA, *VB));
	  break;
	case VF_I_CMP_S:
	  SET_INT (VD, (in->n >> CMP_OUTCOME (VA->i, VB->i)) & 1);
	  break;
	case VF_I_CMP_U:
	  SET_INT (VD, (in->n >> CMP_OUTCOME ((unsigned long long) VA->i,
					     (unsigned long long) VB->i)) & 1);
	  break;
	case VF_I_PTRADD:
	  {
	    vf_val r = *VA;
	    r.i = VA->i + VB->i;
	    *VD = r;
	    break;
	  }
	case VF_I_ADD:
	  SET_INT (VD, int_norm (in->ty, (unsigned long long) VA->i
				+ (unsigned long long) VB->i));
	  break;
	case VF_I_SUB:
	  SET_INT (VD, int_norm (in->ty, (unsigned long long) VA->i
				- (unsigned long long) VB->i));
	  break;
	case VF_I_MUL:
	  SET_INT (VD, int_norm (in->ty, (unsigned long long) VA->i
				* (unsigned long long) VB->i));
	  break;
	case VF_I_INT:
	  SET_INT (VD, int_binary (s, (vf_op) in->sub, in->ty, VA->i, VB->i));
	  break;
	case VF_I_FADD:
	  {
	    double r = VA->f + VB->f;
	    SET_FLT (VD, in->ty.bits == 32 ? (double) (float) r : r);
	    break;
	  }
	case VF_I_FSUB:
	  {
	    double r = VA->f - VB->f;
	    SET_FLT (VD, in->ty.bits == 32 ? (double) (float) r : r);
	    break;
	  }
	case VF_I_FMUL:
	  {
	    double r = VA->f * VB->f;
	    SET_FLT (VD, in->ty.bits == 32 ? (double) (float) r : r);
	    break;
	  }
	case VF_I_FDIV:
	  {
	    double r = VA->f / VB->f;
	    SET_FLT (VD, in->ty.bits == 32 ? (double) (float) r : r);
	    break;
	  }
	case VF_I_FLT:
	  SET_FLT (VD, flt_binary ((vf_op) in->sub, in->ty, VA->f, VB->f));
	  break;
	case VF_I_DIVIDE:
	  *VD = binary_op (s, (vf_op) in->sub, in->ty, *VA, *VB);
	  if (s->status != VF_OK)
	    return base + in->k;
	  break;
	case VF_I_CALL:
	  {
	    double r = math_fn (in->sub, VA->f, VB->f);
	    SET_FLT (VD, in->ty.bits == 32 ? (double) (float) r : r);
	    break;
	  }
	}
    }
}

#undef VD
#undef VA
#undef VB

vf_status
vf_run_code (const vf_code *code, vf_mem *m, long budget, long *steps,
	     const char **msg)
{
  vf_state s = { code->prog, m, NULL, VF_OK, NULL };
  vf_val *v = malloc (sizeof (vf_val) * (size_t) code->nslots);
  if (!v)
    abort ();
  memset (v, 0, sizeof (vf_val) * (size_t) code->nregs);
  if (code->nconsts)
    memcpy (v + code->nslots - code->nconsts, code->consts,
	    sizeof (vf_val) * (size_t) code->nconsts);
  s.regs = v;
  *steps += exec (&s, code, v, budget);
  *msg = s.msg;
  free (v);
  return s.status;
}

vf_status
vf_run (vf_prog *prog, vf_mem *m, long budget, long *steps, const char **msg)
{
  sf_arena arena;
  sf_arena_init (&arena);
  vf_status st = vf_run_code (vf_compile (&arena, prog), m, budget, steps,
			      msg);
  sf_arena_free (&arena);
  return st;
}
