//===- passes/Plugin.cpp - The XWarpPasses.so opt plugin --------------------===//
//
//   opt-19 -load-pass-plugin build/lib/XWarpPasses.so -passes='dead-sync-elim<dataflow>'
//
//===----------------------------------------------------------------------===//
#include "passes/Registration.h"

#include "llvm/Passes/PassPlugin.h"

extern "C" LLVM_ATTRIBUTE_WEAK llvm::PassPluginLibraryInfo llvmGetPassPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "XWarpPasses", "0.1", xwarp::passes::registerXWarpPasses};
}
