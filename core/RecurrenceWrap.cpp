//===- core/RecurrenceWrap.cpp --------------------------------------------===//
#include "core/RecurrenceWrap.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;

namespace xwarp::core {

using I128 = __int128;

NoWrap RecurrenceWrap::of(const SCEVAddRecExpr *AR) {
  if (!AR->isAffine() || AR->getType()->getIntegerBitWidth() > 32)
    return NoWrap::None;
  if (AR->hasNoSignedWrap())
    return NoWrap::Signed;
  if (AR->hasNoUnsignedWrap())
    return NoWrap::Unsigned;
  if (!DT)
    return NoWrap::None;
  for (const Witness &W : witnessesOf(*AR->getLoop()))
    for (NoWrap K : {NoWrap::Signed, NoWrap::Unsigned})
      if (bounds(W, AR, K))
        return K;
  return NoWrap::None;
}

const std::vector<RecurrenceWrap::Witness> &RecurrenceWrap::witnessesOf(const Loop &L) {
  auto [It, New] = Witnesses.try_emplace(&L);
  std::vector<Witness> &Out = It->second;
  const BasicBlock *Latch = L.getLoopLatch();
  if (!New || !Latch)
    return Out;
  // A block of the loop itself that dominates the latch runs whole in
  // every iteration that goes round again.
  for (const BasicBlock *B : L.blocks()) {
    if (LI.getLoopFor(B) != &L || !DT->dominates(B, Latch))
      continue;
    for (const Instruction &I : *B) {
      // A volatile access may touch addresses outside any object (LangRef:
      // it proves nothing defined about its address): no witness either.
      const Value *Ptr = getLoadStorePointerOperand(&I);
      if (!Ptr || !Ptr->getType()->isPointerTy() || I.isVolatile())
        continue;
      const SCEV *At = SE.getSCEV(const_cast<Value *>(Ptr));
      auto *Base = dyn_cast<SCEVUnknown>(SE.getPointerBase(At));
      if (!Base)
        continue;
      // An object whose size this module fixes: a defined global no other
      // definition can replace (an extern __shared__ array has none).
      auto *GV = dyn_cast<GlobalVariable>(Base->getValue()->stripPointerCasts());
      if (!GV || GV->isDeclaration() || GV->isInterposable() || !GV->getValueType()->isSized())
        continue;
      // An access of no bytes is defined at any address: it bounds nothing.
      TypeSize Size = DL.getTypeStoreSize(getLoadStoreType(const_cast<Instruction *>(&I)));
      if (Size.isScalable() || Size.getFixedValue() == 0)
        continue;
      const SCEV *Offset = SE.getMinusSCEV(At, Base);
      if (isa<SCEVCouldNotCompute>(Offset))
        continue;
      Out.push_back({Offset, Size.getFixedValue(), DL.getTypeAllocSize(GV->getValueType()).getFixedValue()});
    }
  }
  return Out;
}

bool RecurrenceWrap::bounds(const Witness &W, const SCEVAddRecExpr *AR, NoWrap Kind) {
  // Offset = D + C * ext(AR), C > 0, in the shapes ScalarEvolution writes.
  const SCEV *Rest = W.Offset;
  I128 D = 0, C = 1;
  auto Small = [](const SCEVConstant *K, unsigned Bits) {
    return K && K->getAPInt().getSignificantBits() <= Bits;
  };
  if (auto *Add = dyn_cast<SCEVAddExpr>(Rest)) {
    auto *K = dyn_cast<SCEVConstant>(Add->getOperand(0));
    if (Add->getNumOperands() != 2 || !Small(K, 62))
      return false;
    D = K->getAPInt().getSExtValue();
    Rest = Add->getOperand(1);
  }
  if (auto *Mul = dyn_cast<SCEVMulExpr>(Rest)) {
    auto *K = dyn_cast<SCEVConstant>(Mul->getOperand(0));
    if (Mul->getNumOperands() != 2 || !Small(K, 31))
      return false;
    C = K->getAPInt().getSExtValue();
    Rest = Mul->getOperand(1);
  }
  bool Signed = Kind == NoWrap::Signed;
  auto *Ext = Signed ? static_cast<const SCEVCastExpr *>(dyn_cast<SCEVSignExtendExpr>(Rest))
                     : static_cast<const SCEVCastExpr *>(dyn_cast<SCEVZeroExtendExpr>(Rest));
  if (!Ext || Ext->getOperand() != AR || C <= 0 || W.ObjectSize < W.Size)
    return false;
  // An access in bounds has 0 <= C * e + D <= ObjectSize - Size for the
  // extended value e of the recurrence, so e <= Hi; provided the offset
  // C * e + D cannot wrap at its own width (the index width of the pointer:
  // 32 bits for short shared pointers), where it would be in bounds modulo
  // 2^width whatever e.
  unsigned Bits = AR->getType()->getIntegerBitWidth();
  unsigned OffsetBits = W.Offset->getType()->getIntegerBitWidth();
  I128 Half = I128(1) << (OffsetBits - 1);
  if (OffsetBits > 64 || (C << Bits) + (D < 0 ? -D : D) >= Half || I128(W.ObjectSize) >= Half)
    return false;
  I128 Num = I128(W.ObjectSize - W.Size) - D;
  I128 Hi = Num >= 0 ? Num / C : -((-Num + C - 1) / C);
  // A positive step of at most MaxStep, added to a value <= Hi, stays
  // below the wrap of the extension: by induction over the completed
  // iterations, e at iteration k is e(S) + k * X.
  const SCEV *Step = AR->getStepRecurrence(SE);
  ConstantRange R = Signed ? SE.getSignedRange(Step) : SE.getUnsignedRange(Step);
  APInt Min = Signed ? R.getSignedMin() : R.getUnsignedMin();
  APInt Max = Signed ? R.getSignedMax() : R.getUnsignedMax();
  if (Signed ? !Min.isStrictlyPositive() : Min.isZero())
    return false;
  I128 MaxStep = Signed ? I128(Max.getSExtValue()) : I128(Max.getZExtValue());
  I128 Limit = (I128(1) << (Signed ? Bits - 1 : Bits)) - 1;
  return Hi + MaxStep <= Limit;
}

} // namespace xwarp::core
