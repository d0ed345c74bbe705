/* The workspaces of a region (work.h): which ones the code really has.

     work[0] w (var 7), work[1] w (var 7, made again by a retried nest)
     sf_work_live (r, work, 2, 0) = 0, (.., 1) = 1: the last one counts  */

#include "ir/work.h"

int
sf_work_live (const sf_region *r, const sf_work *work, int nwork, int w)
{
  int var = work[w].var;
  if (var >= r->nvars || !r->vars[var].is_array)
    return 0;
  for (int u = w + 1; u < nwork; u++)
    if (work[u].var == var)
      return 0;
  return 1;
}

/* Return nonzero when expression E reads array variable VAR.  */
static int
sf_ir_expr_uses (const sf_ir_expr *e, int var)
{
  if (!e)
    return 0;
  if (e->op == SF_IR_ALOAD && e->var == var)
    return 1;
  return sf_ir_expr_uses (e->a, var) || sf_ir_expr_uses (e->b, var)
	 || sf_ir_expr_uses (e->c, var);
}

int
sf_ir_uses_array (const sf_ir_stmt *s, int var)
{
  for (; s; s = s->next)
    if ((s->kind == SF_IR_ASTORE && s->var == var)
	|| sf_ir_expr_uses (s->a, var) || sf_ir_expr_uses (s->b, var)
	|| sf_ir_uses_array (s->body, var)
	|| sf_ir_uses_array (s->else_body, var))
      return 1;
  return 0;
}

int
sf_work_in (const sf_region *r, const sf_work *work, int nwork, int w,
	    const sf_ir_stmt *body)
{
  return sf_work_live (r, work, nwork, w)
	 && sf_ir_uses_array (body, work[w].var);
}
