/* sparsefuse: entry point of the GCC plugin.

   Registers #pragma tensor (pragmas/), the region-end marking at
   PRE_GENERICIZE, the GIMPLE pass "sparsefuse" just before omplower and
   "*sparsefuse_names" just after ompexp (passes/), defines __SPARSEFUSE__ for the preprocessor, and reads the
   plugin's options:

     -fplugin-arg-sparsefuse-disable          check pragmas, change no code
     -fplugin-arg-sparsefuse-report           a note per annotated region
     -fplugin-arg-sparsefuse-quiet            no warning when a region is kept
     -fplugin-arg-sparsefuse-schedule=naive|unfused|auto
                                              override every schedule clause
     -fplugin-arg-sparsefuse-dispatch=no      one schedule per region, no
                                              run-time choice among several
     -fplugin-arg-sparsefuse-dispatch=all     every schedule of the frontier
                                              (up to 4) in the run-time
                                              choice, also those never
                                              predicted 1.5x faster
     -fplugin-arg-sparsefuse-candidate=N      schedule auto: candidate N of
                                              the enumeration alone, whatever
                                              its cost (the dump's details
                                              list them; for benchmarks)
     -fplugin-arg-sparsefuse-only=L1,L2,...   replace only the regions whose
                                              pragma is on these lines (to
                                              find which region changes a
                                              result, or what one costs)
     -fplugin-arg-sparsefuse-parallel-min=N   threads only for regions whose
                                              estimated iterations reach N
                                              (default 32768; 0: always)
     -fplugin-arg-sparsefuse-verify=on|strict|off
                                              check each annotation against
                                              its loop on synthetic inputs
                                              (default on; strict: keep the
                                              loops it cannot run)
     -fplugin-arg-sparsefuse-gain=on|off      on (default): a region whose
                                              code would run only its
                                              schedule's plain loops on an
                                              input (too small for threads,
                                              in the caches, short rows)
                                              runs the original statement
                                              there; off: the code always
     -fplugin-arg-sparsefuse-suggest          a note with the annotation
                                              found for each loop without
                                              one that reads a tensor
     -fplugin-arg-sparsefuse-dump[=FLAGS]     the dump of -fdump-tree-sparsefuse
                                              (FLAGS: details, ...)

   GCC (11 and 12) reads -fdump-* options before it loads plugins, so
   it rejects -fdump-tree-sparsefuse; the dump option above asks for the
   same dump file once the pass exists (sfcc translates the -fdump form
   for you).

   The driver loads the plugin into every compiler it runs: at a -flto
   link into lto1, where it does nothing (cc1 has replaced the regions
   before the functions were streamed out), and with g++ or gfortran into
   their front ends, where it does nothing after a note.

   Usage: gcc -O2 -fopenmp -fplugin=./sparsefuse.so file.c  */

#include "sf-plugin.h"

int plugin_is_GPL_compatible;

sf_plugin_options sf_options;

static struct plugin_info sf_plugin_info = {
  "0.1",
  "sparse tensor loop fusion: #pragma tensor OUT(...) = EXPR; see the "
  "options disable, report, quiet, schedule=naive|unfused|auto, "
  "dispatch=yes|no, parallel-min=N"
};

/* Parse VALUE of the schedule option into *OUT; return false if unknown.  */
static bool
parse_schedule (const char *value, sf_schedule *out)
{
  if (!value)
    return false;
  if (!strcmp (value, "auto"))
    *out = SF_SCHEDULE_AUTO;
  else if (!strcmp (value, "naive"))
    *out = SF_SCHEDULE_NAIVE;
  else if (!strcmp (value, "unfused"))
    *out = SF_SCHEDULE_UNFUSED;
  else
    return false;
  return true;
}

/* Parse VALUE, a count (decimal digits, at most 10^15), into *OUT;
   return false if it is not one.  */
static bool
parse_count (const char *value, long *out)
{
  if (!*value || strlen (value) > 15)
    return false;
  for (const char *c = value; *c; c++)
    if (*c < '0' || *c > '9')
      return false;
  *out = atol (value);
  return true;
}

