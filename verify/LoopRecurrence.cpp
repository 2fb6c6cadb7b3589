//===- verify/LoopRecurrence.cpp ------------------------------------------===//
#include "verify/LoopRecurrence.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Operator.h"

using namespace llvm;

namespace xwarp::verify {

/// The step V adds to Phi, if V is Phi plus a constant; Flags gets whether
/// the add carries nuw and nsw (a GEP's are not read: a pointer's value
/// wraps with the index width whatever they say).
static std::optional<APInt> stepOf(const PHINode &Phi, const Value *V, const DataLayout &DL, bool &NUW,
                                   bool &NSW) {
  if (auto *G = dyn_cast<GEPOperator>(V)) {
    APInt Offset(DL.getIndexTypeSizeInBits(G->getType()), 0);
    if (G->getPointerOperand() != &Phi || G->getType() != Phi.getType() ||
        !G->accumulateConstantOffset(DL, Offset))
      return std::nullopt;
    NUW = NSW = false;
    return Offset;
  }
  auto *Add = dyn_cast<BinaryOperator>(V);
  if (!Add || Add->getOpcode() != Instruction::Add)
    return std::nullopt;
  unsigned PhiOp = Add->getOperand(0) == &Phi ? 0 : 1;
  auto *C = dyn_cast<ConstantInt>(Add->getOperand(1 - PhiOp));
  if (Add->getOperand(PhiOp) != &Phi || !C)
    return std::nullopt;
  NUW = Add->hasNoUnsignedWrap();
  NSW = Add->hasNoSignedWrap();
  return C->getValue();
}

std::optional<LoopRecurrence> loopRecurrence(const PHINode &Phi, const DominatorTree &DT, const DataLayout &DL) {
  if (!Phi.getType()->isIntegerTy() && !Phi.getType()->isPointerTy())
    return std::nullopt;
  // A GEP moves only the index's bits of a pointer wider than its index.
  if (Phi.getType()->isPointerTy() &&
      DL.getIndexTypeSizeInBits(Phi.getType()) != DL.getPointerTypeSizeInBits(Phi.getType()))
    return std::nullopt;
  const BasicBlock *Header = Phi.getParent();
  LoopRecurrence R;
  bool Latches = false, Entries = false;
  R.NoUnsignedWrap = R.NoSignedWrap = true;
  for (unsigned I = 0; I < Phi.getNumIncomingValues(); ++I) {
    const Value *In = Phi.getIncomingValue(I);
    if (!DT.dominates(Header, Phi.getIncomingBlock(I))) {
      if (Entries && In != R.Start)
        return std::nullopt;
      R.Start = In;
      Entries = true;
      continue;
    }
    bool NUW, NSW;
    std::optional<APInt> Step = stepOf(Phi, In, DL, NUW, NSW);
    if (!Step || (Latches && *Step != R.Step))
      return std::nullopt;
    R.Step = *Step;
    R.NoUnsignedWrap &= NUW;
    R.NoSignedWrap &= NSW;
    Latches = true;
  }
  if (!Latches || !Entries || !DT.isReachableFromEntry(Header))
    return std::nullopt;
  return R;
}

} // namespace xwarp::verify
