//===- passes/FreshScalarEvolution.h - SCEV independent of earlier passes -===//
//
// ScalarEvolution caches the expressions it builds, and the no-wrap flags of
// an expression depend on the order in which queries reached it: a sign
// extension of an add whose nsw was not yet known stays whole, where a later
// query order would have distributed it. A pass whose decisions read those
// forms would then decide differently after another pass (dead-sync-elim's
// checker, say) has asked SCEV about the same addresses. xwarp's passes start
// from an empty cache, so that their result depends only on the IR.
//
//===----------------------------------------------------------------------===//
#ifndef XWARP_PASSES_FRESHSCALAREVOLUTION_H
#define XWARP_PASSES_FRESHSCALAREVOLUTION_H

#include "llvm/IR/PassManager.h"

namespace llvm {
class ScalarEvolution;
} // namespace llvm

namespace xwarp::passes {

/// F's ScalarEvolution, computed afresh (any cached one is dropped first).
llvm::ScalarEvolution &freshScalarEvolution(llvm::Function &F, llvm::FunctionAnalysisManager &FAM);

} // namespace xwarp::passes

#endif
