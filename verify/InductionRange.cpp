//===- verify/InductionRange.cpp ------------------------------------------===//
#include "verify/InductionRange.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Operator.h"

using namespace llvm;

namespace xwarp::verify {

std::optional<ConstantRange> inductionRange(const PHINode &Phi) {
  if (!Phi.getType()->isIntegerTy() || Phi.getNumIncomingValues() != 2)
    return std::nullopt;
  // Which incoming value is the start and which the increment.
  unsigned StartIn = isa<ConstantInt>(Phi.getIncomingValue(0)) ? 0 : 1;
  auto *Start = dyn_cast<ConstantInt>(Phi.getIncomingValue(StartIn));
  auto *Inc = dyn_cast<BinaryOperator>(Phi.getIncomingValue(1 - StartIn));
  if (!Start || !Inc || Inc->getOpcode() != Instruction::Add)
    return std::nullopt;
  unsigned StepOp = Inc->getOperand(0) == &Phi ? 1 : 0;
  auto *Step = dyn_cast<ConstantInt>(Inc->getOperand(StepOp));
  if (Inc->getOperand(1 - StepOp) != &Phi || !Step || Step->isZero())
    return std::nullopt;
  const APInt &C0 = Start->getValue(), &C1 = Step->getValue();
  // The counter moves one way: an increment that wrapped is poison, and the
  // branch on it undefined behaviour. Upwards without unsigned wrap, or
  // either way without signed wrap.
  bool Up = C1.isStrictlyPositive();
  bool Unsigned = Up && Inc->hasNoUnsignedWrap();
  bool Signed = Inc->hasNoSignedWrap();
  if (!Unsigned && !Signed)
    return std::nullopt;

  // The latch's branch, and the predicate under which it comes back.
  const BasicBlock *Latch = Phi.getIncomingBlock(1 - StartIn);
  auto *Br = dyn_cast<BranchInst>(Latch->getTerminator());
  if (!Br || !Br->isConditional() || Br->getSuccessor(0) == Br->getSuccessor(1))
    return std::nullopt;
  auto *Cmp = dyn_cast<ICmpInst>(Br->getCondition());
  if (!Cmp)
    return std::nullopt;
  CmpInst::Predicate Pred = Cmp->getPredicate();
  const Value *Tested = Cmp->getOperand(0);
  auto *Bound = dyn_cast<ConstantInt>(Cmp->getOperand(1));
  if (!Bound) {
    Tested = Cmp->getOperand(1);
    Bound = dyn_cast<ConstantInt>(Cmp->getOperand(0));
    Pred = CmpInst::getSwappedPredicate(Pred);
  }
  if (!Bound || (Tested != Inc && Tested != &Phi))
    return std::nullopt;
  if (Br->getSuccessor(0) != Phi.getParent()) {
    if (Br->getSuccessor(1) != Phi.getParent())
      return std::nullopt;
    Pred = CmpInst::getInversePredicate(Pred);
  }
  // The latch tests the counter before the step or after: a test of P
  // against N is one of P + C1 against N + C1 (neither wraps).
  APInt N = Bound->getValue();
  if (Tested == &Phi) {
    bool Overflow = false;
    N = CmpInst::isSigned(Pred) || !Unsigned ? N.sadd_ov(C1, Overflow) : N.uadd_ov(C1, Overflow);
    if (Overflow)
      return std::nullopt;
  }

  // The values the counter comes back with: up to Last, or down to First.
  std::optional<APInt> Last, First;
  if (Pred == CmpInst::ICMP_NE) {
    // Only a bound the counter meets exactly stops it (else it runs on).
    APInt Distance = Up ? N - C0 : C0 - N, Stride = Up ? C1 : -C1;
    bool Ahead = Up ? (Unsigned ? N.ugt(C0) : N.sgt(C0)) : N.slt(C0);
    if (Ahead && Distance.urem(Stride) == 0)
      (Up ? Last : First) = N - C1;
  } else if (ICmpInst::isRelational(Pred)) {
    // A test on the side the counter moves towards (< or <= going up, > or
    // >= going down, unsigned only up), with no wrap of the predicate's
    // kind, that the start passes: the bound, or one short of it.
    bool Towards = Up ? ICmpInst::isLT(Pred) || ICmpInst::isLE(Pred) : ICmpInst::isGT(Pred) || ICmpInst::isGE(Pred);
    bool NoWrap = ICmpInst::isSigned(Pred) ? Signed : Unsigned;
    if (Towards && NoWrap && ICmpInst::compare(C0, N, Pred)) {
      APInt Edge = CmpInst::isStrictPredicate(Pred) ? (Up ? N - 1 : N + 1) : N;
      (Up ? Last : First) = Edge;
    }
  }
  // The start itself, and every value the latch comes back with (all of
  // them when the bounds meet round the circle: INT_MIN ... INT_MAX).
  if (Last)
    return ConstantRange::getNonEmpty(C0, *Last + 1);
  if (First)
    return ConstantRange::getNonEmpty(*First, C0 + 1);
  return std::nullopt;
}

} // namespace xwarp::verify
