/* The annotation checked against the loop (SPEC 1.7): the region's
   statements, as high GIMPLE holds them, translated into the checker's
   program (verify/), which runs them on synthetic inputs and compares
   what they store with the index notation.

     __sparsefuse_region_begin (0, ...);
     { int i; i = 0; goto <D.2144>; <D.2143>: ... _31 = B.rowptr; ...
       if (i < _69) goto <D.2143>; else goto <D.2129>; <D.2129>: }
     __sparsefuse_region_end (0);
   becomes
     block 1 'B' (env, struct csr), block 2 'i' (local), ...
     STORE i32 (ADDR 2) = 0; GOTO L1; LABEL L0; ...
     REG 31 = LOAD ptr (PTRADD (ADDR 1, 8)); ...
     IF (LT (LOAD i32 (ADDR 2), REG 69)) L0 else L2; LABEL L2

   1. Collect the statements of the region (to tell its SSA names from
      the ones defined before it) and the single definitions of the
      function's artificial variables (a VLA's saved extent, K.1 = K).
   2. Translate statement by statement: binds declare local blocks,
      labels and gotos stay, OpenMP constructs become their serial
      bodies (an 'omp for' its loop), math builtins stay, a function GCC
      has lowered already runs inline from its CFG, any other call or
      construct makes the program unrunnable with the reason.
      Values defined before the region (SSA names, artificial variables)
      are computed by a prologue from the variables they read.
   3. vf_check; report: a mismatch or an access outside the declared
      arrays is an error on the pragma with a note giving the inputs; a
      program that cannot run is a note (verify=strict: a reason to keep
      the statement).

   -fplugin-arg-sparsefuse-verify=on|strict|off (default on).
   Dump: "sparsefuse: region N verify: verified|not verified: WHY|wrong:
   ..., N sets, N steps, T ms"; with details, when the checker bound
   integers the annotation does not bind to its extents, "sparsefuse:
   region N verify: bound ext0 = the extent of i".  */

#include "sf-plugin.h"
#include "hash-map.h"
#include "hash-set.h"
#include "real.h"
#include "builtins.h"
#include "internal-fn.h"
#include "cfg.h"
#include "tree-cfg.h"

extern "C" {
#include "verify.h"
}

struct vtrans
{
  vf_prog *prog;
  hash_map<tree, int> blocks;	/* decl -> block */
  hash_map<tree, int> regs;	/* SSA name -> register */
  hash_map<tree, int> *labels;	/* LABEL_DECL -> label (per inlined
				   body) */
  int depth;			/* calls inlined around the statement */
  hash_map<tree, vf_ctype *> ctypes;
  hash_set<tree> locals;	/* declared in the region's binds */
  hash_set<gimple *> inside;	/* the region's statements */
  hash_map<tree, gimple *> art_defs;	/* artificial var -> its one def */
  hash_map<tree, tree> vla_of;	/* pointer -> the VLA it holds */
  auto_vec<vf_stmt> pro, body;	/* the prologue, the region */
  bool in_prologue;
  /* The variables of the function (not artificial) set once, by a copy,
     and the copies the translation used (held_var[k] = held_rhs[k]):
     with COPIES, their definitions go into the prologue too, and the
     region's entry tests they still hold.  */
  int copies;			/* 1: of pointers, 2: of integers too */
  hash_map<tree, gimple *> user_defs;
  auto_vec<tree> held_var, held_rhs;
};

/* Record that the region cannot be run because of WHY (a printf format
   with one string argument ARG).  */
static void
vt_fail (vtrans *t, const char *why, const char *arg = "")
{
  char buf[256];
  snprintf (buf, sizeof buf, why, arg);
  vf_unsupported (t->prog, buf);
}

/* Append S to the prologue or the region's statements, whichever T is
   translating.  */
static void
vt_emit (vtrans *t, vf_stmt s)
{
  (t->in_prologue ? t->pro : t->body).safe_push (s);
}

/* Return the checker's description of C type TYPE.  */
static const vf_ctype *vt_ctype (vtrans *t, tree type);

/* Return the scalar type of TYPE (VOID kind when it has none).  */
static vf_ty
vt_ty (tree type)
{
  vf_ty none = { VF_T_VOID, 0, 0 };
  if (INTEGRAL_TYPE_P (type) && TYPE_PRECISION (type) <= 64)
    return vf_int_ty (TYPE_PRECISION (type), TYPE_UNSIGNED (type));
  if (POINTER_TYPE_P (type))
    return vf_ptr_ty ();
  if (SCALAR_FLOAT_TYPE_P (type) && (TYPE_PRECISION (type) == 32
				     || TYPE_PRECISION (type) == 64))
    return vf_flt_ty (TYPE_PRECISION (type));
  return none;
}

/* Return the name of DECL for messages and binding.  */
static const char *
vt_decl_name (vtrans *t, tree decl)
{
  if (DECL_NAME (decl))
    return sf_arena_strdup (t->prog->arena,
			    IDENTIFIER_POINTER (DECL_NAME (decl)));
  return sf_arena_printf (t->prog->arena, "D.%u", DECL_UID (decl));
}

/* Return the user variable a VLA extent MAX (an artificial variable set
   once, from K - 1) comes from, or NULL.  */
static const char *
vt_extent_var (vtrans *t, tree max)
{
  for (int depth = 0; max && depth < 12; depth++)
    {
      STRIP_NOPS (max);
      if (TREE_CODE (max) == SSA_NAME)
	{
	  gimple *def = SSA_NAME_DEF_STMT (max);
	  max = def && is_gimple_assign (def) ? gimple_assign_rhs1 (def)
		: NULL_TREE;
	}
      else if ((VAR_P (max) || TREE_CODE (max) == PARM_DECL)
	       && !DECL_ARTIFICIAL (max) && DECL_NAME (max))
	return vt_decl_name (t, max);
      else if (VAR_P (max))
	{
	  gimple **def = t->art_defs.get (max);
	  max = def && *def ? gimple_assign_rhs1 (*def) : NULL_TREE;
	}
      else if (TREE_CODE (max) == PLUS_EXPR || TREE_CODE (max) == MINUS_EXPR
	       || TREE_CODE (max) == SAVE_EXPR)
	max = TREE_OPERAND (max, 0);
      else
	return NULL;
    }
  return NULL;
}

/* Fill C, the description of the array type TYPE.  */
static void
vt_array_ctype (vtrans *t, tree type, vf_ctype *c)
{
  c->kind = VF_C_ARRAY;
  c->elem = vt_ctype (t, TREE_TYPE (type));
  c->nelem = -1;
  tree dom = TYPE_DOMAIN (type);
  tree max = dom ? TYPE_MAX_VALUE (dom) : NULL_TREE;
  if (max && tree_fits_shwi_p (max))
    c->nelem = tree_to_shwi (max) + 1;
  else if (max)
    c->nelem_var = vt_extent_var (t, max);
}

/* Fill C, the description of the struct type TYPE.  */
static void
vt_struct_ctype (vtrans *t, tree type, vf_ctype *c)
{
  c->kind = VF_C_STRUCT;
  int n = 0;
  for (tree f = TYPE_FIELDS (type); f; f = DECL_CHAIN (f))
    n += TREE_CODE (f) == FIELD_DECL && DECL_NAME (f) != NULL_TREE;
  c->fields = SF_NEW_ARRAY (t->prog->arena, vf_cfield, n + 1);
  for (tree f = TYPE_FIELDS (type); f; f = DECL_CHAIN (f))
    if (TREE_CODE (f) == FIELD_DECL && DECL_NAME (f))
      {
	vf_cfield *cf = &c->fields[c->nfields++];
	cf->name = IDENTIFIER_POINTER (DECL_NAME (f));
	cf->offset = tree_fits_shwi_p (byte_position (f))
		     ? int_byte_position (f) : -1;
	cf->type = DECL_BIT_FIELD (f) || cf->offset < 0
		   ? vt_ctype (t, void_type_node)
		   : vt_ctype (t, TREE_TYPE (f));
      }
}

/* Return the description of C type TYPE (made once per type, members
   and elements described in turn).  */
static const vf_ctype *
vt_ctype (vtrans *t, tree type)
{
  type = TYPE_MAIN_VARIANT (type);
  if (vf_ctype **c = t->ctypes.get (type))
    return *c;
  vf_ctype *c = SF_NEW (t->prog->arena, vf_ctype);
  t->ctypes.put (type, c);
  tree size = TYPE_SIZE_UNIT (type);
  c->size = size && tree_fits_shwi_p (size) ? tree_to_shwi (size) : -1;
  c->scalar = vt_ty (type);
  if (TREE_CODE (type) == POINTER_TYPE)
    {
      c->kind = VF_C_POINTER;
      c->elem = vt_ctype (t, TREE_TYPE (type));
    }
  else if (TREE_CODE (type) == ARRAY_TYPE)
    vt_array_ctype (t, type, c);
  else if (TREE_CODE (type) == RECORD_TYPE)
    vt_struct_ctype (t, type, c);
  else if (c->scalar.kind == VF_T_INT || c->scalar.kind == VF_T_FLT)
    c->kind = VF_C_SCALAR;
  else
    c->kind = VF_C_OTHER;
  return c;
}

