//===- core/InBoundsIterations.cpp ----------------------------------------===//
#include "core/InBoundsIterations.h"

#include "core/NvvmAnnotations.h"
#include "model/Launch.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Operator.h"

#include <algorithm>

using namespace llvm;

namespace xwarp::core {

namespace {

/// Integers with room for every bound below: offsets up to 2^40, scales up
/// to 2^20, the ranges of values up to 32 bits.
using Wide = __int128;

constexpr Wide MaxScale = Wide(1) << 20;
constexpr Wide MaxConstantOffset = Wide(1) << 40;
constexpr unsigned MaxIndexBits = 32;

/// The least and greatest value a recurrence's step may take.
struct StepRange {
  Wide Min, Max;
};

/// An access whose one variable index is ext(Phi), and the values of
/// ext(Phi) that keep it inside its object.
struct IndexedAccess {
  const PHINode *Phi;
  Wide Lo, Hi;
  /// The greatest value of ext(Phi) at all (2^(w-1) - 1 or 2^w - 1).
  Wide TypeMax;
};

Wide floorDiv(Wide A, Wide B) { return A / B - (A % B != 0 && A < 0); }
Wide ceilDiv(Wide A, Wide B) { return -floorDiv(-A, B); }

/// The bytes Base takes, when no other definition (at link time) or
/// runtime size can change them.
std::optional<uint64_t> exactObjectSize(const Value *Base, const DataLayout &DL) {
  std::optional<TypeSize> Size;
  if (auto *GV = dyn_cast<GlobalVariable>(Base); GV && GV->hasExactDefinition())
    Size = DL.getTypeAllocSize(GV->getValueType());
  else if (auto *AI = dyn_cast<AllocaInst>(Base))
    Size = AI->getAllocationSize(DL);
  if (!Size || Size->isScalable())
    return std::nullopt;
  return Size->getFixedValue();
}

std::optional<IndexedAccess> indexedAccessOf(const Instruction &I, const DataLayout &DL) {
  const Value *Ptr = nullptr;
  Type *Ty = nullptr;
  if (auto *Load = dyn_cast<LoadInst>(&I); Load && !Load->isVolatile()) {
    Ptr = Load->getPointerOperand();
    Ty = Load->getType();
  } else if (auto *Store = dyn_cast<StoreInst>(&I); Store && !Store->isVolatile()) {
    Ptr = Store->getPointerOperand();
    Ty = Store->getValueOperand()->getType();
  } else {
    return std::nullopt;
  }
  auto *GEP = dyn_cast<GEPOperator>(Ptr);
  TypeSize Access = DL.getTypeStoreSize(Ty);
  // An access of no bytes is defined at any address: it bounds nothing.
  if (!GEP || Access.isScalable() || Access.getFixedValue() == 0 ||
      DL.getIndexTypeSizeInBits(GEP->getType()) != 64)
    return std::nullopt;
  std::optional<uint64_t> Size = exactObjectSize(GEP->getPointerOperand(), DL);
  MapVector<Value *, APInt> Variables;
  APInt Constant(64, 0);
  if (!Size || !GEP->collectOffset(DL, 64, Variables, Constant) || Variables.size() != 1)
    return std::nullopt;
  auto &[Index, ScaleBits] = Variables.front();
  Wide Scale = ScaleBits.getSExtValue(), Offset = Constant.getSExtValue();
  if (Scale < 1 || Scale > MaxScale || Offset < -MaxConstantOffset || Offset > MaxConstantOffset)
    return std::nullopt;
  auto *Ext = dyn_cast<CastInst>(Index);
  if (!Ext || !(isa<SExtInst>(Ext) || isa<ZExtInst>(Ext)))
    return std::nullopt;
  auto *Phi = dyn_cast<PHINode>(Ext->getOperand(0));
  if (!Phi || Phi->getType()->getIntegerBitWidth() > MaxIndexBits)
    return std::nullopt;
  // Scale * ext(i) + Offset stays far inside 64 bits, so the GEP's offset is
  // that integer, and inside the object: 0 <= it <= Size - Access.
  unsigned W = Phi->getType()->getIntegerBitWidth();
  bool Signed = isa<SExtInst>(Ext);
  Wide TypeMin = Signed ? -(Wide(1) << (W - 1)) : 0;
  Wide TypeMax = Signed ? (Wide(1) << (W - 1)) - 1 : (Wide(1) << W) - 1;
  Wide Lo = std::max(TypeMin, ceilDiv(-Offset, Scale));
  Wide Hi = std::min(TypeMax, floorDiv(Wide(*Size) - Wide(Access.getFixedValue()) - Offset, Scale));
  if (Lo > Hi)
    return std::nullopt;
  return IndexedAccess{Phi, Lo, Hi, TypeMax};
}

/// The range of s when Phi is a header phi of L that enters from outside L
/// with values that are not undef and comes back from the latch as
/// `add Phi, s`, s a constant >= 1 or ntid. (Started from undef, as from a
/// load of memory never written or a call's result without noundef, i may
/// be one value at the access and another at the add.)
std::optional<StepRange> recurrenceStep(const PHINode &Phi, const Loop &L, const BasicBlock &Latch,
                                        const DominatorTree &DT) {
  if (Phi.getParent() != L.getHeader())
    return std::nullopt;
  const Value *Next = nullptr;
  for (unsigned K = 0, E = Phi.getNumIncomingValues(); K < E; ++K) {
    const BasicBlock *From = Phi.getIncomingBlock(K);
    if (From == &Latch)
      Next = Phi.getIncomingValue(K);
    else if (L.contains(From) ||
             !isGuaranteedNotToBeUndef(Phi.getIncomingValue(K), /*AC=*/nullptr, From->getTerminator(), &DT))
      return std::nullopt;
  }
  auto *Add = dyn_cast_or_null<BinaryOperator>(Next);
  if (!Add || Add->getOpcode() != Instruction::Add)
    return std::nullopt;
  const Value *Step = Add->getOperand(0) == &Phi ? Add->getOperand(1)
                      : Add->getOperand(1) == &Phi ? Add->getOperand(0)
                                                   : nullptr;
  if (auto *C = dyn_cast_or_null<ConstantInt>(Step); C && C->getValue().isStrictlyPositive())
    return StepRange{C->getSExtValue(), C->getSExtValue()};
  if (auto *I = dyn_cast_or_null<Instruction>(Step))
    if (std::optional<SpecialRegister> R = specialRegisterOf(*I); R && R->K == SpecialRegister::Ntid)
      return StepRange{1, model::LaunchBounds::CudaMaxDim[static_cast<unsigned>(R->D)]};
  return std::nullopt;
}

} // namespace

std::optional<uint64_t> iterationsBoundedByAccesses(const Loop &L, const DominatorTree &DT, const DataLayout &DL) {
  const BasicBlock *Latch = L.getLoopLatch();
  if (!Latch)
    return std::nullopt;
  std::optional<uint64_t> Best;
  for (const BasicBlock *B : L.blocks()) {
    // Every iteration that goes on to the next passed through B.
    if (!DT.dominates(B, Latch))
      continue;
    for (const Instruction &I : *B) {
      std::optional<IndexedAccess> A = indexedAccessOf(I, DL);
      if (!A)
        continue;
      std::optional<StepRange> S = recurrenceStep(*A->Phi, L, *Latch, DT);
      // From any ext(i) in [Lo, Hi], i + s does not wrap: the next value of
      // ext(i) is the integer ext(i) + s.
      if (!S || A->Hi + S->Max > A->TypeMax)
        continue;
      // Iterations 0 .. k-1 completed in bounds: Lo + (k-1) * s <= Hi.
      uint64_t Bound = static_cast<uint64_t>((A->Hi - A->Lo) / S->Min + 1);
      Best = std::min(Best.value_or(Bound), Bound);
    }
  }
  return Best;
}

} // namespace xwarp::core
