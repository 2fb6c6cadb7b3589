//===- core/FlaglessScalarEvolution.cpp -----------------------------------===//
#include "core/FlaglessScalarEvolution.h"

#include "llvm/IR/Dominators.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"
#include "llvm/TargetParser/Triple.h"

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
    SavedFlags S{&I};
    if (strip(I, S))
      Saved.push_back(S);
    if (S.IsDisjoint)
      Disjoint.insert(&I);
  }
}

void FlaglessScalarEvolution::restoreAll() {
  for (const SavedFlags &S : Saved)
    restore(S);
  Saved.clear();
  Stripped = false;
}

bool FlaglessScalarEvolution::strip(Instruction &I, SavedFlags &S) {
  if (isa<OverflowingBinaryOperator>(I) || isa<TruncInst>(I)) {
    S.NUW = I.hasNoUnsignedWrap();
    S.NSW = I.hasNoSignedWrap();
    I.setHasNoUnsignedWrap(false);
    I.setHasNoSignedWrap(false);
    return S.NUW || S.NSW;
  }
  if (isa<PossiblyExactOperator>(I)) {
    S.Exact = I.isExact();
    I.setIsExact(false);
    return S.Exact;
  }
  if (auto *GEP = dyn_cast<GetElementPtrInst>(&I)) {
    S.GEP = GEP->getNoWrapFlags();
    GEP->setNoWrapFlags(GEPNoWrapFlags::none());
    return S.GEP != GEPNoWrapFlags::none();
  }
  if (isa<PossiblyNonNegInst>(I)) {
    S.NonNeg = I.hasNonNeg();
    I.setNonNeg(false);
    return S.NonNeg;
  }
  if (auto *Or = dyn_cast<PossiblyDisjointInst>(&I)) {
    S.IsDisjoint = Or->isDisjoint();
    Or->setIsDisjoint(false);
    return S.IsDisjoint;
  }
  return false;
}

void FlaglessScalarEvolution::restore(const SavedFlags &S) {
  Instruction &I = *S.I;
  if (isa<OverflowingBinaryOperator>(I) || isa<TruncInst>(I)) {
    I.setHasNoUnsignedWrap(S.NUW);
    I.setHasNoSignedWrap(S.NSW);
  } else if (isa<PossiblyExactOperator>(I)) {
    I.setIsExact(S.Exact);
  } else if (auto *GEP = dyn_cast<GetElementPtrInst>(&I)) {
    GEP->setNoWrapFlags(S.GEP);
  } else if (isa<PossiblyNonNegInst>(I)) {
    I.setNonNeg(S.NonNeg);
  } else if (auto *Or = dyn_cast<PossiblyDisjointInst>(&I)) {
    Or->setIsDisjoint(S.IsDisjoint);
  }
}

} // namespace xwarp::core