/* Return true when DEF, the one assignment to a variable of the
   function, is a copy the region's entry can test again: of a variable,
   a constant, or a member or element reached from a variable without
   side effects, of the variable's own type.  */
bool
sf_copy_def_p (gimple *def)
{
  if (gimple_assign_rhs_class (def) != GIMPLE_SINGLE_RHS
      || gimple_has_volatile_ops (def))
    return false;
  tree lhs = gimple_assign_lhs (def), rhs = gimple_assign_rhs1 (def);
  if (!types_compatible_p (TREE_TYPE (lhs), TREE_TYPE (rhs)))
    return false;
  tree x = rhs;
  while (TREE_CODE (x) == COMPONENT_REF || TREE_CODE (x) == ARRAY_REF
	 || TREE_CODE (x) == MEM_REF)
    {
      if (TREE_CODE (x) == ARRAY_REF
	  && !(TREE_CODE (TREE_OPERAND (x, 1)) == INTEGER_CST
	       || DECL_P (TREE_OPERAND (x, 1))))
	return false;
      x = TREE_OPERAND (x, 0);
    }
  return TREE_CODE (x) == INTEGER_CST
	 || ((VAR_P (x) || TREE_CODE (x) == PARM_DECL) && !TREE_THIS_VOLATILE (x));
}

static vf_expr *vt_rvalue (vtrans *t, tree x);
static vf_expr *vt_address (vtrans *t, tree ref);
static void vt_assign_into (vtrans *t, tree lhs, vf_expr *val);

/* Return the block of variable DECL, made at its first use: a local of
   the region, an artificial variable set once before it (its definition
   then goes into the prologue), or one read from outside.  */
static int
vt_block (vtrans *t, tree decl)
{
  if (int *b = t->blocks.get (decl))
    return *b;
  bool local = t->locals.contains (decl);
  tree *vla = local ? NULL : t->vla_of.get (decl);
  if (vla)
    {
      /* The pointer to a VLA declared before the region: the array is
	 the block the checker binds, the pointer a local set to it.  */
      int arr = vt_block (t, *vla);
      int b = vf_prog_var (t->prog, vt_decl_name (t, decl),
			   vt_ctype (t, TREE_TYPE (decl)), 0);
      t->blocks.put (decl, b);
      vf_stmt s;
      memset (&s, 0, sizeof s);
      s.kind = VF_S_STORE;
      s.ty = vf_ptr_ty ();
      s.addr = vf_addr (t->prog, b);
      s.val = vf_addr (t->prog, arr);
      t->pro.safe_push (s);
      return b;
    }
  gimple **def = local ? NULL : t->art_defs.get (decl);
  bool art = def && *def;
  if (!local && !art && t->copies
      && (t->copies > 1 || POINTER_TYPE_P (TREE_TYPE (decl)))
      && (def = t->user_defs.get (decl)) && *def && sf_copy_def_p (*def))
    {
      art = true;
      t->held_var.safe_push (decl);
      t->held_rhs.safe_push (gimple_assign_rhs1 (*def));
    }
  /* A variable-length array declared in the region lives behind the
     pointer its allocation sets (vt_vla_call); its own block is never
     read, and gets a size.  */
  tree type = TREE_TYPE (decl);
  if (local && VAR_P (decl) && DECL_HAS_VALUE_EXPR_P (decl)
      && TREE_CODE (type) == ARRAY_TYPE && TYPE_SIZE_UNIT (type)
      && TREE_CODE (TYPE_SIZE_UNIT (type)) != INTEGER_CST)
    type = char_type_node;
  int b = vf_prog_var (t->prog, vt_decl_name (t, decl),
		       vt_ctype (t, type), !local && !art);
  t->blocks.put (decl, b);
  t->prog->vars[b - 1].user = decl;
  /* An array of the function declared before the region: the region may
     use it as work space (passes/safety.cc decides whether it may).  */
  t->prog->vars[b - 1].scratch
    = !local && VAR_P (decl) && !TREE_STATIC (decl) && !DECL_EXTERNAL (decl)
      && TREE_CODE (TREE_TYPE (decl)) == ARRAY_TYPE
      && auto_var_in_fn_p (decl, current_function_decl);
  /* Its format, when a struct the annotation does not name: the checker
     then gives it a tensor of that format (the C types it sees have lost
     the typedef names formats go by: sf_csf3_201 is sf_csf).  */
  tree target = TREE_TYPE (decl);
  if (POINTER_TYPE_P (target))
    target = TREE_TYPE (target);
  if (TREE_CODE (target) == RECORD_TYPE)
    t->prog->vars[b - 1].format = sf_format_for_type (target) + 1;
  if (art)
    {
      bool was = t->in_prologue;
      t->in_prologue = true;
      vf_expr *v = vt_rvalue (t, gimple_assign_rhs1 (*def));
      if (gimple_assign_rhs_class (*def) != GIMPLE_SINGLE_RHS)
	vt_fail (t, "the value of '%s' before the loop is not a copy",
		 vt_decl_name (t, decl));
      vt_assign_into (t, decl, v);
      t->in_prologue = was;
    }
  return b;
}

static void vt_assign (vtrans *t, gimple *stmt);

/* Return the register of SSA name X; one defined before the region gets
   its definition in the prologue.  */
static vf_expr *
vt_ssa (vtrans *t, tree x)
{
  vf_ty ty = vt_ty (TREE_TYPE (x));
  if (int *r = t->regs.get (x))
    return vf_reg (t->prog, ty, *r);
  int r = vf_prog_reg (t->prog);
  t->regs.put (x, r);
  gimple *def = SSA_NAME_DEF_STMT (x);
  if (def && !t->inside.contains (def))
    {
      if (!is_gimple_assign (def))
	vt_fail (t, "a value before the loop comes from a %s",
		 def ? gimple_code_name[gimple_code (def)] : "parameter");
      else
	{
	  bool was = t->in_prologue;
	  t->in_prologue = true;
	  vt_assign (t, def);
	  t->in_prologue = was;
	}
    }
  return vf_reg (t->prog, ty, r);
}

/* Return X converted to the signed 64-bit integer type.  */
static vf_expr *
vt_i64 (vtrans *t, vf_expr *x)
{
  return vf_unary (t->prog, VF_CONV, vf_int_ty (64, 0), x);
}

/* Return true when DECL is a variable-length array declared before the
   region (its value expression *PTR, PTR set by an allocation): the
   region sees the array itself, a block the checker binds by its name.  */
static bool
vt_vla_p (vtrans *t, tree decl)
{
  tree x = DECL_VALUE_EXPR (decl);
  return !t->locals.contains (decl) && TREE_CODE (TREE_TYPE (decl)) == ARRAY_TYPE
	 && (TREE_CODE (x) == INDIRECT_REF || TREE_CODE (x) == MEM_REF);
}

/* Return the address of the reference REF.  */
static vf_expr *
vt_address (vtrans *t, tree ref)
{
  vf_prog *p = t->prog;
  vf_ty i64 = vf_int_ty (64, 0);
  switch (TREE_CODE (ref))
    {
    case VAR_DECL:
    case PARM_DECL:
    case RESULT_DECL:
      if (DECL_HAS_VALUE_EXPR_P (ref) && !vt_vla_p (t, ref))
	return vt_address (t, DECL_VALUE_EXPR (ref));
      return vf_addr (p, vt_block (t, ref));
    case COMPONENT_REF:
      {
	tree f = TREE_OPERAND (ref, 1);
	if (DECL_BIT_FIELD (f) || !tree_fits_shwi_p (byte_position (f)))
	  {
	    vt_fail (t, "the loop reads the bit-field '%s'",
		     DECL_NAME (f) ? IDENTIFIER_POINTER (DECL_NAME (f)) : "?");
	    return vf_addr (p, 0);
	  }
	return vf_binary (p, VF_PTRADD, vf_ptr_ty (),
			  vt_address (t, TREE_OPERAND (ref, 0)),
			  vf_cst_int (p, i64, int_byte_position (f)));
      }
    case ARRAY_REF:
      {
	vf_expr *idx = vt_i64 (t, vt_rvalue (t, TREE_OPERAND (ref, 1)));
	vf_expr *low = vt_i64 (t, vt_rvalue (t, array_ref_low_bound (ref)));
	vf_expr *size = vt_i64 (t, vt_rvalue (t, array_ref_element_size (ref)));
	vf_expr *off = vf_binary (p, VF_MUL, i64,
				  vf_binary (p, VF_SUB, i64, idx, low), size);
	return vf_binary (p, VF_PTRADD, vf_ptr_ty (),
			  vt_address (t, TREE_OPERAND (ref, 0)), off);
      }
    case MEM_REF:
      return vf_binary (p, VF_PTRADD, vf_ptr_ty (),
			vt_rvalue (t, TREE_OPERAND (ref, 0)),
			vf_cst_int (p, i64,
				    mem_ref_offset (ref).force_shwi ().to_constant ()));
    default:
      vt_fail (t, "the loop uses a %s", get_tree_code_name (TREE_CODE (ref)));
      return vf_addr (p, 0);
    }
}

