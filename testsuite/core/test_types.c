/* Tests of the value types (front/ast.h): sf_ty_wider against the type C
   itself gives a binary operation, for every pair of value types, with
   C's _Generic as the oracle; the sizes and signedness helpers.

     sf_ty_wider (SF_TY_U8, SF_TY_U8)    -> SF_TY_I32   (promotions)
     sf_ty_wider (SF_TY_I64, SF_TY_U32)  -> SF_TY_I64   (long holds unsigned)
     sf_ty_wider (SF_TY_I32, SF_TY_F32)  -> SF_TY_F32  */

#include <stdint.h>
#include "core_test.h"

/* The core type of the C type of expression X.  */
#define TY_OF(X)							\
  _Generic ((X), signed char: SF_TY_I8, unsigned char: SF_TY_U8,	\
	    short: SF_TY_I16, unsigned short: SF_TY_U16,		\
	    int: SF_TY_I32, unsigned: SF_TY_U32, long: SF_TY_I64,		\
	    unsigned long: SF_TY_U64, float: SF_TY_F32, double: SF_TY_F64,	\
	    default: SF_TY_VOID)

#define ROW(T)								\
  { TY_OF ((T) 0), { TY_OF ((T) 0 * (signed char) 0),			\
		     TY_OF ((T) 0 * (unsigned char) 0),			\
		     TY_OF ((T) 0 * (short) 0),				\
		     TY_OF ((T) 0 * (unsigned short) 0),			\
		     TY_OF ((T) 0 * (int) 0), TY_OF ((T) 0 * (unsigned) 0),	\
		     TY_OF ((T) 0 * (long) 0),				\
		     TY_OF ((T) 0 * (unsigned long) 0),			\
		     TY_OF ((T) 0 * (float) 0), TY_OF ((T) 0 * (double) 0) } }

typedef struct ty_row
{
  sf_ty a;
  sf_ty with[10];		/* a * each of ty_cols */
} ty_row;

static const sf_ty ty_cols[10] = {
  SF_TY_I8, SF_TY_U8, SF_TY_I16, SF_TY_U16, SF_TY_I32, SF_TY_U32,
  SF_TY_I64, SF_TY_U64, SF_TY_F32, SF_TY_F64
};

/* sf_ty_wider of every pair of value types is C's type of their
   product.  */
static void
test_types_wider (void)
{
  static const ty_row rows[] = {
    ROW (signed char), ROW (unsigned char), ROW (short),
    ROW (unsigned short), ROW (int), ROW (unsigned), ROW (long),
    ROW (unsigned long), ROW (float), ROW (double)
  };
  char *why = NULL;
  for (int r = 0; r < 10 && !why; r++)
    for (int c = 0; c < 10 && !why; c++)
      if (sf_ty_wider (rows[r].a, ty_cols[c]) != rows[r].with[c])
	why = test_format ("sf_ty_wider (%d, %d) is %d, C says %d",
			   rows[r].a, ty_cols[c],
			   sf_ty_wider (rows[r].a, ty_cols[c]),
			   rows[r].with[c]);
  test_report ("core/types/wider-is-c", why);
}

/* VOID (a number) takes the other's type; INDEX is a long; BOOL and
   INDEX keep their order.  */
static void
test_types_special (void)
{
  char *why = NULL;
  if (sf_ty_wider (SF_TY_VOID, SF_TY_U8) != SF_TY_U8
      || sf_ty_wider (SF_TY_F32, SF_TY_VOID) != SF_TY_F32)
    why = test_format ("VOID does not take the other type");
  else if (sf_ty_wider (SF_TY_INDEX, SF_TY_INDEX) != SF_TY_INDEX
	   || sf_ty_wider (SF_TY_BOOL, SF_TY_INDEX) != SF_TY_INDEX)
    why = test_format ("INDEX arithmetic is not INDEX");
  else if (sf_ty_wider (SF_TY_INDEX, SF_TY_U32) != SF_TY_I64
	   || sf_ty_wider (SF_TY_INDEX, SF_TY_U64) != SF_TY_U64
	   || sf_ty_wider (SF_TY_INDEX, SF_TY_F32) != SF_TY_F32)
    why = test_format ("INDEX with a value type is not a long's");
  test_report ("core/types/void-index", why);
}

/* Sizes, signedness and sf_ty_int_of agree with C's types.  */
static void
test_types_sizes (void)
{
  static const struct { sf_ty ty; int bytes, uns; } t[] = {
    { SF_TY_I8, sizeof (signed char), 0 }, { SF_TY_U8, 1, 1 },
    { SF_TY_I16, sizeof (short), 0 }, { SF_TY_U16, 2, 1 },
    { SF_TY_I32, sizeof (int), 0 }, { SF_TY_U32, 4, 1 },
    { SF_TY_I64, sizeof (long), 0 }, { SF_TY_U64, 8, 1 },
    { SF_TY_F32, sizeof (float), 0 }, { SF_TY_F64, sizeof (double), 0 },
  };
  char *why = NULL;
  for (size_t k = 0; k < sizeof t / sizeof t[0] && !why; k++)
    if (sf_ty_bytes (t[k].ty) != t[k].bytes
	|| sf_ty_is_unsigned (t[k].ty) != t[k].uns
	|| (sf_ty_is_int (t[k].ty)
	    && sf_ty_int_of (t[k].bytes, t[k].uns) != t[k].ty)
	|| sf_ty_is_value (t[k].ty) != 1
	|| sf_ty_is_float (t[k].ty) != (k >= 8))
      why = test_format ("type %d: %d bytes, unsigned %d", t[k].ty,
			 sf_ty_bytes (t[k].ty), sf_ty_is_unsigned (t[k].ty));
  if (!why && (sf_ty_is_value (SF_TY_INDEX) || sf_ty_is_value (SF_TY_BOOL)
	       || sf_ty_int_of (3, 0) != SF_TY_VOID))
    why = test_format ("INDEX, BOOL or a 3-byte integer is a value type");
  test_report ("core/types/sizes", why);
}

void
test_types_suite (void)
{
  test_types_wider ();
  test_types_special ();
  test_types_sizes ();
}
