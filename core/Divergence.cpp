//===- core/Divergence.cpp ------------------------------------------------===//
#include "core/Divergence.h"

#include "core/ValueVariance.h"

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

/// The same value in every thread at the same point: uniform-pure, or an
/// induction variable with uniform start and step.
static bool uniformPerIteration(const Value *V, ValueVariance &Variance, ScalarEvolution *SE) {
  if (Variance.of(V) == model::Variance::Uniform)
    return true;
  if (!SE || !SE->isSCEVable(V->getType()))
    return false;
  const SCEV *S = SE->getSCEV(const_cast<Value *>(V));
  return isa<SCEVAddRecExpr>(S) && uniformScev(S, Variance);
}

static bool uniformCondition(const Value *Cond, ValueVariance &Variance, ScalarEvolution *SE) {
  if (Variance.of(Cond) == model::Variance::Uniform)
    return true;
  auto *Cmp = dyn_cast<ICmpInst>(Cond);
  return Cmp && uniformPerIteration(Cmp->getOperand(0), Variance, SE) &&
         uniformPerIteration(Cmp->getOperand(1), Variance, SE);
}

DenseSet<const BasicBlock *> divergentlyExecutedBlocks(ArrayRef<BasicBlock *> Blocks, UniformityInfo &UI,
                                                       const PostDominatorTree &PDT,
                                                       ValueVariance &Variance, ScalarEvolution *SE) {
  DenseSet<const BasicBlock *> Divergent;
  for (const BasicBlock *B : Blocks) {
    const BasicBlock &BB = *B;
    const Value *Cond = condition(BB.getTerminator());
    // UniformityInfo takes frozen poison and undef for uniform.
    if (!UI.hasDivergentTerminator(BB) && !(Cond && Variance.hidesThreadVariance(Cond)))
      continue;
    if (Cond && uniformCondition(Cond, Variance, SE))
      continue;
    // Walk from the branch's successors up to its immediate post-dominator
    // (the join where every thread is back); no join means to the exits.
    const DomTreeNode *Node = PDT.getNode(&BB);
    const DomTreeNode *IPDom = Node ? Node->getIDom() : nullptr;
    const BasicBlock *Join = IPDom ? IPDom->getBlock() : nullptr;
    SmallVector<const BasicBlock *, 16> Work(succ_begin(&BB), succ_end(&BB));
    while (!Work.empty()) {
      const BasicBlock *B = Work.pop_back_val();
      if (B == Join || !Divergent.insert(B).second)
        continue;
      for (const BasicBlock *S : successors(B))
        Work.push_back(S);
    }
  }
  return Divergent;
}

} // namespace xwarp::core
