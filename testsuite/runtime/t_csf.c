/* t_csf.c: COO -> CSF in every order-3 mode order and several order-4
   ones, against the independent reference.

     random 20 x 30 x 40, 3000 entries with repeats, mode order {1, 2, 0}
       -> sf_check_csf passes; walking the levels gives (j, k, i, value)
          tuples equal to the reference sorted by modes 1, 2, 0 with
          repeats summed; sf_csf_to_coo gives the same list back
     also the JF17K tensors of the data folder, orders 1, 2, 5 and 8, an
     empty tensor, and refused mode orders.  */

#include "harness.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Append the leaves under position P of level L of A to R, with the
   coordinates of the levels above in CUR.  */
static void
walk (const sf_csf *a, int l, int64_t p, int32_t *cur, t_tuples *r)
{
  for (sf_pos_t q = a->pos[l][p]; q < a->pos[l][p + 1]; q++)
    {
      cur[l] = a->crd[l][q];
      if (l + 1 < a->order)
        {
          walk (a, l + 1, q, cur, r);
          continue;
        }
      memcpy (r->crd + r->n * a->order, cur, (size_t) a->order * 4);
      r->vals[r->n++] = a->vals[q];
    }
}

/* Convert A to CSF with MODE_ORDER and check it against the reference;
   report as NAME.  */
static void
csf_case (const char *name, const sf_coo *a, const int *mode_order)
{
  char test[256], why[512] = "";
  snprintf (test, sizeof test, "csf/%s/", name);
  for (int l = 0; l < a->order; l++)
    snprintf (test + strlen (test), 8, "%d", mode_order[l]);
  t_tuples ref, got = { a->order, 0, NULL, NULL }, back;
  t_reference (a, mode_order, &ref);
  sf_csf c;
  sf_coo b;
  sf_error err;
  memset (&b, 0, sizeof b);
  int rc = sf_coo_to_csf (a, mode_order, &c, &err);
  if (!rc)
    rc = sf_check_csf (&c, &err);
  int ok = !rc;
  if (ok)
    {
      int32_t cur[SF_MAX_ORDER];
      got.crd = malloc ((size_t) (c.nnz + 1) * (size_t) a->order * 4);
      got.vals = malloc ((size_t) (c.nnz + 1) * sizeof (double));
      walk (&c, 0, 0, cur, &got);
      ok = t_tuples_equal (&got, &ref, why, sizeof why);
    }
  if (ok && !(rc = sf_csf_to_coo (&c, &b, &err)))
    {
      t_reference (&b, mode_order, &back);
      ok = t_tuples_equal (&back, &ref, why, sizeof why);
      t_tuples_free (&back);
    }
  t_result (test, ok && !rc, "rc %d %s %s", rc, rc ? err.message : "", why);
  t_tuples_free (&got);
  t_tuples_free (&ref);
  sf_coo_free (&b);
  sf_csf_free (&c);
}

static const int orders3[6][3] = { { 0, 1, 2 }, { 0, 2, 1 }, { 1, 0, 2 },
                                   { 1, 2, 0 }, { 2, 0, 1 }, { 2, 1, 0 } };
static const int orders4[5][4] = { { 0, 1, 2, 3 }, { 3, 2, 1, 0 },
                                   { 2, 0, 3, 1 }, { 1, 3, 0, 2 },
                                   { 3, 0, 1, 2 } };

/* All order-3 and the chosen order-4 mode orders of the random tensors
   and the data tensors.  */
static void
mode_orders (void)
{
  int64_t d3[3] = { 20, 30, 40 }, d4[4] = { 7, 9, 11, 13 };
  sf_coo a;
  t_random_coo (3, d3, 3000, 4, 11, &a);
  for (int i = 0; i < 6; i++)
    csf_case ("random3", &a, orders3[i]);
  sf_coo_free (&a);
  t_random_coo (4, d4, 2000, 4, 12, &a);
  for (int i = 0; i < 5; i++)
    csf_case ("random4", &a, orders4[i]);
  sf_coo_free (&a);
  if (!t.data)
    {
      t_unsupported ("csf/jf17k", "no data");
      return;
    }
  sf_error err;
  if (sf_read_tns (t_data ("tensors", "KG_JF17K_3_ids_1based.tns"), &a,
                   &err) == 0)
    for (int i = 0; i < 6; i++)
      csf_case ("jf17k3", &a, orders3[i]);
  sf_coo_free (&a);
  if (sf_read_tns (t_data ("tensors", "KG_JF17K_4_ids_1based.tns"), &a,
                   &err) == 0)
    for (int i = 0; i < 5; i++)
      csf_case ("jf17k4", &a, orders4[i]);
  sf_coo_free (&a);
}

/* Other orders, an empty tensor and refused mode orders.  */
static void
other_orders (void)
{
  static const int o1[1] = { 0 }, o2[2] = { 1, 0 }, o5[5] = { 4, 2, 0, 1, 3 };
  static const int o8[8] = { 7, 6, 5, 4, 3, 2, 1, 0 };
  int64_t d1[1] = { 50 }, d2[2] = { 30, 20 }, d5[5] = { 3, 4, 5, 6, 7 };
  int64_t d8[8] = { 2, 3, 2, 3, 2, 3, 2, 3 }, d3[3] = { 4, 5, 6 };
  sf_coo a;
  t_random_coo (1, d1, 80, 3, 21, &a);
  csf_case ("order1", &a, o1);
  sf_coo_free (&a);
  t_random_coo (2, d2, 300, 3, 22, &a);
  csf_case ("order2", &a, o2);
  sf_coo_free (&a);
  t_random_coo (5, d5, 900, 3, 23, &a);
  csf_case ("order5", &a, o5);
  sf_coo_free (&a);
  t_random_coo (8, d8, 900, 3, 24, &a);
  csf_case ("order8", &a, o8);
  sf_coo_free (&a);
  t_random_coo (3, d3, 0, 0, 25, &a);
  csf_case ("empty3", &a, orders3[3]);
  sf_coo_free (&a);
  t_random_coo (3, d3, 1, 0, 26, &a);
  static const int bad1[3] = { 0, 0, 1 }, bad2[3] = { 0, 1, 3 };
  sf_csf c;
  sf_error err;
  int rc = sf_coo_to_csf (&a, bad1, &c, &err);
  t_result ("csf/reject/repeated-mode", rc == SF_ERR_INVALID
                                          && c.pos[0] == NULL,
            "rc %d", rc);
  rc = sf_coo_to_csf (&a, bad2, &c, &err);
  t_result ("csf/reject/mode-out-of-range", rc == SF_ERR_INVALID,
            "rc %d", rc);
  a.order = 9;
  rc = sf_coo_to_csf (&a, NULL, &c, &err);
  a.order = 3;
  t_result ("csf/reject/order-9", rc == SF_ERR_INVALID, "rc %d", rc);
  sf_coo_free (&a);
}

void
t_csf (void)
{
  mode_orders ();
  other_orders ();
}
