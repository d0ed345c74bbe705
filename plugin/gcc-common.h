/* Every GCC header the glue needs, in the order GCC requires (gcc-plugin.h
   first), and every version shim, so that the plugin bodies stay free of
   #if GCCPLUGIN_VERSION.  Built and tested against GCC 12.  */

#ifndef SF_GCC_COMMON_H
#define SF_GCC_COMMON_H

#include "gcc-plugin.h"
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
#include "cpplib.h"
#include "c-family/c-objc.h"

/* Make uses of DECL in C code an error saying MESSAGE (GCC 12's
   attribute unavailable; a deprecation warning where it is missing).  */
static inline void
sf_mark_unusable (tree decl, const char *message)
{
  tree arg = build_tree_list (NULL_TREE, build_string (strlen (message) + 1,
						       message));
#ifdef TREE_UNAVAILABLE
  DECL_ATTRIBUTES (decl) = tree_cons (get_identifier ("unavailable"), arg,
				      DECL_ATTRIBUTES (decl));
  TREE_UNAVAILABLE (decl) = 1;
#else
  DECL_ATTRIBUTES (decl) = tree_cons (get_identifier ("deprecated"), arg,
				      DECL_ATTRIBUTES (decl));
  TREE_DEPRECATED (decl) = 1;
#endif
}

#if __GNUC__ != 12
#error "sparsefuse is written for the GCC 12 plugin API; build it with g++-12"
#endif

/* The C front end's own symbols, which exist in cc1 only.  The driver
   loads the plugin into every compiler it runs: lto1 at a -flto link,
   cc1plus for g++, f951...  A strong reference to any of these would
   make dlopen fail there ("undefined symbol: parse_in") before
   plugin_init could decline, so they are weak: null outside cc1, where
   sf_c_front_end_p (plugin.cc) keeps the plugin from using them.  Every
   C-front-end-only function or variable the glue uses belongs here
   (`nm -D --undefined-only build/sparsefuse.so` against lto1 lists
   them).  */
extern cpp_reader *parse_in __attribute__ ((weak));
extern tree c_global_trees[CTI_MAX] __attribute__ ((weak));
extern enum cpp_ttype pragma_lex (tree *, location_t *) __attribute__ ((weak));
extern void c_register_pragma_with_expansion (const char *, const char *,
					      pragma_handler_1arg)
  __attribute__ ((weak));
extern tree lookup_name (tree) __attribute__ ((weak));
extern tree pushdecl (tree) __attribute__ ((weak));
extern tree xref_tag (enum tree_code, tree) __attribute__ ((weak));
extern stmt_tree current_stmt_tree (void) __attribute__ ((weak));
extern tree add_stmt (tree) __attribute__ ((weak));
extern tree build_component_ref (location_t, tree, tree, location_t)
  __attribute__ ((weak));
extern tree build_array_ref (location_t, tree, tree) __attribute__ ((weak));
extern tree build_indirect_ref (location_t, tree, ref_operator)
  __attribute__ ((weak));
extern tree build_unary_op (location_t, enum tree_code, tree, bool)
  __attribute__ ((weak));
extern tree build_binary_op (location_t, enum tree_code, tree, tree, bool)
  __attribute__ ((weak));

#endif /* SF_GCC_COMMON_H */