/* Whether VALUE is a list of line numbers separated by commas.  */
static bool
parse_lines (const char *value)
{
  for (const char *c = value; *c; c++)
    if (!ISDIGIT (*c) && !(*c == ',' && c > value && c[1] && c[1] != ','))
      return false;
  return ISDIGIT (*value);
}

/* Whether the region whose pragma is at LOC is one only= selects: its
   line (where the macro is used, for a _Pragma in a macro) in the
   list.  */
bool
sf_region_selected_p (location_t loc)
{
  if (!sf_options.only)
    return true;
  long line = expand_location (loc).line;
  for (const char *c = sf_options.only; *c;)
    {
      char *end;
      if (strtol (c, &end, 10) == line)
	return true;
      c = *end ? end + 1 : end;
    }
  return false;
}

/* The dump switch asked for with the dump option, or NULL.  */
static char *dump_request;

/* Read the -fplugin-arg-sparsefuse-* options in ARGV; return false after
   reporting an error for an unknown one.  */
static bool
parse_options (const char *plugin, int argc, struct plugin_argument *argv)
{
  bool ok = true;
  for (int i = 0; i < argc; i++)
    {
      const char *key = argv[i].key, *value = argv[i].value;
      if (!strcmp (key, "disable") && !value)
	sf_options.disable = true;
      else if (!strcmp (key, "report") && !value)
	sf_options.report = true;
      else if (!strcmp (key, "suggest") && !value)
	sf_options.suggest = true;
      else if (!strcmp (key, "quiet") && !value)
	sf_options.quiet = true;
      else if (!strcmp (key, "dump"))
	dump_request = value ? concat ("tree-sparsefuse-", value, NULL)
		       : xstrdup ("tree-sparsefuse");
      else if (!strcmp (key, "schedule")
	       && parse_schedule (value, &sf_options.schedule))
	sf_options.has_schedule = true;
      else if (!strcmp (key, "parallel-min") && value
	       && parse_count (value, &sf_options.parallel_min))
	;
      else if (!strcmp (key, "orders") && value
	       && parse_count (value, &sf_options.orders)
	       && sf_options.orders >= 1 && sf_options.orders <= 5)
	;
      else if (!strcmp (key, "candidate") && value
	       && parse_count (value, &sf_options.candidate)
	       && sf_options.candidate >= 1 && sf_options.candidate <= 99)
	;
      else if (!strcmp (key, "only") && value && parse_lines (value))
	sf_options.only = xstrdup (value);
      else if (!strcmp (key, "verify") && value && !strcmp (value, "on"))
	sf_options.verify = SF_VERIFY_ON;
      else if (!strcmp (key, "verify") && value && !strcmp (value, "strict"))
	sf_options.verify = SF_VERIFY_STRICT;
      else if (!strcmp (key, "verify") && value && !strcmp (value, "off"))
	sf_options.verify = SF_VERIFY_OFF;
      else if (!strcmp (key, "gain") && value
	       && (!strcmp (value, "on") || !strcmp (value, "off")))
	sf_options.no_gain = !strcmp (value, "off");
      else if (!strcmp (key, "dispatch") && value
	       && (!strcmp (value, "yes") || !strcmp (value, "no")
		   || !strcmp (value, "all")))
	{
	  sf_options.no_dispatch = !strcmp (value, "no");
	  sf_options.all_alternatives = !strcmp (value, "all");
	}
      else
	{
	  error ("unknown option %<-fplugin-arg-%s-%s%s%s%>; valid options "
		 "are %<disable%>, %<report%>, %<quiet%>, %<dump[=FLAGS]%>, "
		 "%<schedule=naive|unfused|auto%>, %<dispatch=yes|no|all%>, "
		 "%<verify=on|strict|off%>, %<gain=on|off%>, %<suggest%>, "
		 "%<orders=N%> (1 to 5), %<candidate=N%> (1 to 99), "
		 "%<only=LINE[,LINE...]%> and %<parallel-min=N%>",
		 plugin, key, value ? "=" : "", value ? value : "");
	  ok = false;
	}
    }
  return ok;
}