/* Return the checker's operation for tree code CODE, or -1.  */
static int
vt_op (enum tree_code code)
{
  switch (code)
    {
    case PLUS_EXPR: return VF_ADD;
    case MINUS_EXPR: return VF_SUB;
    case MULT_EXPR: return VF_MUL;
    case RDIV_EXPR: case TRUNC_DIV_EXPR: case EXACT_DIV_EXPR: return VF_DIV;
    case TRUNC_MOD_EXPR: return VF_MOD;
    case MIN_EXPR: return VF_MIN;
    case MAX_EXPR: return VF_MAX;
    case BIT_AND_EXPR: case TRUTH_AND_EXPR: return VF_BITAND;
    case BIT_IOR_EXPR: case TRUTH_OR_EXPR: return VF_BITOR;
    case BIT_XOR_EXPR: case TRUTH_XOR_EXPR: return VF_BITXOR;
    case LSHIFT_EXPR: return VF_SHL;
    case RSHIFT_EXPR: return VF_SHR;
    case LT_EXPR: return VF_LT;
    case LE_EXPR: return VF_LE;
    case GT_EXPR: return VF_GT;
    case GE_EXPR: return VF_GE;
    case EQ_EXPR: return VF_EQ;
    case NE_EXPR: return VF_NE;
    case POINTER_PLUS_EXPR: return VF_PTRADD;
    case POINTER_DIFF_EXPR: return VF_PTRDIFF;
    case NEGATE_EXPR: return VF_NEG;
    case ABS_EXPR: return VF_ABS;
    case BIT_NOT_EXPR: return VF_BITNOT;
    case TRUTH_NOT_EXPR: return VF_NOT;
    case NOP_EXPR: case CONVERT_EXPR: case FLOAT_EXPR: case FIX_TRUNC_EXPR:
      return VF_CONV;
    default: return -1;
    }
}

/* Return the operation CODE of type TYPE over OPS (N of them).  */
static vf_expr *
vt_operation (vtrans *t, enum tree_code code, tree type, tree *ops, int n)
{
  vf_prog *p = t->prog;
  vf_ty ty = vt_ty (type);
  if (code == PAREN_EXPR || code == NON_LVALUE_EXPR || code == SAVE_EXPR)
    return vt_rvalue (t, ops[0]);
  if (code == COND_EXPR && n == 3)
    return vf_select (p, ty, vt_rvalue (t, ops[0]), vt_rvalue (t, ops[1]),
		      vt_rvalue (t, ops[2]));
  int op = vt_op (code);
  if (op < 0 || ty.kind == VF_T_VOID)
    {
      vt_fail (t, "the loop computes a %s", get_tree_code_name (code));
      return vf_cst_int (p, vf_int_ty (64, 0), 0);
    }
  if (n == 1)
    return vf_unary (p, (vf_op) op, ty, vt_rvalue (t, ops[0]));
  vf_expr *b = vt_rvalue (t, ops[1]);
  if (op == VF_PTRADD)
    b = vt_i64 (t, b);
  return vf_binary (p, (vf_op) op, ty, vt_rvalue (t, ops[0]), b);
}

/* Return the value of the floating constant X.  */
static double
vt_real (tree x)
{
  char buf[64];
  real_to_decimal (buf, TREE_REAL_CST_PTR (x), sizeof buf, 0, 1);
  return strtod (buf, NULL);
}

/* Return the value of operand X (GIMPLE operand, or a GENERIC expression
   of a type's size or an OpenMP loop's bounds).  */
/* Return the value of X (see the declaration above).  */
static vf_expr *
vt_rvalue (vtrans *t, tree x)
{
  vf_prog *p = t->prog;
  vf_ty ty = vt_ty (TREE_TYPE (x));
  switch (TREE_CODE (x))
    {
    case SSA_NAME:
      return vt_ssa (t, x);
    case INTEGER_CST:
      return vf_cst_int (p, ty, (long long) TREE_INT_CST_LOW (x));
    case REAL_CST:
      return vf_cst_flt (p, ty, vt_real (x));
    case ADDR_EXPR:
      return vt_address (t, TREE_OPERAND (x, 0));
    case VAR_DECL: case PARM_DECL: case RESULT_DECL:
    case COMPONENT_REF: case ARRAY_REF: case MEM_REF:
      if (ty.kind == VF_T_VOID)
	{
	  vt_fail (t, "the loop copies a whole %s", "struct or array");
	  return vf_cst_int (p, vf_int_ty (64, 0), 0);
	}
      return vf_load (p, ty, vt_address (t, x));
    default:
      break;
    }
  int n = TREE_CODE_LENGTH (TREE_CODE (x));
  if (EXPR_P (x) && n >= 1 && n <= 3)
    {
      tree ops[3] = { TREE_OPERAND (x, 0), n > 1 ? TREE_OPERAND (x, 1) : NULL,
		      n > 2 ? TREE_OPERAND (x, 2) : NULL };
      return vt_operation (t, TREE_CODE (x), TREE_TYPE (x), ops, n);
    }
  vt_fail (t, "the loop uses a %s", get_tree_code_name (TREE_CODE (x)));
  return vf_cst_int (p, vf_int_ty (64, 0), 0);
}

/* Emit LHS = VAL.  */
static void
vt_assign_into (vtrans *t, tree lhs, vf_expr *val)
{
  vf_stmt s;
  memset (&s, 0, sizeof s);
  if (TREE_CODE (lhs) == SSA_NAME)
    {
      s.kind = VF_S_SET;
      int *r = t->regs.get (lhs);
      if (!r)
	{
	  t->regs.put (lhs, vf_prog_reg (t->prog));
	  r = t->regs.get (lhs);
	}
      s.reg = *r;
    }
  else
    {
      s.kind = VF_S_STORE;
      s.ty = vt_ty (TREE_TYPE (lhs));
      if (s.ty.kind == VF_T_VOID)
	vt_fail (t, "the loop copies a whole %s", "struct or array");
      s.addr = vt_address (t, lhs);
    }
  s.val = val;
  vt_emit (t, s);
}

/* Translate the assignment STMT.  */
static void
vt_assign (vtrans *t, gimple *stmt)
{
  if (gimple_clobber_p (stmt))
    return;
  tree lhs = gimple_assign_lhs (stmt);
  /* The size in bits of a variable-length array the region declares
     (bitsizetype, 128 bits): only its type reads it.  */
  if (INTEGRAL_TYPE_P (TREE_TYPE (lhs)) && TYPE_PRECISION (TREE_TYPE (lhs)) > 64
      && (TREE_CODE (lhs) == SSA_NAME || DECL_ARTIFICIAL (lhs)))
    return;
  tree ops[3] = { gimple_assign_rhs1 (stmt), gimple_assign_rhs2 (stmt),
		  gimple_assign_rhs3 (stmt) };
  vf_expr *val;
  switch (gimple_assign_rhs_class (stmt))
    {
    case GIMPLE_SINGLE_RHS:
      if (TREE_CODE (ops[0]) == CONSTRUCTOR)
	{
	  vt_fail (t, "the loop initializes a whole %s", "struct or array");
	  return;
	}
      val = vt_rvalue (t, ops[0]);
      break;
    case GIMPLE_UNARY_RHS:
      val = vt_operation (t, gimple_assign_rhs_code (stmt), TREE_TYPE (lhs),
			  ops, 1);
      break;
    case GIMPLE_BINARY_RHS:
      val = vt_operation (t, gimple_assign_rhs_code (stmt), TREE_TYPE (lhs),
			  ops, 2);
      break;
    default:
      val = vt_operation (t, gimple_assign_rhs_code (stmt), TREE_TYPE (lhs),
			  ops, 3);
      break;
    }
  vt_assign_into (t, lhs, val);
}

/* Return the label of LABEL_DECL L.  */
static int
vt_label (vtrans *t, tree l)
{
  if (int *k = t->labels->get (l))
    return *k;
  int k = vf_prog_label (t->prog);
  t->labels->put (l, k);
  return k;
}

