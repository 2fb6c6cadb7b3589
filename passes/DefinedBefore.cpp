//===- passes/DefinedBefore.cpp -------------------------------------------===//
#include "passes/DefinedBefore.h"

#include "passes/DerivedAddresses.h"
#include "verify/PoisonInputs.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Operator.h"

using namespace llvm;

namespace xwarp::passes {

std::vector<const Instruction *> earlierAccessesThrough(const Value *V, const Instruction *P,
                                                        const DominatorTree &DT) {
  std::vector<const Instruction *> Out;
  SmallVector<const Value *, 8> Work{V};
  SmallPtrSet<const Value *, 16> Seen{V};
  while (!Work.empty() && Seen.size() < 32) {
    const Value *Cur = Work.pop_back_val();
    for (const Use &U : Cur->uses()) {
      auto *UI = dyn_cast<Instruction>(U.getUser());
      if (!UI || !DT.dominates(UI, P))
        continue;
      if (core::addressOperand(*UI) == Cur) {
        Out.push_back(UI);
        continue;
      }
      if (propagatesPoison(U) && !UI->getType()->isVoidTy() && Seen.insert(UI).second)
        Work.push_back(UI);
    }
  }
  return Out;
}

bool accessedBefore(const core::AddressMember &Q, const Instruction *P, const DominatorTree &DT) {
  if (!isa<Instruction>(Q.Pointer))
    return !isPossiblyPoisonConstant(Q.Pointer);
  return any_of(Q.MemoryOps, [&](const Instruction *Op) { return DT.dominates(Op, P); });
}

bool definedByParts(const Value *Q, const Instruction *P, const SmallPtrSetImpl<const Value *> &PoisonOfP,
                    const DominatorTree &DT, verify::DefinedClaims &Claims) {
  SmallVector<const Value *, 8> Work{Q};
  SmallPtrSet<const Value *, 16> Seen{Q};
  while (!Work.empty()) {
    const Value *V = Work.pop_back_val();
    // Poison here makes P poison as well (an argument is no instruction of
    // PoisonOfP, but one of them reads it).
    if (PoisonOfP.contains(V) || any_of(V->uses(), [&](const Use &U) {
          return PoisonOfP.contains(U.getUser()) && propagatesPoison(U);
        }))
      continue;
    if (isa<Constant>(V)) {
      if (isPossiblyPoisonConstant(V))
        return false;
      continue;
    }
    if (std::vector<const Instruction *> Evidence = earlierAccessesThrough(V, P, DT); !Evidence.empty()) {
      Claims[V] = std::move(Evidence);
      continue;
    }
    // An input (an argument, phi, load or call) is defined only by what it
    // is; arithmetic by its operands when it has no flags of its own.
    auto *I = dyn_cast<Instruction>(V);
    if (!I || isa<PHINode>(I) || isa<CallBase>(I) || I->mayReadOrWriteMemory()) {
      if (verify::mayBePoisonItself(V))
        return false;
      continue;
    }
    if (isa<FreezeInst>(I))
      continue;
    if (canCreateUndefOrPoison(cast<Operator>(I)))
      return false;
    for (const Value *Op : I->operands())
      if (Seen.insert(Op).second) {
        if (Seen.size() > 16)
          return false;
        Work.push_back(Op);
      }
  }
  return true;
}

} // namespace xwarp::passes
