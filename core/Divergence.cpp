//===- core/Divergence.cpp ------------------------------------------------===//
#include "core/Divergence.h"

#include "core/ValueVariance.h"

#include "llvm/Analysis/PostDominators.h"
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

DenseSet<const BasicBlock *> divergentlyExecutedBlocks(const Function &F, UniformityInfo &UI,
                                                       const PostDominatorTree &PDT,
                                                       ValueVariance &Variance) {
  DenseSet<const BasicBlock *> Divergent;
  for (const BasicBlock &BB : F) {
    if (!UI.hasDivergentTerminator(BB))
      continue;
    const Value *Cond = condition(BB.getTerminator());
    if (Cond && Variance.of(Cond) == model::Variance::Uniform)
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
