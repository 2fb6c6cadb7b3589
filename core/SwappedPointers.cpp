//===- core/SwappedPointers.cpp -------------------------------------------===//
#include "core/SwappedPointers.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Operator.h"

using namespace llvm;

namespace xwarp::core {

/// The one value Phi takes from outside L and the one it takes from inside
/// it, or false when either side brings two values.
static bool enteringAndCarried(const PHINode &Phi, const Loop &L, const Value *&Entering,
                               const Value *&Carried) {
  Entering = Carried = nullptr;
  for (unsigned I = 0, E = Phi.getNumIncomingValues(); I < E; ++I) {
    const Value *&Slot = L.contains(Phi.getIncomingBlock(I)) ? Carried : Entering;
    if (Slot && Slot != Phi.getIncomingValue(I))
      return false;
    Slot = Phi.getIncomingValue(I);
  }
  return Entering && Carried;
}

/// The object V is the start of, through casts only: an offset into an
/// object would be an offset the pair's accesses do not carry.
static const Value *objectStart(const Value *V) {
  while (auto *Op = dyn_cast<Operator>(V))
    if (Op->getOpcode() == Instruction::BitCast || Op->getOpcode() == Instruction::AddrSpaceCast)
      V = Op->getOperand(0);
    else
      break;
  return isa<GlobalVariable>(V) || isa<Argument>(V) || isa<AllocaInst>(V) ? V : nullptr;
}

std::optional<SwappedPair> swappedPairOf(const PHINode &Phi, const LoopInfo &LI) {
  const Loop *L = LI.getLoopFor(Phi.getParent());
  if (!L || L->getHeader() != Phi.getParent() || !Phi.getType()->isPointerTy())
    return std::nullopt;
  const Value *Start, *Carried, *OtherStart, *OtherCarried;
  if (!enteringAndCarried(Phi, *L, Start, Carried))
    return std::nullopt;
  auto *Other = dyn_cast<PHINode>(Carried);
  if (!Other || Other == &Phi || Other->getParent() != Phi.getParent() ||
      !enteringAndCarried(*Other, *L, OtherStart, OtherCarried) || OtherCarried != &Phi)
    return std::nullopt;
  Start = objectStart(Start);
  OtherStart = objectStart(OtherStart);
  if (!Start || !OtherStart)
    return std::nullopt;
  // The header lists its phis first: the one met first is the pair's first.
  for (const PHINode &P : Phi.getParent()->phis()) {
    if (&P == &Phi)
      return SwappedPair{&Phi, Other, Start, OtherStart};
    if (&P == Other)
      return SwappedPair{Other, &Phi, OtherStart, Start};
  }
  return std::nullopt;
}

} // namespace xwarp::core
