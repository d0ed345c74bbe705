/* The #pragma tensor handler: GCC's pragma tokens in, checked regions out.

     #pragma tensor y(i) = B(i,j) * x(j)
       tokens  y ( i ) = B ( i , j ) * x ( j ) EOF   (with their locations)
       core    parse -> resolve names here -> check -> lower
       out     __sparsefuse_region_begin (ID, params...) added to the
               current statement list; the GIMPLE pass does the rest.

   Diagnostics of the core name a token; we put the caret on that token's
   location.  A pragma with errors adds nothing, so the statement after it
   compiles as written.  */

#include "sf-plugin.h"

/* Return the text of number token VALUE, allocated in ARENA.  */
static const char *
number_text (sf_arena *arena, tree value)
{
  char buf[64];
  if (TREE_CODE (value) == INTEGER_CST && tree_fits_shwi_p (value))
    snprintf (buf, sizeof buf, HOST_WIDE_INT_PRINT_DEC, tree_to_shwi (value));
  else if (TREE_CODE (value) == REAL_CST)
    real_to_decimal (buf, TREE_REAL_CST_PTR (value), sizeof buf, 0, 1);
  else
    snprintf (buf, sizeof buf, "?");
  return sf_arena_strdup (arena, buf);
}

/* Return the spelling of punctuator TYPE that the core understands, or
   NULL.  */
static const char *
punct_text (enum cpp_ttype type)
{
  switch (type)
    {
    case CPP_OPEN_PAREN: return "(";
    case CPP_CLOSE_PAREN: return ")";
    case CPP_OPEN_SQUARE: return "[";
    case CPP_CLOSE_SQUARE: return "]";
    case CPP_COMMA: return ",";
    case CPP_COLON: return ":";
    case CPP_DOT: return ".";
    case CPP_DEREF: return "->";
    case CPP_EQ: return "=";
    case CPP_PLUS_EQ: return "+=";
    case CPP_PLUS: return "+";
    case CPP_MINUS: return "-";
    case CPP_MULT: return "*";
    case CPP_DIV: return "/";
    case CPP_LESS: return "<";
    case CPP_LESS_EQ: return "<=";
    case CPP_GREATER: return ">";
    case CPP_GREATER_EQ: return ">=";
    case CPP_EQ_EQ: return "==";
    default: return NULL;
    }
}

/* Read the rest of the pragma line into TOKS and LOCS (ending with EOF).  */
static void
lex_pragma (sf_arena *arena, vec<sf_token> *toks, vec<location_t> *locs)
{
  for (;;)
    {
      tree value = NULL_TREE;
      location_t loc = UNKNOWN_LOCATION;
      enum cpp_ttype type = pragma_lex (&value, &loc);
      sf_token tok;
      if (type == CPP_EOF)
	{
	  tok.kind = SF_TOK_EOF, tok.text = "end of line";
	  loc = locs->is_empty () ? input_location : locs->last ();
	}
      else if (type == CPP_NAME)
	tok.kind = SF_TOK_IDENT, tok.text = IDENTIFIER_POINTER (value);
      else if (type == CPP_NUMBER)
	tok.kind = SF_TOK_NUMBER, tok.text = number_text (arena, value);
      else if (const char *p = punct_text (type))
	tok.kind = SF_TOK_PUNCT, tok.text = p;
      else
	tok.kind = SF_TOK_OTHER, tok.text = cpp_type2name (type, 0);
      toks->safe_push (tok);
      locs->safe_push (loc);
      if (type == CPP_EOF)
	return;
    }
}

/* Report DIAGS, each at the location of its token in LOCS (FALLBACK when
   it names none).  */
void
sf_report_diags (const sf_diags *diags, const location_t *locs, int nlocs,
		 location_t fallback)
{
  for (int i = 0; i < diags->n; i++)
    {
      const sf_diag *d = &diags->v[i];
      location_t loc = d->tok >= 0 && d->tok < nlocs ? locs[d->tok] : fallback;
      if (d->severity == SF_SEV_ERROR)
	error_at (loc, "%s", d->message);
      else if (d->severity == SF_SEV_WARNING)
	{
	  if (!sf_options.quiet)
	    warning_at (loc, 0, "%s", d->message);
	}
      else
	inform (loc, "%s", d->message);
    }
}

/* Handle a format declaration F at file scope.  */
static void
handle_format (const sf_format *f, location_t loc, const location_t *locs,
	       int nlocs)
{
  if (current_function_decl)
    {
      error_at (loc, "%<#pragma tensor format%> must appear at file scope");
      return;
    }
  sf_diags diags;
  sf_diags_init (&diags);
  int bad = sf_check_format (f, &diags);
  sf_report_diags (&diags, locs, nlocs, loc);
  sf_diags_free (&diags);
  if (!bad)
    sf_format_register (f, loc, locs, nlocs);
}

/* Return the region's lowering options: -fopenmp, the schedule clause and
   its command-line override.  */
static sf_lower_options
lower_options (const sf_comp *comp)
{
  sf_lower_options o;
  o.openmp = flag_openmp;
  o.schedule = sf_options.has_schedule ? sf_options.schedule : comp->schedule;
  return o;
}

/* Record in INFO what the safety check needs to know about the output of
   COMP (declaration DECL).  */
