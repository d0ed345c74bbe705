/* t_tns.c: FROSTT reader tests.

     KG_JF17K_3_ids_1based.tns   order 3, 34544 entries, extents
                                 104 x 11540 x 11541, first entry
                                 (8,2330,3959) = 2200; 15563 distinct
                                 coordinates once repeats are summed
     crafted "1 2\n1 2 3 4\n"    order 1 then 3 fields: rejected, line 2  */

#include "harness.h"

#include <stdio.h>
#include <string.h>

/* Expected shape of the data tensors.  */
static const struct
{
  const char *file;
  int order;
  int64_t nnz, distinct, dims[4];
  int first[4];
  double first_value;
} tensors[] = {
  { "KG_JF17K_3_ids_1based.tns", 3, 34544, 15563, { 104, 11540, 11541 },
    { 8, 2330, 3959 }, 2200 },
  { "KG_JF17K_4_ids_1based.tns", 4, 9509, 8552, { 23, 6536, 6519, 6523 },
    { 23, 1652, 4410, 4870 }, 1704 },
};

/* Check data tensor I: shape, first entry, and distinct count via CSF.  */
static void
data_tensor (int i)
{
  char name[128], why[1200] = "";
  snprintf (name, sizeof name, "tns/data/%s", tensors[i].file);
  sf_coo a;
  sf_csf c;
  sf_error err;
  memset (&c, 0, sizeof c);
  int rc = sf_read_tns (t_data ("tensors", tensors[i].file), &a, &err);
  int ok = !rc && a.order == tensors[i].order && a.nnz == tensors[i].nnz
           && a.vals[0] == tensors[i].first_value;
  for (int m = 0; ok && m < a.order; m++)
    ok = a.dims[m] == tensors[i].dims[m]
         && a.crd[m][0] == tensors[i].first[m] - 1;
  if (ok && (rc = sf_coo_to_csf (&a, NULL, &c, &err)) == 0)
    ok = c.nnz == tensors[i].distinct && sf_check_csf (&c, &err) == 0;
  if (!ok)
    snprintf (why, sizeof why, "rc %d %s; order %d, nnz %lld, csf nnz %lld",
              rc, rc ? err.message : "", a.order, (long long) a.nnz,
              (long long) c.nnz);
  t_result (name, ok, "%s", why);
  sf_csf_free (&c);
  sf_coo_free (&a);
}

/* A crafted .tns file: text, order and extents given (0/NULL: infer),
   expected code, line, message part, order and entries.  */
static const struct
{
  const char *name, *text;
  int order;
  int64_t dims[3];
  int code, line;
  const char *substr;
  int64_t nnz;
} crafted[] = {
  { "comments-blank-crlf", "# c\r\n\r\n1 2 3 0.5\r\n# d\n2 1 1 -1\n", 0,
    { 0 }, 0, 0, "", 2 },
  { "order-given", "1 1 1\n", 2, { 0 }, 0, 0, "", 1 },
  { "empty-order-given", "# nothing\n", 3, { 2, 2, 2 }, 0, 0, "", 0 },
  { "empty-inferred", "", 0, { 0 }, SF_ERR_FORMAT, 0, "no entries", 0 },
  { "fields-change", "1 2\n1 2 3 4\n", 0, { 0 }, SF_ERR_FORMAT, 2,
    "unexpected '3'", 0 },
  { "fields-missing", "1 2 3 4\n1 2 3\n", 0, { 0 }, SF_ERR_FORMAT, 2,
    "lacks its value", 0 },
  { "too-few-fields", "7\n", 0, { 0 }, SF_ERR_FORMAT, 1, "fields", 0 },
  { "coordinate-zero", "1 0 1 1\n", 0, { 0 }, SF_ERR_RANGE, 1,
    "coordinate 2 = 0 out of range", 0 },
  { "coordinate-text", "1 x 1 1\n", 0, { 0 }, SF_ERR_FORMAT, 1,
    "'x' is not an integer", 0 },
  { "coordinate-beyond-given", "1 1 1\n2 3 1\n", 2, { 2, 2 }, SF_ERR_RANGE,
    2, "coordinate 2 = 3 out of range 1..2", 0 },
  { "coordinate-huge", "1 3000000000 1\n", 0, { 0 }, SF_ERR_RANGE, 1,
    "out of range", 0 },
  { "value-garbage", "1 1 1 abc\n", 0, { 0 }, SF_ERR_FORMAT, 1,
    "'abc' is not a number", 0 },
  { "value-overflow", "1 1 1 1e400\n", 0, { 0 }, SF_ERR_RANGE, 1,
    "1e400", 0 },
};

/* Check each crafted file.  */
static void
crafted_files (void)
{
  for (size_t i = 0; i < sizeof crafted / sizeof crafted[0]; i++)
    {
      char name[128], file[128], at[32];
      snprintf (name, sizeof name, "tns/%s/%s",
                crafted[i].code ? "reject" : "accept", crafted[i].name);
      snprintf (file, sizeof file, "tns-%s.tns", crafted[i].name);
      const char *path = t_tmp (file);
      t_write_file (path, crafted[i].text, strlen (crafted[i].text));
      sf_coo a;
      sf_error err;
      int rc = sf_read_tns_ex (path, crafted[i].order,
                               crafted[i].dims[0] ? crafted[i].dims : NULL,
                               &a, &err);
      snprintf (at, sizeof at, ":%d: ", crafted[i].line);
      int ok = rc == crafted[i].code
               && (rc ? strstr (err.message, file)
                          && (!crafted[i].line || strstr (err.message, at))
                          && strstr (err.message, crafted[i].substr)
                      : a.nnz == crafted[i].nnz);
      t_result (name, ok, "rc %d, expected %d; %s; nnz %lld", rc,
                crafted[i].code, rc ? err.message : "", (long long) a.nnz);
      sf_coo_free (&a);
    }
  sf_coo a;
  sf_error err;
  int rc = sf_read_tns (t_tmp ("no-such.tns"), &a, &err);
  t_result ("tns/reject/missing-file", rc == SF_ERR_IO
                                         && strstr (err.message, "no-such"),
            "rc %d %s", rc, err.message);
}

void
t_tns (void)
{
  crafted_files ();
  if (!t.data)
    {
      t_unsupported ("tns/data", "no data");
      return;
    }
  for (size_t i = 0; i < sizeof tensors / sizeof tensors[0]; i++)
    data_tensor ((int) i);
}