/* Emit a GOTO or LABEL (KIND) of LABEL.  */
static void
vt_simple (vtrans *t, vf_stmt_kind kind, int label)
{
  vf_stmt s;
  memset (&s, 0, sizeof s);
  s.kind = kind;
  s.ltrue = label;
  vt_emit (t, s);
}

/* Emit: if (COND) goto LT else goto LF.  */
static void
vt_if (vtrans *t, vf_expr *cond, int lt, int lf)
{
  vf_stmt s;
  memset (&s, 0, sizeof s);
  s.kind = VF_S_IF;
  s.val = cond;
  s.ltrue = lt, s.lfalse = lf;
  vt_emit (t, s);
}

/* Return the math function of builtin call FN, or -1.  */
static int
vt_math (tree fn)
{
  if (!fn || !fndecl_built_in_p (fn, BUILT_IN_NORMAL))
    return -1;
  switch (DECL_FUNCTION_CODE (fn))
    {
    CASE_FLT_FN (BUILT_IN_FABS): return VF_FN_FABS;
    CASE_FLT_FN (BUILT_IN_SQRT): return VF_FN_SQRT;
    CASE_FLT_FN (BUILT_IN_EXP): return VF_FN_EXP;
    CASE_FLT_FN (BUILT_IN_LOG): return VF_FN_LOG;
    CASE_FLT_FN (BUILT_IN_FMIN): return VF_FN_FMIN;
    CASE_FLT_FN (BUILT_IN_FMAX): return VF_FN_FMAX;
    CASE_FLT_FN (BUILT_IN_POW): return VF_FN_POW;
    CASE_FLT_FN (BUILT_IN_SIN): return VF_FN_SIN;
    CASE_FLT_FN (BUILT_IN_COS): return VF_FN_COS;
    CASE_FLT_FN (BUILT_IN_FLOOR): return VF_FN_FLOOR;
    CASE_FLT_FN (BUILT_IN_CEIL): return VF_FN_CEIL;
    default: return -1;
    }
}

static void vt_stmt (vtrans *t, gimple *stmt);

/* Emit the end of basic block BB of an inlined body: a jump to its
   successor (LABELS: each block's label, END: the exit's).  */
static void
vt_bb_exit (vtrans *t, basic_block bb, const int *labels, int end)
{
  gimple *last = last_stmt (bb);
  if (last && gimple_code (last) == GIMPLE_COND)
    {
      gcond *c = as_a<gcond *> (last);
      edge te, fe;
      extract_true_false_edges_from_block (bb, &te, &fe);
      tree ops[2] = { gimple_cond_lhs (c), gimple_cond_rhs (c) };
      vt_if (t, vt_operation (t, gimple_cond_code (c), boolean_type_node,
			      ops, 2),
	     te->dest->index < NUM_FIXED_BLOCKS ? end : labels[te->dest->index],
	     fe->dest->index < NUM_FIXED_BLOCKS ? end : labels[fe->dest->index]);
      return;
    }
  if (last && gimple_code (last) == GIMPLE_RETURN)
    return;
  if (!single_succ_p (bb))
    {
      vt_fail (t, "a function it calls branches %s", "several ways");
      return;
    }
  basic_block next = single_succ (bb);
  vt_simple (t, VF_S_GOTO,
	     next->index < NUM_FIXED_BLOCKS ? end : labels[next->index]);
}

/* Translate the call STMT of FN, a function of this unit that GCC holds
   lowered (its CFG), as its body inline; return false when it cannot.
   GCC lowers a function defined earlier and visible outside the unit
   before the functions after it; a static one only once a caller is
   analyzed, after the caller's own lowering: its calls stay unverified.  */
static bool
vt_inline (vtrans *t, gcall *stmt, tree fn)
{
  function *f = fn ? DECL_STRUCT_FUNCTION (fn) : NULL;
  if (!f || !f->cfg || t->depth >= 3 || fn == current_function_decl
      || stdarg_p (TREE_TYPE (fn)))
    return false;
  unsigned nargs = 0;
  for (tree p = DECL_ARGUMENTS (fn); p; p = DECL_CHAIN (p))
    nargs++;
  if (nargs != gimple_call_num_args (stmt))
    return false;
  basic_block bb;
  FOR_EACH_BB_FN (bb, f)
    for (gimple_stmt_iterator i = gsi_start_bb (bb); !gsi_end_p (i);
	 gsi_next (&i))
      t->inside.add (gsi_stmt (i));
  unsigned ix;
  tree var;
  FOR_EACH_LOCAL_DECL (f, ix, var)
    t->locals.add (var);
  if (DECL_RESULT (fn))
    t->locals.add (DECL_RESULT (fn));
  unsigned k = 0;
  for (tree p = DECL_ARGUMENTS (fn); p; p = DECL_CHAIN (p), k++)
    {
      t->locals.add (p);
      vt_assign_into (t, p, vt_rvalue (t, gimple_call_arg (stmt, k)));
    }
  hash_map<tree, int> labels, *outer = t->labels;
  t->labels = &labels;
  t->depth++;
  int nbb = last_basic_block_for_fn (f);
  int *bblabel = XNEWVEC (int, nbb);
  for (int b = 0; b < nbb; b++)
    bblabel[b] = vf_prog_label (t->prog);
  int end = vf_prog_label (t->prog), result = vf_prog_reg (t->prog);
  tree lhs = gimple_call_lhs (stmt);
  vf_ty rty = lhs ? vt_ty (TREE_TYPE (lhs)) : vf_int_ty (32, 0);
  basic_block first = single_succ (ENTRY_BLOCK_PTR_FOR_FN (f));
  vt_simple (t, VF_S_GOTO, bblabel[first->index]);
  FOR_EACH_BB_FN (bb, f)
    {
      vt_simple (t, VF_S_LABEL, bblabel[bb->index]);
      for (gimple_stmt_iterator i = gsi_start_bb (bb); !gsi_end_p (i);
	   gsi_next (&i))
	{
	  gimple *s = gsi_stmt (i);
	  if (gimple_code (s) == GIMPLE_LABEL || gimple_code (s) == GIMPLE_COND)
	    continue;
	  if (greturn *r = dyn_cast<greturn *> (s))
	    {
	      tree v = gimple_return_retval (r);
	      if (v)
		{
		  vf_stmt set;
		  memset (&set, 0, sizeof set);
		  set.kind = VF_S_SET;
		  set.reg = result;
		  set.val = vf_unary (t->prog, VF_CONV, rty, vt_rvalue (t, v));
		  vt_emit (t, set);
		}
	      vt_simple (t, VF_S_GOTO, end);
	      continue;
	    }
	  vt_stmt (t, s);
	}
      vt_bb_exit (t, bb, bblabel, end);
    }
  vt_simple (t, VF_S_LABEL, end);
  XDELETEVEC (bblabel);
  t->depth--;
  t->labels = outer;
  if (lhs)
    vt_assign_into (t, lhs, vf_reg (t->prog, rty, result));
  return true;
}

/* Bytes of a variable-length array the region declares, in the checker:
   its size is the program's, but the checker's extents are small.  */
#define VT_VLA_BYTES 32768

/* Translate STMT, a call to FN that makes or ends a variable-length array
   declared in the region, and return true; false for another call.  The
   array is a block of its own, VT_VLA_BYTES long (the checker's extents
   are small; a loop that goes past its array is the user's bug, as it
   would be without the plugin); saving and restoring the stack do
   nothing.  */
static bool
vt_vla_call (vtrans *t, gcall *stmt, tree fn)
{
  tree lhs = gimple_call_lhs (stmt);
  if (!fn || !(fndecl_built_in_p (fn, BUILT_IN_ALLOCA_WITH_ALIGN)
	       || fndecl_built_in_p (fn, BUILT_IN_STACK_SAVE)
	       || fndecl_built_in_p (fn, BUILT_IN_STACK_RESTORE)))
    return false;
  if (!lhs)
    return true;
  if (fndecl_built_in_p (fn, BUILT_IN_STACK_SAVE))
    {
      vt_assign_into (t, lhs, vf_cst_int (t->prog, vf_ptr_ty (), 0));
      return true;
    }
  tree type = build_array_type_nelts (char_type_node, VT_VLA_BYTES);
  int b = vf_prog_var (t->prog, "(variable-length array)",
		       vt_ctype (t, type), 0);
  vt_assign_into (t, lhs, vf_addr (t->prog, b));
  return true;
}

/* Translate the call STMT: a pure math function, or the reason the
   region cannot run.  */
