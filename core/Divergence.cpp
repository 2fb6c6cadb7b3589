//===- core/Divergence.cpp ------------------------------------------------===//
#include "core/Divergence.h"

#include "llvm/Analysis/PostDominators.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Function.h"

using namespace llvm;

namespace xwarp::core {

DenseSet<const BasicBlock *> divergentlyExecutedBlocks(const Function &F, UniformityInfo &UI,
                                                       const PostDominatorTree &PDT) {
  DenseSet<const BasicBlock *> Divergent;
  for (const BasicBlock &BB : F) {
    if (!UI.hasDivergentTerminator(BB))
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