static void
record_output (sf_region_info *info, const sf_comp *comp, tree decl)
{
  const sf_operand *out = &comp->operands[comp->lhs->operand];
  info->out_uid = DECL_UID (decl);
  if (out->kind == SF_OPERAND_SPARSE)
    {
      info->out_field = sf_format_table ()[out->format].values.name;
      info->out_by_pointer = out->by_pointer;
    }
}

/* Add the begin marker of INFO to the current statement list, with the
   parameters of its region as arguments; return false after an error.  */
static bool
add_begin_marker (sf_region_info *info, tree *decls, const location_t *locs,
		  int nlocs)
{
  const sf_region *r = info->ir;
  auto_vec<tree> args (r->nparams + 1);
  args.quick_push (build_int_cst (integer_type_node, info->id));
  for (int i = 0; i < r->nparams; i++)
    {
      tree t = sf_build_param (&r->params[i], info->comp, decls, locs, nlocs,
			       info->loc);
      if (t == error_mark_node)
	return false;
      args.quick_push (t);
    }
  /* threads(N) travels as one more argument, after the parameters.  */
  if (info->comp->threads && flag_openmp)
    {
      tree n = sf_build_clause_expr (info->comp->threads, locs, nlocs,
				     info->loc);
      if (n == error_mark_node)
	return false;
      args.safe_push (fold_convert (integer_type_node, n));
      info->threads_arg = true;
    }
  /* check: the output's number of values and their address.  */
  if (info->comp->check)
    {
      tree check[2];
      sf_build_check_args (info->comp, decls, locs, nlocs, info->loc, check);
      if (check[0] == error_mark_node || check[1] == error_mark_node)
	return false;
      args.safe_push (check[0]);
      args.safe_push (check[1]);
      info->check_args = true;
    }
  tree call = build_call_expr_loc_array (info->loc, sf_marker_decl (true),
					 args.length (), args.address ());
  add_stmt (call);
  /* The region is the next statement.  A brace block without declarations
     would be spliced into this list statement by statement and its end
     lost; flagging the list as a statement expression's makes the C front
     end keep such a block as one BIND_EXPR (c_end_compound_stmt).  The
     flag also quiets -Wunused-value for later expression statements of
     this block; nothing else reads it.  */
  STATEMENT_LIST_STMT_EXPR (cur_stmt_list) = 1;
  info->marked = true;
  return true;
}

/* Handle computation COMP (in INFO's arena) inside a function; return true
   when a region was started.  */
static bool
handle_computation (sf_region_info *info, const location_t *locs, int nlocs)
{
  sf_comp *comp = info->comp;
  if (!current_function_decl || !cur_stmt_list)
    {
      error_at (info->loc, "%<#pragma tensor%> computations must appear "
		"inside a function, just before the statement they describe");
      return false;
    }
  tree decls[SF_MAX_OPERANDS] = { NULL_TREE };
  if (!sf_resolve_operands (comp, decls, locs, nlocs)
      || !sf_check_clause_exprs (comp, locs, nlocs, info->loc))
    return false;
  sf_diags diags;
  sf_diags_init (&diags);
  bool ok = !sf_check_comp (comp, sf_format_table (), &diags);
  sf_lower_options opts = lower_options (comp);
  if (ok && !sf_options.disable)
    info->ir = sf_lower (&info->arena, comp, sf_format_table (), &opts,
			 &diags);
  sf_report_diags (&diags, locs, nlocs, info->loc);
  sf_diags_free (&diags);
  if (!info->ir)
    return false;
  record_output (info, comp, decls[comp->lhs->operand]);
  return add_begin_marker (info, decls, locs, nlocs);
}

/* Print COMP in index notation into INFO's arena as INFO->text.  */
static void
remember_text (sf_region_info *info)
{
  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream (&buf, &len);
  if (!f)
    return;
  sf_print_comp (f, info->comp);
  fclose (f);
  info->text = sf_arena_strdup (&info->arena, buf);
  free (buf);
}

/* The handler of #pragma tensor.  */
static void
handle_tensor_pragma (cpp_reader *)
{
  sf_region_info *info = sf_region_new (input_location);
  auto_vec<sf_token> toks;
  auto_vec<location_t> locs;
  lex_pragma (&info->arena, &toks, &locs);
  info->loc = locs[0];
  sf_pragma *p = SF_NEW (&info->arena, sf_pragma);
  sf_diags diags;
  sf_diags_init (&diags);
  int bad = sf_parse_pragma (&info->arena, toks.address (), toks.length (),
			     p, &diags);
  sf_report_diags (&diags, locs.address (), locs.length (), info->loc);
  sf_diags_free (&diags);
  bool started = false;
  if (!bad && p->kind == SF_PRAGMA_FORMAT)
    handle_format (&p->format, info->loc, locs.address (), locs.length ());
  else if (!bad)
    {
      info->comp = &p->comp;
      remember_text (info);
      started = handle_computation (info, locs.address (), locs.length ());
    }
  if (!started)
    sf_region_release (info);
}

/* PLUGIN_PRAGMAS callback: register the pragma and define __SPARSEFUSE__
   so headers can declare formats only when the plugin is loaded.  */
void
sf_register_pragmas (void *, void *)
{
  c_register_pragma_with_expansion (NULL, "tensor", handle_tensor_pragma);
  /* A preprocessed input (-fpreprocessed, -save-temps, ccache) has no
     macro table to add to: defining a macro then crashes cpplib.  */
  if (!cpp_get_options (parse_in)->preprocessed)
    cpp_define (parse_in, "__SPARSEFUSE__=1");
}
