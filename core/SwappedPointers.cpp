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

const Value *objectAtStart(const Value *V) {
  while (auto *Op = dyn_cast<Operator>(V))
    if (Op->getOpcode() == Instruction::BitCast || Op->getOpcode() == Instruction::AddrSpaceCast)
      V = Op->getOperand(0);
    else
      break;
  return isa<GlobalVariable>(V) || isa<Argument>(V) || isa<AllocaInst>(V) ? V : nullptr;
}

/// Whether the values carried into the next iteration, PNext for P and
/// QNext for Q, are P and Q again, swapped or not, in every execution: Q and
/// P themselves (or P and Q), or two selects on one condition, or two phis
/// of one block, that bring such values on each side (a swap on some paths
/// only: clang makes selects of `if (c) swap(src, dst)`, and phis of a
/// `break` before the swap).
static bool permutes(const Value *PNext, const Value *QNext, const PHINode &P, const PHINode &Q,
                     unsigned Depth = 0) {
  if ((PNext == &Q && QNext == &P) || (PNext == &P && QNext == &Q))
    return true;
  if (Depth == 4)
    return false;
  if (auto *PSel = dyn_cast<SelectInst>(PNext)) {
    auto *QSel = dyn_cast<SelectInst>(QNext);
    return QSel && PSel->getCondition() == QSel->getCondition() &&
           permutes(PSel->getTrueValue(), QSel->getTrueValue(), P, Q, Depth + 1) &&
           permutes(PSel->getFalseValue(), QSel->getFalseValue(), P, Q, Depth + 1);
  }
  auto *PJoin = dyn_cast<PHINode>(PNext), *QJoin = dyn_cast<PHINode>(QNext);
  // Phis of the header are the pair's next iteration, not a join within it.
  if (!PJoin || !QJoin || PJoin->getParent() != QJoin->getParent() || PJoin->getParent() == P.getParent())
    return false;
  for (unsigned I = 0, E = PJoin->getNumIncomingValues(); I < E; ++I)
    if (!permutes(PJoin->getIncomingValue(I), QJoin->getIncomingValueForBlock(PJoin->getIncomingBlock(I)), P,
                  Q, Depth + 1))
      return false;
  return true;
}

std::optional<SwappedPair> swappedPairOf(const PHINode &Phi, const LoopInfo &LI) {
  const Loop *L = LI.getLoopFor(Phi.getParent());
  if (!L || L->getHeader() != Phi.getParent() || !Phi.getType()->isPointerTy())
    return std::nullopt;
  const Value *Start, *Carried;
  if (!enteringAndCarried(Phi, *L, Start, Carried))
    return std::nullopt;
  // The one the header lists first is the pair's first.
  bool PhiFirst = false;
  for (const PHINode &Other : Phi.getParent()->phis()) {
    if (&Other == &Phi) {
      PhiFirst = true;
      continue;
    }
    const Value *OtherStart, *OtherCarried;
    if (!Other.getType()->isPointerTy() || !enteringAndCarried(Other, *L, OtherStart, OtherCarried) ||
        !permutes(Carried, OtherCarried, Phi, Other))
      continue;
    return PhiFirst ? SwappedPair{&Phi, &Other, Start, OtherStart} : SwappedPair{&Other, &Phi, OtherStart, Start};
  }
  return std::nullopt;
}

} // namespace xwarp::core
