//===- core/FlaglessScalarEvolution.cpp -----------------------------------===//
#include "core/FlaglessScalarEvolution.h"

#include "llvm/IR/Dominators.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"
#include "llvm/TargetParser/Triple.h"

#include <utility>

using namespace llvm;

namespace xwarp::core {

FlaglessScalarEvolution::FlaglessScalarEvolution(Function &F, DominatorTree &DT, LoopInfo &LI)
    : F(F), TLII(Triple(F.getParent()->getTargetTriple())), TLI(TLII, &F), AC(F) {
  stripAll();
  SE = std::make_unique<ScalarEvolution>(F, TLI, AC, DT, LI);
}

FlaglessScalarEvolution::~FlaglessScalarEvolution() {
  SE.reset();
  restoreAll();
}

/// The values ScalarEvolution may be asked about, or may ask about itself:
/// addresses of memory operations, and the conditions of branches, switches
/// and assumptions (trip counts and guards read them), with every value
/// they are computed from. What only flows into stored data is left out:
/// long chains of data arithmetic cost ScalarEvolution more than all the
/// rest, and nothing asks about them. (Phis are primed apart.)
static std::vector<Instruction *> addressAndControlSlice(Function &F) {
  std::vector<Instruction *> Slice;
  SmallPtrSet<Instruction *, 32> Seen;
  auto Add = [&](Value *V) {
    if (auto *I = dyn_cast<Instruction>(V); I && Seen.insert(I).second)
      Slice.push_back(I);
  };
  for (Instruction &I : instructions(F)) {
    if (Value *P = getLoadStorePointerOperand(&I))
      Add(P);
    else if (auto *RMW = dyn_cast<AtomicRMWInst>(&I))
      Add(RMW->getPointerOperand());
    else if (auto *CX = dyn_cast<AtomicCmpXchgInst>(&I))
      Add(CX->getPointerOperand());
    else if (auto *Br = dyn_cast<BranchInst>(&I); Br && Br->isConditional())
      Add(Br->getCondition());
    else if (auto *Sw = dyn_cast<SwitchInst>(&I))
      Add(Sw->getCondition());
    else if (auto *CB = dyn_cast<CallBase>(&I)) {
      for (Value *Arg : CB->args())
        if (Arg->getType()->isPointerTy() || CB->getIntrinsicID() == Intrinsic::assume)
          Add(Arg);
    }
  }
  for (size_t K = 0; K < Slice.size(); ++K)
    for (Value *Op : Slice[K]->operands())
      Add(Op);
  return Slice;
}

void FlaglessScalarEvolution::prime() {
  if (!Stripped)
    stripAll();
  for (Instruction *I : addressAndControlSlice(F))
    if (SE->isSCEVable(I->getType()))
      SE->getSCEV(I);
  // SCEVExpander looks at a loop header's phis for a recurrence to reuse,
  // data-only ones included: their expressions, not what feeds them.
  for (BasicBlock &BB : F)
    for (PHINode &P : BB.phis())
      if (SE->isSCEVable(P.getType()))
        SE->getSCEV(&P);
  restoreAll();
}

void FlaglessScalarEvolution::stripAll() {
  Stripped = true;
  Disjoint.clear();
  for (Instruction &I : instructions(F)) {
    SavedFlags S{&I}; // none: the exchange strips I
    if (exchange(S))
      Saved.push_back(S);
    if (S.IsDisjoint)
      Disjoint.insert(&I);
  }
}

void FlaglessScalarEvolution::restoreAll() {
  for (SavedFlags &S : Saved)
    exchange(S);
  Saved.clear();
  Stripped = false;
}

bool FlaglessScalarEvolution::exchange(SavedFlags &S) {
  Instruction &I = *S.I;
  if (isa<OverflowingBinaryOperator>(I) || isa<TruncInst>(I)) {
    bool NUW = I.hasNoUnsignedWrap(), NSW = I.hasNoSignedWrap();
    I.setHasNoUnsignedWrap(std::exchange(S.NUW, NUW));
    I.setHasNoSignedWrap(std::exchange(S.NSW, NSW));
    return NUW || NSW;
  }
  if (isa<PossiblyExactOperator>(I)) {
    bool Exact = I.isExact();
    I.setIsExact(std::exchange(S.Exact, Exact));
    return Exact;
  }
  if (auto *GEP = dyn_cast<GetElementPtrInst>(&I)) {
    GEPNoWrapFlags NW = GEP->getNoWrapFlags();
    GEP->setNoWrapFlags(std::exchange(S.GEP, NW));
    return NW != GEPNoWrapFlags::none();
  }
  if (isa<PossiblyNonNegInst>(I)) {
    bool NonNeg = I.hasNonNeg();
    I.setNonNeg(std::exchange(S.NonNeg, NonNeg));
    return NonNeg;
  }
  if (auto *Or = dyn_cast<PossiblyDisjointInst>(&I)) {
    bool Disjoint = Or->isDisjoint();
    Or->setIsDisjoint(std::exchange(S.IsDisjoint, Disjoint));
    return Disjoint;
  }
  return false;
}

} // namespace xwarp::core
