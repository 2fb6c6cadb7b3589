//===- passes/FreshScalarEvolution.h - SCEV independent of earlier passes -===//
//
// ScalarEvolution caches the expressions it builds, and the no-wrap flags of
// an expression depend on the order in which queries reached it: a sign
// extension of an add whose nsw was not yet known stays whole, where a later
// query order would have distributed it. A pass whose decisions read those
// forms would then decide differently after another pass has asked SCEV about
// the same addresses. common-base-elim in strict mode starts from an empty
// cache, so that its result depends only on the IR (every rewrite is proved
// from the IR, not from these forms). Without strict mode, and in
// dead-sync-elim's model, the passes ask core/FlaglessScalarEvolution, which
// reads no IR flags.
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
