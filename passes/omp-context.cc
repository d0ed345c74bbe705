/* The OpenMP context of each region (SPEC 1.6), found before any region
   is replaced.

     #pragma omp parallel                  region 1: enclosed in a parallel
     {                                     region, work-shared by its own
     #pragma tensor W(j) = A(j,k) * P(k)   'omp for': SF_OMP_WORKSHARE
     #pragma omp for private(sum, k)
       for (j = 1; j <= n; j++) ...
     #pragma tensor Q(j) = A(j,k) * W(k)   region 2: enclosed, no directive:
       for (j = 1; j <= n; j++) ...        each thread runs it whole,
     }                                     SF_OMP_SERIAL

   1. Walk the function body; inside the body of an OpenMP construct, note
      the innermost construct that encloses each begin marker.
   2. Look at the region's own statement (the first one after its begin
      marker): a combined 'parallel for' keeps its team (SF_OMP_TEAM, or
      SF_OMP_SERIAL when already inside a parallel region), an 'omp for'
      is work-shared (SF_OMP_WORKSHARE, also when orphaned: the team is
      whichever calls the function), an 'omp simd' changes nothing.
   3. What cannot be honoured is a reason to keep the statement, naming
      the directive: another construct as the region's statement, or a
      region inside 'target' or 'simd' code.  */

#include "sf-plugin.h"

/* The walk's state: the innermost enclosing construct's directive, or
   NULL outside any.  */
struct omp_walk
{
  const char *enclosing;
  bool forbidden;		/* inside target or simd code */
};

/* Return the directive of OpenMP statement STMT as a user writes it.  */
static const char *
directive_name (const gimple *stmt)
{
  switch (gimple_code (stmt))
    {
    case GIMPLE_OMP_PARALLEL:
      return gimple_omp_parallel_combined_p (stmt) ? "omp parallel for"
	     : "omp parallel";
    case GIMPLE_OMP_FOR:
      switch (gimple_omp_for_kind (stmt))
	{
	case GF_OMP_FOR_KIND_FOR: return "omp for";
	case GF_OMP_FOR_KIND_SIMD: return "omp simd";
	case GF_OMP_FOR_KIND_DISTRIBUTE: return "omp distribute";
	case GF_OMP_FOR_KIND_TASKLOOP: return "omp taskloop";
	default: return "omp loop";
	}
    case GIMPLE_OMP_TASK: return "omp task";
    case GIMPLE_OMP_SECTIONS: return "omp sections";
    case GIMPLE_OMP_SECTION: return "omp section";
    case GIMPLE_OMP_SINGLE: return "omp single";
    case GIMPLE_OMP_MASTER: return "omp master";
    case GIMPLE_OMP_MASKED: return "omp masked";
    case GIMPLE_OMP_CRITICAL: return "omp critical";
    case GIMPLE_OMP_ORDERED: return "omp ordered";
    case GIMPLE_OMP_TARGET: return "omp target";
    case GIMPLE_OMP_TEAMS: return "omp teams";
    case GIMPLE_OMP_TASKGROUP: return "omp taskgroup";
    case GIMPLE_OMP_SCOPE: return "omp scope";
    default: return "omp";
    }
}

/* Return true when code enclosed by STMT's body may not be replaced at
   all (offloaded code, or the body of a simd loop).  */
static bool
forbidding_p (const gimple *stmt)
{
  return gimple_code (stmt) == GIMPLE_OMP_TARGET
	 || (gimple_code (stmt) == GIMPLE_OMP_FOR
	     && gimple_omp_for_kind (stmt) == GF_OMP_FOR_KIND_SIMD);
}

/* Return the first OpenMP construct from I on, looking into binds (the
   scope of i in "for (int i = ...)" under a directive), when only
   assignments come before it (the gimplifier evaluates a work-sharing
   loop's bounds, B->n, before the construct); else NULL.  */