static void
vt_call (vtrans *t, gcall *stmt)
{
  tree fn = gimple_call_fndecl (stmt);
  int m = vt_math (fn);
  tree lhs = gimple_call_lhs (stmt);
  if (fn && fndecl_built_in_p (fn, BUILT_IN_EXPECT) && lhs)
    {
      vt_assign_into (t, lhs, vt_rvalue (t, gimple_call_arg (stmt, 0)));
      return;
    }
  if (m < 0 && vt_vla_call (t, stmt, fn))
    return;
  if (m < 0 && vt_inline (t, stmt, fn))
    return;
  if (m < 0 || (gimple_call_num_args (stmt) != 1
		&& gimple_call_num_args (stmt) != 2))
    {
      const char *name = fn ? IDENTIFIER_POINTER (DECL_NAME (fn))
			 : gimple_call_internal_p (stmt)
			 ? internal_fn_name (gimple_call_internal_fn (stmt))
			 : "a function through a pointer";
      vt_fail (t, fn ? "calls '%s'" : "calls %s", name);
      return;
    }
  if (!lhs)
    return;
  vf_ty ty = vt_ty (TREE_TYPE (lhs));
  vf_expr *a = vf_unary (t->prog, VF_CONV, vf_flt_ty (64),
			 vt_rvalue (t, gimple_call_arg (stmt, 0)));
  vf_expr *b = gimple_call_num_args (stmt) == 2
	       ? vf_unary (t->prog, VF_CONV, vf_flt_ty (64),
			   vt_rvalue (t, gimple_call_arg (stmt, 1))) : NULL;
  vt_assign_into (t, lhs, vf_call (t->prog, (vf_fn) m, ty, a, b));
}

static void vt_seq (vtrans *t, gimple_seq seq);

/* Emit level K of the OpenMP loop STMT as a serial loop around the
   inner levels and the body.  */
static void
vt_omp_level (vtrans *t, gomp_for *stmt, unsigned k)
{
  tree index = gimple_omp_for_index (stmt, k);
  int lbody = vf_prog_label (t->prog), lcond = vf_prog_label (t->prog);
  int lexit = vf_prog_label (t->prog);
  vt_assign_into (t, index, vt_rvalue (t, gimple_omp_for_initial (stmt, k)));
  vt_simple (t, VF_S_GOTO, lcond);
  vt_simple (t, VF_S_LABEL, lbody);
  if (k + 1 < gimple_omp_for_collapse (stmt))
    vt_omp_level (t, stmt, k + 1);
  else
    vt_seq (t, gimple_omp_body (stmt));
  vt_assign_into (t, index, vt_rvalue (t, gimple_omp_for_incr (stmt, k)));
  vt_simple (t, VF_S_LABEL, lcond);
  tree ops[2] = { index, gimple_omp_for_final (stmt, k) };
  vt_if (t, vt_operation (t, gimple_omp_for_cond (stmt, k), boolean_type_node,
			  ops, 2), lbody, lexit);
  vt_simple (t, VF_S_LABEL, lexit);
}

/* Translate the statement STMT.  */
static void
vt_stmt (vtrans *t, gimple *stmt)
{
  switch (gimple_code (stmt))
    {
    case GIMPLE_ASSIGN:
      vt_assign (t, stmt);
      return;
    case GIMPLE_BIND:
      for (tree v = gimple_bind_vars (as_a<gbind *> (stmt)); v;
	   v = DECL_CHAIN (v))
	t->locals.add (v);
      vt_seq (t, gimple_bind_body (as_a<gbind *> (stmt)));
      return;
    case GIMPLE_LABEL:
      vt_simple (t, VF_S_LABEL,
		 vt_label (t, gimple_label_label (as_a<glabel *> (stmt))));
      return;
    case GIMPLE_GOTO:
      if (TREE_CODE (gimple_goto_dest (stmt)) != LABEL_DECL)
	vt_fail (t, "the loop jumps to a computed address");
      else
	vt_simple (t, VF_S_GOTO, vt_label (t, gimple_goto_dest (stmt)));
      return;
    case GIMPLE_COND:
      {
	gcond *c = as_a<gcond *> (stmt);
	tree ops[2] = { gimple_cond_lhs (c), gimple_cond_rhs (c) };
	int next = -1;
	tree tl = gimple_cond_true_label (c), fl = gimple_cond_false_label (c);
	if (!tl || !fl)
	  next = vf_prog_label (t->prog);
	vt_if (t, vt_operation (t, gimple_cond_code (c), boolean_type_node,
				ops, 2), tl ? vt_label (t, tl) : next,
	       fl ? vt_label (t, fl) : next);
	if (next >= 0)
	  vt_simple (t, VF_S_LABEL, next);
	return;
      }
    case GIMPLE_CALL:
      vt_call (t, as_a<gcall *> (stmt));
      return;
    case GIMPLE_TRY:
      vt_seq (t, gimple_try_eval (stmt));
      if (gimple_try_kind (stmt) == GIMPLE_TRY_FINALLY)
	vt_seq (t, gimple_try_cleanup (stmt));
      return;
    case GIMPLE_OMP_PARALLEL:
      vt_seq (t, gimple_omp_body (stmt));
      return;
    case GIMPLE_OMP_FOR:
      {
	gomp_for *f = as_a<gomp_for *> (stmt);
	int kind = gimple_omp_for_kind (f);
	if (kind != GF_OMP_FOR_KIND_FOR && kind != GF_OMP_FOR_KIND_SIMD)
	  {
	    vt_fail (t, "the loop is a %s", "distribute or taskloop");
	    return;
	  }
	vt_seq (t, gimple_omp_for_pre_body (f));
	vt_omp_level (t, f, 0);
	return;
      }
    case GIMPLE_DEBUG:
    case GIMPLE_NOP:
    case GIMPLE_PREDICT:
      return;
    default:
      vt_fail (t, "the loop holds a %s", gimple_code_name[gimple_code (stmt)]);
      return;
    }
}

/* Translate the statements of SEQ.  */
static void
vt_seq (vtrans *t, gimple_seq seq)
{
  for (gimple_stmt_iterator i = gsi_start (seq); !gsi_end_p (i); gsi_next (&i))
    vt_stmt (t, gsi_stmt (i));
}

/* walk_gimple_seq callback: add each statement to the set WI->info.  */
static tree
collect_stmt (gimple_stmt_iterator *gsi, bool *, struct walk_stmt_info *wi)
{
  ((hash_set<gimple *> *) wi->info)->add (gsi_stmt (*gsi));
  return NULL_TREE;
}

/* Record in M that statement S assigns LHS: S for the first, NULL from
   the second on (or when S is NULL).  */
static void
record_def (hash_map<tree, gimple *> *m, tree lhs, gimple *s)
{
  bool existed;
  gimple *&slot = m->get_or_insert (lhs, &existed);
  slot = existed ? NULL : s;
}

/* walk_gimple_seq callback: record the assignments to artificial
   variables (WI->info: the map), NULL for one assigned twice.  */
static tree
collect_art_def (gimple_stmt_iterator *gsi, bool *, struct walk_stmt_info *wi)
{
  gimple *s = gsi_stmt (*gsi);
  tree lhs = is_gimple_assign (s) ? gimple_assign_lhs (s) : NULL_TREE;
  if (!lhs || !VAR_P (lhs) || !DECL_ARTIFICIAL (lhs) || gimple_clobber_p (s))
    return NULL_TREE;
  record_def ((hash_map<tree, gimple *> *) wi->info, lhs, s);
  return NULL_TREE;
}

/* walk_gimple_seq callback: record the assignments to the function's
   own pointer and integer variables that are not artificial
   (WI->info: the map), NULL for one assigned twice or set by a call;
   none whose address is taken.  */
static tree
collect_user_def (gimple_stmt_iterator *gsi, bool *, struct walk_stmt_info *wi)
{
  gimple *s = gsi_stmt (*gsi);
  tree lhs = is_gimple_assign (s) || is_gimple_call (s) ? gimple_get_lhs (s)
	     : NULL_TREE;
  if (!lhs || !VAR_P (lhs) || DECL_ARTIFICIAL (lhs) || gimple_clobber_p (s)
      || TREE_STATIC (lhs) || DECL_EXTERNAL (lhs) || TREE_ADDRESSABLE (lhs)
      || TREE_THIS_VOLATILE (lhs)
      || !auto_var_in_fn_p (lhs, current_function_decl)
      || !(POINTER_TYPE_P (TREE_TYPE (lhs))
	   || INTEGRAL_TYPE_P (TREE_TYPE (lhs))))
    return NULL_TREE;
  record_def ((hash_map<tree, gimple *> *) wi->info, lhs,
	      is_gimple_assign (s) ? s : NULL);
  return NULL_TREE;
}

/* walk_gimple_seq callback: record in WI->info (a map) the pointer
   behind each variable-length array of the binds.  */
