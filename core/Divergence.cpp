//===- core/Divergence.cpp ------------------------------------------------===//
#include "core/Divergence.h"

#include "core/SyncClassifier.h"
#include "core/ValueVariance.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Function.h"

using namespace llvm;

namespace xwarp::core {

/// The value a terminator branches on, if it has one.
static const Value *condition(const Instruction *T) {
  if (auto *Br = dyn_cast<BranchInst>(T))
    return Br->isConditional() ? Br->getCondition() : nullptr;
  if (auto *Sw = dyn_cast<SwitchInst>(T))
    return Sw->getCondition();
  return nullptr;
}

/// Whether every value S is built from is uniform-pure (no thread variance).
static bool uniformScev(const SCEV *S, ValueVariance &Variance) {
  return !SCEVExprContains(S, [&](const SCEV *X) {
    auto *U = dyn_cast<SCEVUnknown>(X);
    return U && Variance.of(U->getValue()) != model::Variance::Uniform;
  });
}

/// The same value in every thread that reaches At: uniform-pure, or an
/// induction variable with uniform start and step read inside its loop (and
/// inside the loops of the recurrences it is built from). Every thread in a
/// loop has run as many of its iterations as the others, but after the loop
/// the value tells how many a thread ran, which may differ between threads
/// (while (data[i * n + t]) i++; if (i < 2) ...).
static bool uniformPerIteration(const Value *V, const BasicBlock *At, ValueVariance &Variance,
                                ScalarEvolution *SE) {
  if (Variance.of(V) == model::Variance::Uniform)
    return true;
  if (!SE || !SE->isSCEVable(V->getType()))
    return false;
  const SCEV *S = SE->getSCEV(const_cast<Value *>(V));
  auto ReadOutsideItsLoop = [&](const SCEV *X) {
    auto *AR = dyn_cast<SCEVAddRecExpr>(X);
    return AR && !AR->getLoop()->contains(At);
  };
  return isa<SCEVAddRecExpr>(S) && uniformScev(S, Variance) && !SCEVExprContains(S, ReadOutsideItsLoop);
}

/// Whether the condition the terminator of At branches on is the same in
/// every thread that reaches At.
static bool uniformCondition(const Value *Cond, const BasicBlock *At, ValueVariance &Variance,
                             ScalarEvolution *SE) {
  if (Variance.of(Cond) == model::Variance::Uniform)
    return true;
  auto *Cmp = dyn_cast<ICmpInst>(Cond);
  return Cmp && uniformPerIteration(Cmp->getOperand(0), At, Variance, SE) &&
         uniformPerIteration(Cmp->getOperand(1), At, Variance, SE);
}

/// Whether a thread that enters B leaves it by no edge: B holds a site that
/// ends paths (exit, trap), though IR may still branch after it.
static bool endsPaths(const BasicBlock &B) {
  return any_of(B, [](const Instruction &I) {
    if (!isa<CallBase>(I))
      return false;
    std::optional<SyncInfo> Sync = classifySync(I);
    return Sync && Sync->EndsPath;
  });
}

DenseSet<const BasicBlock *> divergentlyExecutedBlocks(ArrayRef<BasicBlock *> Blocks, UniformityInfo &UI,
                                                       const PostDominatorTree &PDT,
                                                       ValueVariance &Variance, ScalarEvolution *SE) {
  // Blocks that end paths but keep successors. The post-dominator tree sees
  // their edges, so a join after `if (ty == 0) { ...; exit(); br join }`
  // post-dominates the branch, though the threads that exited never reach it.
  std::optional<DenseSet<const BasicBlock *>> PathEnds;
  auto EndsPathsButBranches = [&](const BasicBlock *B) {
    if (!PathEnds) {
      PathEnds.emplace();
      for (const BasicBlock *Each : Blocks)
        if (succ_size(Each) != 0 && endsPaths(*Each))
          PathEnds->insert(Each);
    }
    return PathEnds->contains(B);
  };
  DenseSet<const BasicBlock *> Divergent;
  for (const BasicBlock *B : Blocks) {
    const BasicBlock &BB = *B;
    const Value *Cond = condition(BB.getTerminator());
    // UniformityInfo takes frozen poison and undef for uniform.
    if (!UI.hasDivergentTerminator(BB) && !(Cond && Variance.hidesThreadVariance(Cond)))
      continue;
    if (Cond && uniformCondition(Cond, &BB, Variance, SE))
      continue;
    // Walk from the branch's successors up to its immediate post-dominator
    // (the join where every thread is back); no join means to the exits.
    const DomTreeNode *Node = PDT.getNode(&BB);
    const DomTreeNode *IPDom = Node ? Node->getIDom() : nullptr;
    const BasicBlock *Join = IPDom ? IPDom->getBlock() : nullptr;
    // If the region holds a block whose threads end there, the join is not
    // where they are all back: walk to the exits.
    SmallVector<const BasicBlock *, 16> Work(succ_begin(&BB), succ_end(&BB));
    DenseSet<const BasicBlock *> Seen;
    bool SomeThreadsEnd = false;
    while (!Work.empty()) {
      const BasicBlock *B = Work.pop_back_val();
      if ((B == Join && !SomeThreadsEnd) || !Seen.insert(B).second)
        continue;
      if (!SomeThreadsEnd && EndsPathsButBranches(B)) {
        SomeThreadsEnd = true;
        if (Join)
          Work.push_back(Join);
      }
      Divergent.insert(B);
      for (const BasicBlock *S : successors(B))
        Work.push_back(S);
    }
  }
  return Divergent;
}

} // namespace xwarp::core