static gimple *
first_construct (gimple_stmt_iterator i)
{
  for (; !gsi_end_p (i); gsi_next (&i))
    {
      gimple *stmt = gsi_stmt (i);
      if (is_gimple_omp (stmt))
	return stmt;
      if (gbind *bind = dyn_cast<gbind *> (stmt))
	{
	  gimple_seq body = gimple_bind_body (bind);
	  return first_construct (gsi_start (body));
	}
      if (gimple_code (stmt) != GIMPLE_ASSIGN && !is_gimple_debug (stmt))
	return NULL;
    }
  return NULL;
}

/* Return the OpenMP construct that is the statement of the region whose
   begin marker is at GSI, or NULL (the end marker, a call, stops the
   search).  */
static gimple *
own_statement (gimple_stmt_iterator gsi)
{
  gsi_next (&gsi);
  return first_construct (gsi);
}

/* Set the OpenMP fields of region INFO, whose begin marker is at GSI,
   enclosed by the construct ENCLOSING (NULL: none).  */
static void
classify (sf_region_info *info, gimple_stmt_iterator gsi,
	  const char *enclosing, bool forbidden)
{
  info->omp_mode = enclosing ? SF_OMP_SERIAL : SF_OMP_TEAM;
  info->omp_enclosed = enclosing != NULL;
  info->omp_why = NULL;
  info->omp_why_inside = false;
  info->omp_own = false;
  if (forbidden)
    {
      info->omp_why = enclosing;
      info->omp_why_inside = true;
      return;
    }
  gimple *own = own_statement (gsi);
  if (!own)
    return;
  info->omp_own = true;
  if (gimple_code (own) == GIMPLE_OMP_PARALLEL
      && gimple_omp_parallel_combined_p (own))
    return;
  if (gimple_code (own) == GIMPLE_OMP_FOR
      && gimple_omp_for_kind (own) == GF_OMP_FOR_KIND_SIMD)
    return;
  if (gimple_code (own) == GIMPLE_OMP_FOR
      && gimple_omp_for_kind (own) == GF_OMP_FOR_KIND_FOR)
    {
      info->omp_mode = omp_find_clause (gimple_omp_for_clauses (own),
					OMP_CLAUSE_NOWAIT)
		       ? SF_OMP_WORKSHARE_NOWAIT : SF_OMP_WORKSHARE;
      return;
    }
  info->omp_why = directive_name (own);
}

/* walk_gimple_seq callback: classify the regions of begin markers; walk
   the bodies of OpenMP constructs with the construct as the enclosing
   one (WI->info is the omp_walk).  */
static tree
visit (gimple_stmt_iterator *gsi, bool *handled, struct walk_stmt_info *wi)
{
  omp_walk *w = (omp_walk *) wi->info;
  gimple *stmt = gsi_stmt (*gsi);
  int id;
  if (sf_marker_gimple_p (stmt, true, &id))
    {
      if (sf_region_info *info = sf_region_get (id))
	classify (info, *gsi, w->enclosing, w->forbidden);
      return NULL_TREE;
    }
  if (!is_gimple_omp (stmt) || !gimple_has_substatements (stmt))
    return NULL_TREE;
  omp_walk inner = *w;
  inner.enclosing = directive_name (stmt);
  inner.forbidden |= forbidding_p (stmt);
  struct walk_stmt_info iwi;
  memset (&iwi, 0, sizeof iwi);
  iwi.info = &inner;
  walk_gimple_seq (gimple_omp_body (stmt), visit, NULL, &iwi);
  *handled = true;
  return NULL_TREE;
}

/* Classify every region of function body BODY.  */
void
sf_omp_classify_regions (gimple_seq body)
{
  omp_walk w = { NULL, false };
  struct walk_stmt_info wi;
  memset (&wi, 0, sizeof wi);
  wi.info = &w;
  walk_gimple_seq (body, visit, NULL, &wi);
}

/* Return the OpenMP statement that is the region's own statement in
   [BEGIN, END) (the begin marker at BEGIN), or NULL.  */
gimple *
sf_omp_own_statement (gimple_stmt_iterator begin)
{
  return own_statement (begin);
}
