//===- core/Divergence.h - Blocks executed under divergent control ---------===//
//
// A barrier in a block that only some threads of a CTA may reach is undefined
// behaviour in CUDA (__syncthreads), or pairs with other barriers than it
// seems to (barrier.sync). UniformityInfo (CtaUniformityAnalysis: the
// target's, with what one CTA shares taken for uniform) names the divergent
// branches; a block is executed divergently if it lies between such a branch
// and the branch's immediate post-dominator, or in a cycle (natural loop or
// irreducible) that the branch leaves on some edge: threads that leave and
// threads that stay run different numbers of its iterations. A branch whose condition
// ValueVariance proves uniform (a pure function of kernel arguments,
// constants, ntid, ctaid, nctaid) is not counted. Besides UniformityInfo's
// sources, a volatile load, undef and frozen poison
// (ValueVariance::variesByItself) make the branches that depend on them
// divergent, followed as UniformityInfo follows its own (into the phis of
// their joins and the uses past a cycle they leave; an indirectbr on
// such an address too), and so are the terminators that choose a successor
// by what they do, not by an operand (callbr, invoke, catchswitch); and a region that
// holds a thread exit is divergent to the function's end, since the threads
// that exit never reach the join, even where the IR branches on after exit.
//
//===----------------------------------------------------------------------===//
#ifndef XWARP_CORE_DIVERGENCE_H
#define XWARP_CORE_DIVERGENCE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/Analysis/UniformityAnalysis.h"

namespace llvm {
class BasicBlock;
class Function;
class PostDominatorTree;
} // namespace llvm

namespace xwarp::core {

struct CtaUniformity;
class ValueVariance;

/// The blocks of a function (Blocks: all of them, in any order) that execute
/// divergently. Given as a list so that a caller holding one spares a walk
/// over the function's blocks in memory.
llvm::DenseSet<const llvm::BasicBlock *>
divergentlyExecutedBlocks(llvm::ArrayRef<llvm::BasicBlock *> Blocks, CtaUniformity &Uniformity,
                          const llvm::PostDominatorTree &PDT, ValueVariance &Variance);

} // namespace xwarp::core

#endif
