//===- core/FlaglessScalarEvolution.cpp -----------------------------------===//
#include "core/FlaglessScalarEvolution.h"

#include "llvm/IR/Dominators.h"
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

void FlaglessScalarEvolution::prime() {
  if (!Stripped)
    stripAll();
  for (Instruction &I : instructions(F))
    if (SE->isSCEVable(I.getType()))
      SE->getSCEV(&I);
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
