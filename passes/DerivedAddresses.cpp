//===- passes/DerivedAddresses.cpp ----------------------------------------===//
#include "passes/DerivedAddresses.h"

#include "core/AddressGroups.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Operator.h"

using namespace llvm;

namespace xwarp::passes {

bool derivesFromInRange(const Value *Ptr) {
  SmallVector<const Value *, 8> Work{Ptr};
  SmallPtrSet<const Value *, 16> Seen;
  while (!Work.empty()) {
    const Value *V = Work.pop_back_val();
    if (!Seen.insert(V).second)
      continue;
    if (auto *G = dyn_cast<GEPOperator>(V)) {
      if (G->getInRange())
        return true;
      Work.push_back(G->getPointerOperand());
    } else if (auto *C = dyn_cast<Operator>(V); C && (C->getOpcode() == Instruction::BitCast ||
                                                     C->getOpcode() == Instruction::AddrSpaceCast)) {
      Work.push_back(C->getOperand(0));
    } else if (auto *P = dyn_cast<PHINode>(V)) {
      Work.append(P->op_begin(), P->op_end());
    } else if (auto *S = dyn_cast<SelectInst>(V)) {
      Work.push_back(S->getTrueValue());
      Work.push_back(S->getFalseValue());
    }
  }
  return false;
}

bool isRefinedValue(const Value *V) {
  return isa<PHINode, SelectInst>(V) &&
         any_of(cast<User>(V)->operands(), [](const Use &Op) { return isa<UndefValue>(Op.get()); });
}

bool readsRefinedValue(const Value *Ptr) {
  SmallVector<const Value *, 8> Work{Ptr};
  SmallPtrSet<const Value *, 16> Seen;
  while (!Work.empty()) {
    const Value *V = Work.pop_back_val();
    if (!Seen.insert(V).second || !(core::isAddressOpcode(V) || isa<PHINode, SelectInst>(V)))
      continue;
    if (isRefinedValue(V))
      return true;
    Work.append(cast<User>(V)->op_begin(), cast<User>(V)->op_end());
  }
  return false;
}

bool isPossiblyPoisonConstant(const Value *V) {
  return isa<Constant>(V) && !isGuaranteedNotToBePoison(V);
}

SmallPtrSet<const Value *, 32> poisonSources(const Value *V) {
  SmallVector<const Value *, 16> Work{V};
  SmallPtrSet<const Value *, 32> Seen;
  while (!Work.empty() && Seen.size() < 64) {
    auto *XI = dyn_cast<Instruction>(Work.pop_back_val());
    if (!XI || !Seen.insert(XI).second)
      continue;
    for (const Use &U : XI->operands())
      if (propagatesPoison(U))
        Work.push_back(U.get());
  }
  return Seen;
}

} // namespace xwarp::passes
