//===- passes/FreshScalarEvolution.h - SCEV independent of earlier passes -===//
//
// ScalarEvolution caches the expressions it builds, and the no-wrap flags of
// an expression depend on the order in which queries reached it: a sign
// extension of an add whose nsw was not yet known stays whole, where a later
// query order would have distributed it. A pass whose decisions read those
// forms would then decide differently after another pass has asked SCEV about
// the same addresses. common-base-elim starts from an empty cache, so that its
// result depends only on the IR (its rewrites are proved from the IR, not from
// these forms). dead-sync-elim's model reads no IR flags at all: it builds its
// own ScalarEvolution (core/FlaglessScalarEvolution).
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
