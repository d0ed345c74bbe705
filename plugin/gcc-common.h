/* Every GCC header the glue needs, in the order GCC requires (gcc-plugin.h
   first), and every version shim, so that the plugin bodies stay free of
   #if GCCPLUGIN_VERSION.

   Tested with GCC 11 and 12; written for 13, 14 and 15 from their sources
   (docs/getting-started.md has the table).  What differs, and the shim
   that hides it:

     GCC 12   OpenMP's masked and scope constructs (GIMPLE_OMP_MASKED,
              GIMPLE_OMP_SCOPE): GCC 11 has neither, two codes no
              statement has stand in.  The attribute unavailable
              (sf_mark_unusable): GCC 11 gets a deprecation warning.
     GCC 13   build_component_ref takes the location of the "->" as a
              fifth argument (for its fix-it hints): the glue's four-argument
              calls get UNKNOWN_LOCATION there.
     GCC 15   array_type_nelts is renamed array_type_nelts_minus_one (it
              always returned the largest index, not the count).

   The C front end's functions are made weak by name (#pragma weak), not by
   a redeclaration with their parameter list: a redeclaration that no
   longer matches the header (build_component_ref in GCC 13) would declare
   an overload of its own, which cc1 does not define, and the plugin would
   quietly stay inactive.

   Usage: #include "gcc-common.h" first in every glue file (sf-plugin.h
   does it).  */

#ifndef SF_GCC_COMMON_H
#define SF_GCC_COMMON_H

#include "gcc-plugin.h"
/* GCCPLUGIN_VERSION (major * 1000 + minor) and the version record that
   plugin_init hands to plugin_default_version_check; the record is unused
   in the other files.  */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-variable"
#include "plugin-version.h"
#pragma GCC diagnostic pop
#include "tree.h"
#include "stringpool.h"
#include "c-family/c-common.h"
#include "diagnostic-core.h"
#include "c-family/c-pragma.h"
#include "c-tree.h"
#include "tree-iterator.h"
#include "tree-pass.h"
#include "context.h"
#include "dumpfile.h"
#include "function.h"
#include "basic-block.h"
#include "gimple.h"
#include "gimple-iterator.h"
#include "gimple-walk.h"
#include "gimplify.h"
#include "gimple-pretty-print.h"
#include "tree-pretty-print.h"
#include "fold-const.h"
#include "sbitmap.h"
#include "stor-layout.h"
#include "langhooks.h"
#include "real.h"
#include "omp-general.h"
#include "varasm.h"
#include "cgraph.h"
#include "cpplib.h"
#include "c-family/c-objc.h"

/* Make uses of DECL in C code an error saying MESSAGE: GCC 12's
   attribute unavailable.  GCC 11 has no such attribute; there a use is a
   deprecation warning (and C code gets the declaration's value).  */
static inline void
sf_mark_unusable (tree decl, const char *message)
{
  tree arg = build_tree_list (NULL_TREE, build_string (strlen (message) + 1,
						       message));
#if GCCPLUGIN_VERSION >= 12000
  DECL_ATTRIBUTES (decl) = tree_cons (get_identifier ("unavailable"), arg,
				      DECL_ATTRIBUTES (decl));
  TREE_UNAVAILABLE (decl) = 1;
#else
  DECL_ATTRIBUTES (decl) = tree_cons (get_identifier ("deprecated"), arg,
				      DECL_ATTRIBUTES (decl));
  TREE_DEPRECATED (decl) = 1;
#endif
}

#if GCCPLUGIN_VERSION < 11000
#error "sparsefuse needs the plugin headers of GCC 11 or newer (make CC=gcc-12, for example)"
#elif GCCPLUGIN_VERSION >= 16000
#warning "sparsefuse is written for GCC 11 to 15; this GCC is newer and untested"
#endif

/* The C front end's own symbols, which exist in cc1 only.  The driver
   loads the plugin into every compiler it runs: lto1 at a -flto link,
   cc1plus for g++, f951...  A strong reference to any of these would
   make dlopen fail there ("undefined symbol: parse_in") before
   plugin_init could decline, so they are weak: null outside cc1, where
   sf_c_front_end_p (plugin.cc) keeps the plugin from using them.  Every
   C-front-end-only function or variable the glue uses belongs here
   (`nm -D --undefined-only build/sparsefuse.so` against lto1 lists
   them).  Each is declared by the headers above; the pragma makes that
   declaration weak, whatever its parameters in this GCC.  */
#pragma weak parse_in
#pragma weak c_global_trees
#pragma weak pragma_lex
#pragma weak c_register_pragma_with_expansion
#pragma weak lookup_name
#pragma weak pushdecl
#pragma weak xref_tag
#pragma weak current_stmt_tree
#pragma weak add_stmt
#pragma weak build_component_ref
#pragma weak build_array_ref
#pragma weak build_indirect_ref
#pragma weak build_unary_op
#pragma weak build_binary_op

/* GCC 12: OpenMP 5.1's masked and scope constructs have the codes
   GIMPLE_OMP_MASKED and GIMPLE_OMP_SCOPE.  GCC 11 parses neither, so no
   statement of it has them: two codes no statement of a function body
   has stand in, so that a switch over the OpenMP codes compiles (as case
   labels that never match, and that are enumerators, for -Wswitch).  */
#if GCCPLUGIN_VERSION < 12000
#define GIMPLE_OMP_MASKED LAST_AND_UNUSED_GIMPLE_CODE
#define GIMPLE_OMP_SCOPE GIMPLE_ERROR_MARK
#endif

/* GCC 13: build_component_ref (LOC, DATUM, FIELD, FIELD_LOC, ARROW_LOC).
   ARROW_LOC only places a fix-it hint when "." was written for "->" (or
   the other way round); the glue writes no source, so it has none.  GCC
   15 adds a last parameter with a default, which needs nothing here.  */
#if GCCPLUGIN_VERSION >= 13000
#define build_component_ref(LOC, DATUM, FIELD, FIELD_LOC) \
  build_component_ref (LOC, DATUM, FIELD, FIELD_LOC, UNKNOWN_LOCATION)
#endif

/* GCC 15: array_type_nelts (TYPE), the largest index of an array type
   (not its count, despite the name), is array_type_nelts_minus_one.  */
#if GCCPLUGIN_VERSION >= 15000
#define array_type_nelts(TYPE) array_type_nelts_minus_one (TYPE)
#endif

#endif /* SF_GCC_COMMON_H */