static void
sf_out_of_memory (void)
{
  fatal_error (UNKNOWN_LOCATION, "sparsefuse: out of memory");
}

/* Return true when the plugin runs in the C front end (cc1): the language
   is C (lang_hooks.name "GNU C17", "GNU C2X"...) and the front end's
   functions it calls, declared weak in gcc-common.h, are all there.  */
static bool
sf_c_front_end_p (void)
{
  const char *name = lang_hooks.name;
  if (strncmp (name, "GNU C", 5) != 0
      || (name[5] != '\0' && !ISDIGIT (name[5])))
    return false;
  return (&parse_in && c_global_trees && pragma_lex
	  && c_register_pragma_with_expansion && lookup_name && pushdecl
	  && xref_tag && current_stmt_tree && add_stmt && build_component_ref
	  && build_array_ref && build_indirect_ref && build_unary_op
	  && build_binary_op);
}

int
plugin_init (struct plugin_name_args *info, struct plugin_gcc_version *version)
{
  if (!plugin_default_version_check (version, &gcc_version))
    {
      /* The check compares the date stamp, development phase, revision
	 and configure options too: the same version number may be
	 another build of GCC.  */
      if (strcmp (gcc_version.basever, version->basever) != 0)
	error ("sparsefuse was built for GCC %s but is loaded into GCC %s; "
	       "rebuild it with this compiler",
	       gcc_version.basever, version->basever);
      else
	error ("sparsefuse was built for another build of GCC %s (its date "
	       "stamp, revision or configure options differ); rebuild it with "
	       "this compiler", version->basever);
      return 1;
    }
  if (!sf_c_front_end_p ())
    {
      /* lto1 reads functions whose regions cc1 has already replaced: it
	 is the plugin's normal second home at a -flto link, so it stays
	 silent there.  Other front ends get a note, not a warning, so
	 that -Werror builds passing the plugin to every compiler work.  */
      if (strcmp (lang_hooks.name, "GNU GIMPLE") != 0)
	inform (UNKNOWN_LOCATION, "sparsefuse works with the C front end "
		"only; it is inactive for %s", lang_hooks.name);
      return 0;
    }
  sf_options.parallel_min = SF_PARALLEL_MIN_DEFAULT;
  if (!parse_options (info->base_name, info->argc, info->argv))
    return 1;
  sf_arena_out_of_memory = sf_out_of_memory;

  register_callback (info->base_name, PLUGIN_INFO, NULL, &sf_plugin_info);
  register_callback (info->base_name, PLUGIN_REGISTER_GGC_ROOTS, NULL,
		     (void *) sf_marker_roots);
  register_callback (info->base_name, PLUGIN_PRAGMAS, sf_register_pragmas,
		     NULL);
  register_callback (info->base_name, PLUGIN_START_UNIT, sf_define_macro,
		     NULL);
  register_callback (info->base_name, PLUGIN_PRE_GENERICIZE,
		     sf_mark_region_ends, NULL);

  struct register_pass_info pass;
  pass.pass = sf_make_pass (g);
  pass.reference_pass_name = "omplower";
  pass.ref_pass_instance_number = 1;
  pass.pos_op = PASS_POS_INSERT_BEFORE;
  register_callback (info->base_name, PLUGIN_PASS_MANAGER_SETUP, NULL, &pass);
  /* After "ompexp", which makes the OpenMP child functions, and before
     their debug information (passes/debug-names.cc).  */
  struct register_pass_info names;
  names.pass = sf_make_names_pass (g);
  names.reference_pass_name = "ompexp";
  names.ref_pass_instance_number = 1;
  names.pos_op = PASS_POS_INSERT_AFTER;
  register_callback (info->base_name, PLUGIN_PASS_MANAGER_SETUP, NULL, &names);
  if (dump_request)
    g->get_dumps ()->dump_switch_p (dump_request);
  free (dump_request);
  return 0;
}
