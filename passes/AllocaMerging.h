//===- passes/AllocaMerging.h - One entry alloca for disjoint lifetimes ----===//
//
// The alloca step of Common Base Elimination (cbe-clone-allocas): allocas of
// the same type outside the entry block whose blocks cannot reach one another
// (so at most one of them runs per call) and that sit in no cycle are
// replaced by a single alloca in the entry block, named baseValue. Their
// addresses then share a pointer base, and the base dominates every use.
//
//===----------------------------------------------------------------------===//
#ifndef XWARP_PASSES_ALLOCAMERGING_H
#define XWARP_PASSES_ALLOCAMERGING_H

namespace llvm {
class DominatorTree;
class Function;
class LoopInfo;
class OptimizationRemarkEmitter;
} // namespace llvm

namespace xwarp::passes {

/// Returns how many allocas were replaced.
unsigned mergeDisjointAllocas(llvm::Function &F, llvm::DominatorTree &DT, llvm::LoopInfo &LI,
                          llvm::OptimizationRemarkEmitter &ORE);

} // namespace xwarp::passes

#endif
