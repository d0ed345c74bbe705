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
#include "cpplib.h"
#include "c-family/c-objc.h"

#if __GNUC__ != 12
#error "sparsefuse is written for the GCC 12 plugin API; build it with g++-12"
#endif

#endif /* SF_GCC_COMMON_H */