static tree
collect_vla (gimple_stmt_iterator *gsi, bool *, struct walk_stmt_info *wi)
{
  gbind *bind = dyn_cast<gbind *> (gsi_stmt (*gsi));
  if (!bind)
    return NULL_TREE;
  for (tree v = gimple_bind_vars (bind); v; v = DECL_CHAIN (v))
    if (VAR_P (v) && DECL_HAS_VALUE_EXPR_P (v)
	&& TREE_CODE (TREE_TYPE (v)) == ARRAY_TYPE)
      {
	tree x = DECL_VALUE_EXPR (v);
	if ((TREE_CODE (x) == INDIRECT_REF || TREE_CODE (x) == MEM_REF)
	    && VAR_P (TREE_OPERAND (x, 0)))
	  ((hash_map<tree, tree> *) wi->info)->put (TREE_OPERAND (x, 0), v);
      }
  return NULL_TREE;
}

/* Start a translation into PROG of statements of the function whose
   body is FN_BODY: the artificial definitions and VLAs made anywhere in
   it are collected.  LABELS is the label map the translation uses.  */
static vtrans *
vt_start (vf_prog *prog, gimple_seq fn_body, hash_map<tree, int> *labels)
{
  vtrans *t = new vtrans ();
  t->prog = prog;
  t->labels = labels;
  struct walk_stmt_info wi;
  memset (&wi, 0, sizeof wi);
  wi.info = &t->art_defs;
  walk_gimple_seq (fn_body, collect_art_def, NULL, &wi);
  memset (&wi, 0, sizeof wi);
  wi.info = &t->vla_of;
  walk_gimple_seq (fn_body, collect_vla, NULL, &wi);
  sf_collect_user_defs (fn_body, &t->user_defs);
  return t;
}

void
sf_collect_user_defs (gimple_seq fn_body, hash_map<tree, gimple *> *defs)
{
  struct walk_stmt_info wi;
  memset (&wi, 0, sizeof wi);
  wi.info = defs;
  walk_gimple_seq (fn_body, collect_user_def, NULL, &wi);
}

/* Note the statement at *AT (and those inside it) as inside what T
   translates.  */
static void
vt_collect_inside (vtrans *t, gimple_stmt_iterator *at)
{
  struct walk_stmt_info wi;
  memset (&wi, 0, sizeof wi);
  wi.info = &t->inside;
  walk_gimple_stmt (at, collect_stmt, NULL, &wi);
}

/* Forget T's artificial definitions made inside what it translates (a
   definition inside is not one made before), translate STMTS[0..N-1],
   emit the prologue and the body into T's program and free T.  */
static void
vt_finish (vtrans *t, gimple *const *stmts, unsigned n,
	   auto_vec<tree> *held_var = NULL, auto_vec<tree> *held_rhs = NULL)
{
  for (hash_map<tree, gimple *>::iterator it = t->art_defs.begin ();
       it != t->art_defs.end (); ++it)
    if ((*it).second && t->inside.contains ((*it).second))
      (*it).second = NULL;
  for (hash_map<tree, gimple *>::iterator it = t->user_defs.begin ();
       it != t->user_defs.end (); ++it)
    if ((*it).second && t->inside.contains ((*it).second))
      (*it).second = NULL;
  for (unsigned k = 0; k < n; k++)
    vt_stmt (t, stmts[k]);
  for (unsigned k = 0; k < t->pro.length (); k++)
    vf_emit (t->prog, t->pro[k]);
  for (unsigned k = 0; k < t->body.length (); k++)
    vf_emit (t->prog, t->body[k]);
  if (held_var)
    for (unsigned k = 0; k < t->held_var.length (); k++)
      {
	held_var->safe_push (t->held_var[k]);
	held_rhs->safe_push (t->held_rhs[k]);
      }
  delete t;
}

/* Translate the statements from BEGIN (the begin marker, excluded) to
   END (the end marker) of a function whose body is FN_BODY into PROG.  */
static void
vt_region (vf_prog *prog, gimple_stmt_iterator begin, gimple_stmt_iterator end,
	   gimple_seq fn_body, int copies = 0, auto_vec<tree> *held_var = NULL,
	   auto_vec<tree> *held_rhs = NULL)
{
  hash_map<tree, int> labels;
  vtrans *t = vt_start (prog, fn_body, &labels);
  t->copies = copies;
  auto_vec<gimple *> stmts;
  gimple_stmt_iterator i = begin;
  for (gsi_next (&i); gsi_stmt (i) != gsi_stmt (end); gsi_next (&i))
    {
      vt_collect_inside (t, &i);
      stmts.safe_push (gsi_stmt (i));
    }
  vt_finish (t, stmts.address (), stmts.length (), held_var, held_rhs);
}

/* Translate the statements from FIRST to LAST (both included) of a
   function whose body is FN_BODY into PROG: a loop whose counter is
   declared before it, as the annotation search finds it
   (passes/suggest.cc).  */
void
sf_verify_translate_range (vf_prog *prog, gimple_stmt_iterator first,
			   gimple_stmt_iterator last, gimple_seq fn_body)
{
  hash_map<tree, int> labels;
  vtrans *t = vt_start (prog, fn_body, &labels);
  auto_vec<gimple *> stmts;
  for (gimple_stmt_iterator i = first; !gsi_end_p (i); gsi_next (&i))
    {
      vt_collect_inside (t, &i);
      stmts.safe_push (gsi_stmt (i));
      if (gsi_stmt (i) == gsi_stmt (last))
	break;
    }
  vt_finish (t, stmts.address (), stmts.length ());
}

/* Translate the statement at AT alone (a loop nest in its bind) of a
   function whose body is FN_BODY into PROG.  */
void
sf_verify_translate_stmt (vf_prog *prog, gimple_stmt_iterator at,
			  gimple_seq fn_body)
{
  gimple *stmt = gsi_stmt (at);
  hash_map<tree, int> labels;
  vtrans *t = vt_start (prog, fn_body, &labels);
  vt_collect_inside (t, &at);
  vt_finish (t, &stmt, 1);
}

/* Return the milliseconds since START.  */
double
ms_since (struct timespec start)
{
  struct timespec now;
  clock_gettime (CLOCK_MONOTONIC, &now);
  return (double) (now.tv_sec - start.tv_sec) * 1e3
	 + (double) (now.tv_nsec - start.tv_nsec) / 1e6;
}

/* Return the integer (a pointer when POINTER) at byte OFF of REF (of
   type TYPE): REF itself, a member, an element; NULL_TREE when there is
   none.  */
static tree
integer_at (tree ref, tree type, long off, bool pointer = false)
{
  if (pointer ? POINTER_TYPE_P (type) : INTEGRAL_TYPE_P (type))
    return off == 0 ? ref : NULL_TREE;
  if (TREE_CODE (type) == RECORD_TYPE)
    {
      for (tree f = TYPE_FIELDS (type); f; f = DECL_CHAIN (f))
	{
	  if (TREE_CODE (f) != FIELD_DECL || DECL_BIT_FIELD (f)
	      || !tree_fits_shwi_p (byte_position (f))
	      || !DECL_SIZE_UNIT (f) || !tree_fits_shwi_p (DECL_SIZE_UNIT (f)))
	    continue;
	  long at = int_byte_position (f);
	  if (off >= at && off < at + tree_to_shwi (DECL_SIZE_UNIT (f)))
	    return integer_at (build3 (COMPONENT_REF, TREE_TYPE (f), ref, f,
				       NULL_TREE), TREE_TYPE (f), off - at,
			       pointer);
	}
      return NULL_TREE;
    }
  if (TREE_CODE (type) == ARRAY_TYPE)
    {
      tree elt = TREE_TYPE (type);
      tree size = TYPE_SIZE_UNIT (elt);
      if (!size || !tree_fits_shwi_p (size) || tree_to_shwi (size) <= 0)
	return NULL_TREE;
      long es = tree_to_shwi (size);
      return integer_at (build4 (ARRAY_REF, elt, ref,
				 build_int_cst (integer_type_node, off / es),
				 NULL_TREE, NULL_TREE), elt, off % es,
			 pointer);
    }
  return NULL_TREE;
}

/* Return what pointer PTR points to at byte *OFF, the element of the
   array it points into that holds it (*OFF is left the byte inside);
   NULL_TREE when its type has no size.  */
static tree
pointee_at (tree ptr, long *off)
{
  tree t = TREE_TYPE (TREE_TYPE (ptr));
  tree size = COMPLETE_TYPE_P (t) ? TYPE_SIZE_UNIT (t) : NULL_TREE;
  if (!size || !tree_fits_shwi_p (size) || tree_to_shwi (size) <= 0
      || *off < 0)
    return NULL_TREE;
  long es = tree_to_shwi (size), skip = *off / es * es;
  *off -= skip;
  return build_simple_mem_ref (skip ? fold_build_pointer_plus_hwi (ptr, skip)
			       : ptr);
}

