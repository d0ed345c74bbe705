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
#include <libintl.h>

/* Return the text of number token VALUE, allocated in ARENA: its value in
   decimal, whatever the sign of its type (9223372036854775808 has an
   unsigned or 128-bit type), or "?" for what is no number (1i).  */
static const char *
number_text (sf_arena *arena, tree value)
{
  char buf[WIDE_INT_PRINT_BUFFER_SIZE > 64 ? WIDE_INT_PRINT_BUFFER_SIZE : 64];
  if (TREE_CODE (value) == INTEGER_CST)
    print_dec (wi::to_wide (value), buf, TYPE_SIGN (TREE_TYPE (value)));
  else if (TREE_CODE (value) == REAL_CST)
    real_to_decimal (buf, TREE_REAL_CST_PTR (value), sizeof buf, 0, 1);
  else
    snprintf (buf, sizeof buf, "?");
  return sf_arena_strdup (arena, buf);
}

/* An integer constant too large for every integer type reaches us as a
   plain INTEGER_CST holding its value modulo 2^64 (1e41 written in digits
   becomes 4870020673419870208, a 1 and 5000 zeros becomes 0): nothing in
   the tree says so, and the token's spelling is gone.  cpplib reports it
   while the token is lexed, so lex_pragma listens to cpplib's diagnostics
   around each pragma_lex and turns such a constant into an error instead
   of a silently different number.  */

/* The C front end's handler of cpplib diagnostics, while we listen.  */
static bool (*cpp_diagnostic_handler) (cpp_reader *, cpp_diagnostic_level,
				       cpp_warning_reason, rich_location *,
				       const char *, va_list *);

/* Set when cpplib said "integer constant is too large for its type".  */
static bool integer_wrapped;

/* The cpplib diagnostic callback while a pragma is lexed: note the
   overflow of an integer constant (MSG arrives translated, as cpplib's
   own catalog spells it), then hand everything to GCC's handler.  */
static bool
listen_cpp_diagnostic (cpp_reader *pfile, cpp_diagnostic_level level,
		       cpp_warning_reason reason, rich_location *richloc,
		       const char *msg, va_list *ap)
{
  if (!strcmp (msg, dgettext ("cpplib",
			      "integer constant is too large for its type")))
    integer_wrapped = true;
  return cpp_diagnostic_handler (pfile, level, reason, richloc, msg, ap);
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
    /* Other reductions, for the warning that they are not supported.  */
    case CPP_MULT_EQ: return "*=";
    case CPP_MINUS_EQ: return "-=";
    case CPP_DIV_EQ: return "/=";
    case CPP_OR_EQ: return "|=";
    case CPP_AND_EQ: return "&=";
    case CPP_XOR_EQ: return "^=";
    case CPP_PLUS: return "+";
    case CPP_MINUS: return "-";
    case CPP_MULT: return "*";
    case CPP_DIV: return "/";
    case CPP_AND: return "&";
    case CPP_LESS: return "<";
    case CPP_LESS_EQ: return "<=";
    case CPP_GREATER: return ">";
    case CPP_GREATER_EQ: return ">=";
    case CPP_EQ_EQ: return "==";
    default: return NULL;
    }
}

/* Read one token of the pragma with pragma_lex into *VALUE and *LOC and
   return its type; *WRAPPED says whether cpplib reported it as an integer
   constant too large for its type.  */
static enum cpp_ttype
lex_one (tree *value, location_t *loc, bool *wrapped)
{
  cpp_callbacks *cb = cpp_get_callbacks (parse_in);
  cpp_diagnostic_handler = cb->diagnostic;
  cb->diagnostic = listen_cpp_diagnostic;
  integer_wrapped = false;
  enum cpp_ttype type = pragma_lex (value, loc);
  cb->diagnostic = cpp_diagnostic_handler;
  *wrapped = integer_wrapped;
  return type;
}

/* Read the rest of the pragma line into TOKS and LOCS (ending with EOF).
   Return false after an error on a token (an integer constant that does
   not fit any integer type); the line is then read to its end.  */