/* Return the C text of REF, in INFO's arena.  */
static const char *
ref_text (sf_region_info *info, tree ref)
{
  char *t = print_generic_expr_to_str (ref);
  const char *r = sf_arena_strdup (&info->arena, t);
  free (t);
  return r;
}

/* Record in INFO the integers the checker bound to the annotation's
   extents (RES, over PROG), for the test at the region's entry: each
   one a variable from outside the region, or a member or element of
   one.  One the test cannot read is left out; return false when one is
   and the checker's verdict holds only at those values (RES->held).  */
static bool
record_bound (sf_region_info *info, const vf_prog *prog, const vf_result *res)
{
  info->nbound = 0;
  char text[400];
  int n = 0;
  text[0] = 0;
  for (int k = 0; k < res->nbound && info->nbound < 16; k++)
    {
      int var = res->bound_blk[k] - 1;
      if (var < 0 || var >= prog->nvars || !prog->vars[var].env
	  || !prog->vars[var].user)
	continue;
      tree decl = (tree) const_cast<void *> (prog->vars[var].user);
      int nd = res->bound_nderef[k];
      tree ref = integer_at (decl, TREE_TYPE (decl), res->bound_off[k],
			     nd > 0);
      for (int d = 0; ref && d < nd; d++)
	{
	  long off = res->bound_path[k][d];
	  tree obj = pointee_at (ref, &off);
	  ref = obj ? integer_at (obj, TREE_TYPE (obj), off, d + 1 < nd)
		: NULL_TREE;
	}
      if (!ref || (res->held && res->bound_idx[k] >= 0 && !info->guard_args))
	continue;
      int m = info->nbound++;
      info->bound_var[m] = ref;
      info->bound_idx[m] = res->bound_idx[k];
      info->bound_delta[m] = res->bound_delta[k];
      info->bound_ge[m] = res->bound_how[k] == VF_BOUND_GE;
      info->bound_alt[m] = res->bound_alt[k];
      if (n >= (int) sizeof text - 1)
	continue;
      n += snprintf (text + n, sizeof text - (size_t) n, "%s%s %s ",
		     n ? ", " : "", ref_text (info, ref),
		     info->bound_ge[m] ? ">=" : "==");
      if (res->bound_idx[k] < 0)
	{
	  /* held at a value */
	  n += snprintf (text + n, sizeof text - (size_t) n, "%ld",
			 res->bound_delta[k]);
	  continue;
	}
      n += snprintf (text + n, sizeof text - (size_t) n, "the extent of %s",
		     info->comp->index_names[res->bound_idx[k]]);
      for (int v = 0; v < info->comp->nindices; v++)
	if ((res->bound_alt[k] >> v & 1) && n < (int) sizeof text - 1)
	  n += snprintf (text + n, sizeof text - (size_t) n, " or of %s",
			 info->comp->index_names[v]);
      if (res->bound_delta[k] && n < (int) sizeof text - 1)
	n += snprintf (text + n, sizeof text - (size_t) n, " %+ld",
		       res->bound_delta[k]);
    }
  info->bound_text = info->nbound ? sf_arena_strdup (&info->arena, text)
		     : NULL;
  return !res->held || info->nbound == res->nbound;
}

static bool scan_after_seq (struct after_scan *a, gimple_seq seq);

/* What the scan after a region looks for: the output's declaration, the
   variables set from it (pointers into it), the first store through one
   of them.  */
struct after_scan
{
  hash_set<tree> derived;
  gimple *store;
};

/* walk_tree callback: return a variable of the set DATA holds.  */
static tree
find_derived (tree *tp, int *walk_subtrees, void *data)
{
  after_scan *a = (after_scan *) data;
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  return (DECL_P (*tp) || TREE_CODE (*tp) == SSA_NAME)
	 && a->derived.contains (*tp) ? *tp : NULL_TREE;
}

/* Follow the output through STMT into variables; return true at the
   first store into it (A->store).  */
static bool
scan_after_stmt (after_scan *a, gimple *stmt)
{
  if (gbind *bind = dyn_cast<gbind *> (stmt))
    return scan_after_seq (a, gimple_bind_body (bind));
  if (gimple_code (stmt) == GIMPLE_TRY)
    return scan_after_seq (a, gimple_try_eval (stmt));
  if (!is_gimple_assign (stmt) || gimple_clobber_p (stmt))
    return false;
  tree lhs = gimple_assign_lhs (stmt);
  bool from = false;
  for (unsigned i = 1; i < gimple_num_ops (stmt) && !from; i++)
    from = walk_tree (gimple_op_ptr (stmt, i), find_derived, a, NULL);
  if (DECL_P (lhs) || TREE_CODE (lhs) == SSA_NAME)
    {
      if (from)
	a->derived.add (lhs);
      return false;
    }
  tree base = get_base_address (lhs);
  if (base && (TREE_CODE (base) == MEM_REF
	       || TREE_CODE (base) == TARGET_MEM_REF))
    base = TREE_OPERAND (base, 0);
  if (base && walk_tree (&base, find_derived, a, NULL))
    {
      a->store = stmt;
      return true;
    }
  return false;
}

/* scan_after_stmt over the statements of SEQ.  */
static bool
scan_after_seq (after_scan *a, gimple_seq seq)
{
  for (gimple_stmt_iterator i = gsi_start (seq); !gsi_end_p (i); gsi_next (&i))
    if (scan_after_stmt (a, gsi_stmt (i)))
      return true;
  return false;
}

/* walk_tree callback: return the declaration whose DECL_UID is *DATA.  */
static tree
find_uid (tree *tp, int *walk_subtrees, void *data)
{
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  return DECL_P (*tp) && (int) DECL_UID (*tp) == *(int *) data ? *tp
	 : NULL_TREE;
}

/* Put into A->derived the declaration of DECL_UID UID if STMT (or a
   statement in it) names it.  */
static void
seed_output (after_scan *a, gimple *stmt, int uid)
{
  gimple_seq inner = NULL;
  if (gbind *bind = dyn_cast<gbind *> (stmt))
    inner = gimple_bind_body (bind);
  else if (gimple_code (stmt) == GIMPLE_TRY)
    inner = gimple_try_eval (stmt);
  else
    for (unsigned k = 0; k < gimple_num_ops (stmt); k++)
      if (tree d = walk_tree (gimple_op_ptr (stmt, k), find_uid, &uid, NULL))
	{
	  a->derived.add (d);
	  return;
	}
  for (gimple_stmt_iterator i = gsi_start (inner); !gsi_end_p (i)
       && a->derived.is_empty (); gsi_next (&i))
    seed_output (a, gsi_stmt (i), uid);
}

/* Return the last line STMT (and the statements in it) is on.  */
static int
last_line (gimple *stmt)
{
  int line = gimple_location (stmt) != UNKNOWN_LOCATION
	     && !is_gimple_debug (stmt)
	     ? LOCATION_LINE (gimple_location (stmt)) : 0;
  gimple_seq inner = NULL;
  if (gbind *bind = dyn_cast<gbind *> (stmt))
    inner = gimple_bind_body (bind);
  else if (gimple_code (stmt) == GIMPLE_TRY)
    inner = gimple_try_eval (stmt);
  for (gimple_stmt_iterator i = gsi_start (inner); !gsi_end_p (i);
       gsi_next (&i))
    line = MAX (line, last_line (gsi_stmt (i)));
  return line;
}

/* After the error that region INFO's statement (BEGIN to END) does not
   compute its annotation: when the code right after it stores into the
   output again (the annotation above the first of several statements, a
   zeroing loop then the sums, without braces), say where the statement
   ends and where the output is written again.  */
static void
note_written_after (const sf_region_info *info, gimple_stmt_iterator begin,
		    gimple_stmt_iterator end)
{
  if (info->out_uid < 0)
    return;
  after_scan a;
  a.store = NULL;
  /* The output's declaration: the one the region's statements name.  */
  for (gimple_stmt_iterator i = begin; gsi_stmt (i) != gsi_stmt (end)
       && a.derived.is_empty (); gsi_next (&i))
    seed_output (&a, gsi_stmt (i), info->out_uid);
  if (a.derived.is_empty ())
    return;
  gimple_stmt_iterator i = end;
  for (gsi_next (&i); !gsi_end_p (i); gsi_next (&i))
    if (scan_after_stmt (&a, gsi_stmt (i)))
      break;
  if (!a.store || gimple_location (a.store) == UNKNOWN_LOCATION)
    return;
  int last = LOCATION_LINE (info->loc);
  for (gimple_stmt_iterator k = begin; gsi_stmt (k) != gsi_stmt (end);
       gsi_next (&k))
    last = MAX (last, last_line (gsi_stmt (k)));
  const sf_comp *c = info->comp;
  const char *name = c->operands[c->lhs->operand].name;
  inform (gimple_location (a.store), "the annotated statement ends at line "
	  "%d, and %qs is written again after it, here: to annotate both, "
	  "put them in braces %<{ ... }%> under the pragma",
	  last, name);
}

/* Region INFO (BEGIN to END, in the function whose body is FN_BODY) was
   not verified (*RES): check it again with the pointers of the function
   set once, by a copy, before the region taken as holding that copy (a
   tidy loop's `rowptr = B->rowptr`, which the first run sees as an
   array from nowhere).  The second run's verdict, verified or wrong,
   replaces the first (*RES, its strings in ARENA), and when it holds the
   copies go into INFO for the region's entry to test again: the
   generated code reads B's members, the loop the copies.  A second run
   that cannot settle it either runs once more with the integers copied
   too (`nnz = B->nnz`, which the checker cannot bind to an extent), and
   only a verdict of verified is taken from that: with an integer fixed
   at its copy a difference may be one the program's data never shows
   (`n = B->ncols` over square matrices, which the first runs bind to the
   rows' extent with the test at the entry).  */
static void
verify_with_copies (gimple_stmt_iterator begin, gimple_stmt_iterator end,
		    sf_region_info *info, gimple_seq fn_body, sf_arena *arena,
		    const vf_options *opt, vf_result *res)
{
  vf_prog prog;
  auto_vec<tree> held_var, held_rhs;
  vf_result again;
  again.status = VF_UNVERIFIED;
  for (int copies = 1; copies <= 2 && again.status == VF_UNVERIFIED;
       copies++)
    {
      vf_prog_init (&prog, arena);
      held_var.truncate (0);
      held_rhs.truncate (0);
      vt_region (&prog, begin, end, fn_body, copies, &held_var, &held_rhs);
      unsigned n = held_var.length ();
      if (n == 0 || n > sizeof info->copy_var / sizeof *info->copy_var)
	continue;
      vf_check (&prog, info->comp, sf_format_table (), opt, &again);
      if (again.status == VF_UNVERIFIED)
	continue;
      again.sets_run += res->sets_run;
      again.steps += res->steps;
      if (again.status != VF_OK && copies > 1)
	return;
    }
  if (again.status == VF_UNVERIFIED)
    return;
  unsigned n = held_var.length ();
  if (again.status != VF_OK)
    {
      *res = again;
      return;
    }
  if (!record_bound (info, &prog, &again))
    {
      info->nbound = 0;
      return;
    }
  *res = again;
  char text[400];
  int len = 0;
  text[0] = 0;
  for (unsigned k = 0; k < n; k++)
    {
      info->copy_var[k] = held_var[k];
      info->copy_rhs[k] = held_rhs[k];
      if (len < (int) sizeof text - 1)
	len += snprintf (text + len, sizeof text - (size_t) len,
			 "%s'%s' == %s", k ? ", " : "",
			 ref_text (info, held_var[k]),
			 ref_text (info, held_rhs[k]));
    }
  info->ncopies = (int) n;
  info->copy_text = sf_arena_printf (&info->arena, "%s, as set before the region",
				     text);
}

/* Check the annotation of region INFO against its statements, from the
   begin marker at BEGIN to the end marker at END, in the function whose
   body is FN_BODY.  Returns false when the statement must stay: after an
   error (a wrong annotation; *WHY NULL), or under verify=strict when the
   checker cannot run it (*WHY the reason, for the caller's warning).  */
bool
sf_verify_region (gimple_stmt_iterator begin, gimple_stmt_iterator end,
		  sf_region_info *info, gimple_seq fn_body, const char **why)
{
  *why = NULL;
  if (sf_options.verify == SF_VERIFY_OFF || !info->comp)
    return true;
  if (info->comp->check)
    {
      /* The check clause compares the two at run time and keeps the
	 statement's result.  */
      if (dump_file)
	fprintf (dump_file, "sparsefuse: region %d verify: skipped: the "
		 "check clause compares at run time\n", info->id);
      return true;
    }
  struct timespec start;
  clock_gettime (CLOCK_MONOTONIC, &start);
  sf_arena arena;
  sf_arena_init (&arena);
  vf_prog prog;
  vf_prog_init (&prog, &arena);
  vt_region (&prog, begin, end, fn_body);
  vf_options opt = { 1, 0, 0, sf_format_count () };
  vf_result res;
  vf_check (&prog, info->comp, sf_format_table (), &opt, &res);
  bool keep = false;
  if (res.status == VF_OK && !record_bound (info, &prog, &res))
    {
      /* It holds at values the test at the entry cannot read (a member
	 of a struct a pointer points to): not verified, as without
	 them.  */
      info->nbound = 0;
      res.status = VF_UNVERIFIED;
    }
  if (info->nout_copies && !(res.status == VF_OK && !res.held))
    {
      /* The statement stores through a pointer into the output set
	 before it (passes/safety.cc): without the copy the checker sees
	 stores to an array from nowhere, and its verdict says nothing.  */
      info->nbound = 0;
      res.status = VF_UNVERIFIED;
      res.message = "the loop stores through a pointer into the output "
		    "set before it";
    }
  sf_arena arena2;
  sf_arena_init (&arena2);
  if (res.status == VF_UNVERIFIED)
    verify_with_copies (begin, end, info, fn_body, &arena2, &opt, &res);
  double ms = ms_since (start);
  if (dump_file)
    fprintf (dump_file, "sparsefuse: region %d verify: %s%s%s, %d sets, "
	     "%ld steps, %.2f ms\n", info->id,
	     res.status == VF_OK ? "verified"
	     : res.status == VF_UNVERIFIED ? "not verified" : "wrong",
	     res.status == VF_OK ? res.held ? " when " : "" : ": ",
	     res.status == VF_OK ? res.held ? res.binding : ""
	     : res.message ? res.message : "",
	     res.sets_run, res.steps, ms);
  if (dump_file && (dump_flags & TDF_DETAILS) && res.status == VF_OK
      && res.binding)
    fprintf (dump_file, "sparsefuse: region %d verify: bound %s\n",
	     info->id, res.binding);
  if (res.status == VF_OK && res.held)
    {
      /* Name the integers held at a value; the dump's guard line has
	 the extents too.  */
      char buf[400];
      int n = 0;
      buf[0] = 0;
      for (int k = 0; k < info->nbound && n < 300; k++)
	if (info->bound_idx[k] < 0)
	  n += snprintf (buf + n, sizeof buf - (size_t) n, "%s'%s' %s %ld",
			 n ? " and " : "", ref_text (info, info->bound_var[k]),
			 info->bound_ge[k] ? ">=" : "==",
			 info->bound_delta[k]);
      inform (info->loc, "the annotation holds only when %s: the region "
	      "tests it when it starts, and runs the loop otherwise", buf);
    }
  if (res.status == VF_MISMATCH || res.status == VF_OUT_OF_BOUNDS)
    {
      error_at (info->loc, "%s", res.message);
      inform (info->loc, "on the inputs %s", res.inputs ? res.inputs : "");
      if (res.status == VF_MISMATCH)
	note_written_after (info, begin, end);
      keep = true;
      *why = NULL;
    }
  else if (res.status == VF_UNVERIFIED)
    {
      char buf[400];
      snprintf (buf, sizeof buf, "annotation not verified: %s", res.message);
      if (sf_options.verify == SF_VERIFY_STRICT)
	{
	  *why = ggc_strdup (buf);
	  keep = true;
	}
      else if (info->omp_enclosed || sf_omp_workshared_p (info->omp_mode))
	{
	  /* Its first-run check (passes/first-run.cc) would run in each
	     thread, on the output the team shares.  */
	  char buf2[560];
	  snprintf (buf2, sizeof buf2, "%s, and in an OpenMP construct or a "
		    "work-shared loop it cannot be checked when it first "
		    "runs (each thread would check it)", buf);
	  *why = ggc_strdup (buf2);
	  keep = true;
	}
      else if (!sf_first_run_p (info))
	{
	  char buf2[560];
	  snprintf (buf2, sizeof buf2, "%s, and its output cannot be copied "
		    "to check it when it first runs", buf);
	  *why = ggc_strdup (buf2);
	  keep = true;
	}
      else
	{
	  info->unverified = true;
	  inform (info->loc, "%s; the region compares its code with the "
		  "statement when it first runs", buf);
	}
    }
  sf_arena_free (&arena);
  sf_arena_free (&arena2);
  return !keep;
}