static bool
lex_pragma (sf_arena *arena, vec<sf_token> *toks, vec<location_t> *locs)
{
  bool ok = true;
  for (;;)
    {
      tree value = NULL_TREE;
      location_t loc = UNKNOWN_LOCATION;
      bool wrapped;
      enum cpp_ttype type = lex_one (&value, &loc, &wrapped);
      if (type == CPP_NUMBER && wrapped)
	{
	  error_at (loc, "integer constant is too large for any integer "
		    "type; in %<#pragma tensor%> write it as a floating "
		    "constant (with %<.0%> or an exponent)");
	  ok = false;
	}
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
	return ok;
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
  if (f->is_tensor)
    {
      sf_tensor_declare (f, loc, locs, nlocs);
      return;
    }
  if (sf_format_checked (f, locs, nlocs, loc))
    sf_format_register (f, loc, locs, nlocs);
}

/* Run the core's checks of format declaration F (the pragma at LOC, its
   tokens at LOCS) and report what they find; return true when F passed
   them.  */
bool
sf_format_checked (const sf_format *f, const location_t *locs, int nlocs,
		   location_t loc)
{
  sf_diags diags;
  sf_diags_init (&diags);
  int bad = sf_check_format (f, &diags);
  sf_report_diags (&diags, locs, nlocs, loc);
  sf_diags_free (&diags);
  return !bad;
}

/* Return the region's lowering options: -fopenmp, the schedule clause and
   its command-line override.  */
static sf_lower_options
lower_options (const sf_comp *comp)
{
  sf_lower_options o;
  o.openmp = flag_openmp;
  o.schedule = sf_options.has_schedule ? sf_options.schedule : comp->schedule;
  o.no_dispatch = sf_options.no_dispatch;
  o.all_alternatives = sf_options.all_alternatives;
  o.parallel_min = sf_options.parallel_min;
  o.orders = sf_options.orders;
  o.candidate = sf_options.candidate;
  return o;
}

/* Return sf_lower of COMP in INFO's arena, its time added to
   info->lower_ms (a region's time covers both of its lowerings: alone
   and fused with the previous region).  */
sf_region *
sf_lower_timed (sf_region_info *info, const sf_comp *comp,
		const sf_lower_options *opts, sf_diags *diags)
{
  struct timespec t0, t1;
  clock_gettime (CLOCK_MONOTONIC, &t0);
  sf_region *ir = sf_lower (&info->arena, comp, sf_format_table (), opts,
			    diags);
  clock_gettime (CLOCK_MONOTONIC, &t1);
  info->lower_ms += (t1.tv_sec - t0.tv_sec) * 1e3
		    + (t1.tv_nsec - t0.tv_nsec) * 1e-6;
  return ir;
}

/* Record in INFO the output OUT, a tensor declared in a function whose
   values are the C expression VALUES: the variable they are reached
   from (P in "p + 1", "&p[1]"; S in "S->vals", "S.vals" with the member
   vals), for the safety check; return false after an error when the
   expression reaches them otherwise.  */
static bool
record_tensor_output (sf_region_info *info, const sf_operand *out,
		      const sf_cexpr *values)
{
  const sf_cexpr *e = values;
  for (;;)
    if ((e->kind == SF_CEXPR_ADD || e->kind == SF_CEXPR_SUB)
	&& e->b->kind == SF_CEXPR_INT)
      e = e->a;
    else if (e->kind == SF_CEXPR_ADDR && e->a->kind == SF_CEXPR_INDEX)
      e = e->a->a;
    else
      break;
  const char *field = NULL;
  bool by_pointer = false;
  if ((e->kind == SF_CEXPR_MEMBER || e->kind == SF_CEXPR_ARROW)
      && e->a->kind == SF_CEXPR_NAME)
    {
      field = e->name;
      by_pointer = e->kind == SF_CEXPR_ARROW;
      e = e->a;
    }
  tree d = e->kind == SF_CEXPR_NAME ? lookup_name (get_identifier (e->name))
	   : NULL_TREE;
  if (!d || (!VAR_P (d) && TREE_CODE (d) != PARM_DECL))
    {
      error_at (info->loc, "the values of the output %qs must be a variable "
		"or a member of one, plus or minus a constant "
		"(%<w + 1%>, %<&w[1]%>, %<s->vals%>)", out->name);
      return false;
    }
  info->out_uid = DECL_UID (d);
  info->out_field = field;
  info->out_by_pointer = by_pointer;
  return true;
}

/* Record in INFO the arrays COMP's scratch() names (LOCS: the tokens'
   locations); return false after an error.  Each must be an array of the
   function (fixed or variable length), not static: what the region leaves
   in it is then the region's business (passes/safety.cc).  */
static bool
record_scratch (sf_region_info *info, const sf_comp *comp,
		const location_t *locs, int nlocs)
{
  for (int k = 0; k < comp->nscratch; k++)
    {
      int tok = comp->scratch_tok[k];
      location_t loc = tok >= 0 && tok < nlocs ? locs[tok] : info->loc;
      tree d = lookup_name (get_identifier (comp->scratch[k]));
      if (!d)
	{
	  error_at (loc, "%qs in %<scratch()%> is not declared here",
		    comp->scratch[k]);
	  return false;
	}
      if (!VAR_P (d) || TREE_STATIC (d) || DECL_EXTERNAL (d)
	  || TREE_CODE (TREE_TYPE (d)) != ARRAY_TYPE
	  || DECL_CONTEXT (d) != current_function_decl)
	{
	  error_at (loc, "%<scratch()%> takes arrays declared in the function "
		    "(%<double acc[R];%>), not static; %qs is not one",
		    comp->scratch[k]);
	  return false;
	}
      info->scratch_uid[info->nscratch++] = (int) DECL_UID (d);
    }
  return true;
}

/* Record in INFO what the safety check needs to know about the output of
   COMP (declaration DECL); return false after an error.  */
static bool
record_output (sf_region_info *info, const sf_comp *comp, tree decl)
{
  const sf_operand *out = &comp->operands[comp->lhs->operand];
  int tensor = sf_tensor_format_of_decl (decl);
  if (tensor >= 0)
    return record_tensor_output (info, out,
				 sf_format_table ()[tensor].values.expr);
  info->out_uid = DECL_UID (decl);
  if (out->kind == SF_OPERAND_SPARSE)
    {
      info->out_field = sf_format_table ()[out->format].values.name;
      info->out_by_pointer = out->by_pointer;
    }
  return true;
}

/* Add the begin marker of INFO to the current statement list, with the
   parameters of its region as arguments; return false after an error.  */
static bool
add_begin_marker (sf_region_info *info, tree *decls, const location_t *locs,
		  int nlocs, const sf_lower_options *opts)
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
  /* The first-run check (passes/first-run.cc) of a region the checker
     will not verify: the same count and pointer, kept as trees in the
     region rather than as arguments, so that the marker (and the code of
     every verified region) stays as it is.  */
  if (!info->comp->check && sf_options.verify == SF_VERIFY_ON)
    {
      tree first[2];
      sf_build_check_args (info->comp, decls, locs, nlocs, info->loc, first);
      if (first[0] != error_mark_node && first[1] != error_mark_node)
	sf_region_keep_first_run (info, first[0], first[1]);
    }
  /* The guard at the region's entry (passes/pass.cc): the test that the
     extents the annotation equates agree, then the extent of each index,
     for the integers the checker binds to them.  The check clause runs
     the original statement anyway.  */
  if (!info->comp->check)
    {
      unsigned first = args.length ();
      tree guard = sf_build_extent_guard (info->comp, decls, locs, nlocs,
					  info->loc, &info->arena,
					  &info->guard_text);
      bool ok = guard != error_mark_node;
      if (guard && ok)
	args.safe_push (fold_convert (integer_type_node, guard));
      for (int v = 0; v < info->comp->nindices && ok; v++)
	{
	  tree e = sf_build_index_extent (info->comp, v, decls, locs, nlocs,
					  info->loc);
	  ok = e != error_mark_node;
	  args.safe_push (e);
	}
      if (ok)
	{
	  info->guard_b = guard != NULL_TREE;
	  info->guard_args = (int) (args.length () - first);
	}
      else
	{
	  args.truncate (first);
	  info->guard_text = NULL;
	}
    }
  /* The code fused with the previous region, when there is one.  */
  sf_fuse_prepare (info, decls, locs, nlocs, opts, &args);
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
  sf_scalar_output_as_vector (&info->arena, comp);
  sf_diags diags;
  sf_diags_init (&diags);
  bool ok = !sf_check_comp (comp, sf_format_table (), &diags);
  /* The output read at its own indices is an operand of its own
     (sf_operand.is_old) for the same variable.  */
  for (int i = 0; i < comp->noperands; i++)
    if (comp->operands[i].is_old)
      decls[i] = decls[comp->operands[i].old_of];
  sf_lower_options opts = lower_options (comp);
  if (ok && !sf_options.disable && sf_region_selected_p (info->loc))
    info->ir = sf_lower_timed (info, comp, &opts, &diags);
  sf_report_diags (&diags, locs, nlocs, info->loc);
  sf_diags_free (&diags);
  if (!info->ir)
    return false;
  if (!record_output (info, comp, decls[comp->lhs->operand])
      || !record_scratch (info, comp, locs, nlocs))
    return false;
  if (!comp->check)
    info->ir->entry_test = sf_region_entry_test (&info->arena, info->ir, comp,
						 sf_format_table (),
						 &info->ir->entry_text);
  if (!add_begin_marker (info, decls, locs, nlocs, &opts))
    return false;
  sf_fuse_remember (info, decls, locs, nlocs);
  return true;
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
  bool lexed = lex_pragma (&info->arena, &toks, &locs);
  info->loc = locs[0];
  if (!lexed)
    {
      sf_region_release (info);
      return;
    }
  sf_pragma *p = SF_NEW (&info->arena, sf_pragma);
  sf_diags diags;
  sf_diags_init (&diags);
  int bad = sf_parse_pragma_in (&info->arena, toks.address (),
				toks.length (), current_function_decl != NULL,
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
    {
      sf_fuse_forget ();
      sf_region_release (info);
    }
}

/* Whether __SPARSEFUSE__ still has to be defined at the start of the
   unit (sf_define_macro).  */
static bool macro_pending;

/* PLUGIN_PRAGMAS callback: register the pragma and define __SPARSEFUSE__
   so headers can declare formats only when the plugin is loaded.

   GCC calls it from the front end's initialization, before the debug
   back end's: with -g3 every definition goes to the debug hooks for
   macros (dwarf2out_define), whose tables do not exist yet, and a
   definition made here crashed cc1.  When cpplib reports definitions to
   anyone (-g3, -fdump-go-spec), the definition waits for PLUGIN_START_UNIT
   instead, which comes after the debug back end's initialization and
   still before GCC's built-in macros and the command line's -D and -U
   (c_finish_options), so -U__SPARSEFUSE__ undefines it as before, and
   the macro appears in the debug information with the built-in ones.
   With -E nothing starts a unit; there the definition is made here, as
   ever, and printed by -dD.  */
void
sf_register_pragmas (void *, void *)
{
  c_register_pragma_with_expansion (NULL, "tensor", handle_tensor_pragma);
  /* A preprocessed input (-fpreprocessed, -save-temps, ccache) has no
     macro table to add to: defining a macro then crashes cpplib.  */
  if (cpp_get_options (parse_in)->preprocessed)
    return;
  if (flag_preprocess_only || !cpp_get_callbacks (parse_in)->define)
    cpp_define (parse_in, "__SPARSEFUSE__=1");
  else
    macro_pending = true;
}

/* PLUGIN_START_UNIT callback: the definition sf_register_pragmas put
   off.  */
void
sf_define_macro (void *, void *)
{
  if (macro_pending)
    cpp_define (parse_in, "__SPARSEFUSE__=1");
  macro_pending = false;
}
