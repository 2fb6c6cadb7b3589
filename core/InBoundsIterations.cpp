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

/// The least and greatest size of a recurrence's step, and its direction.
struct StepRange {
  Wide Min, Max;
  bool Down = false;
};

/// An access one of whose variable indices is a header phi of the loop,
/// extended to 64 bits or the 64-bit index itself, and what keeps it inside
/// its object.
struct IndexedAccess {
  const PHINode *Phi;
  /// 2^w for an extended Phi of w bits (its period), 0 for a 64-bit one.
  Wide Range = 0;
  /// The greatest offset in bounds, and the scale of Phi's index.
  Wide Room = 0, Scale = 0;
  /// When Phi's index is the only variable one: the values of ext(Phi)
  /// that keep the access in bounds.
  std::optional<std::pair<Wide, Wide>> Window;
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

/// The header phi of L an index is: the phi itself (64 bits, or narrower and
/// sign-extended by the GEP) or its sign or zero extension.
const PHINode *counterOf(const Value *Index, const Loop &L, bool &Signed) {
  auto *Ext = dyn_cast<CastInst>(Index);
  bool Cast = Ext && (isa<SExtInst>(Ext) || isa<ZExtInst>(Ext));
  auto *Phi = dyn_cast<PHINode>(Cast ? Ext->getOperand(0) : Index);
  if (!Phi || Phi->getParent() != L.getHeader() || !Phi->getType()->isIntegerTy())
    return nullptr;
  unsigned W = Phi->getType()->getIntegerBitWidth();
  Signed = !Cast || isa<SExtInst>(Ext);
  return W <= MaxIndexBits || (!Cast && W == 64) ? Phi : nullptr;
}

/// Whether V is one value throughout L: defined outside it, or computed in
/// it by casts and arithmetic (no division) from such values and special
/// registers (a column `zext(tid.x)` that was not hoisted). %warpid is not
/// one: PTX lets a thread's warp id change as it runs.
bool sameInEveryIteration(const Value *V, const Loop &L, unsigned Depth = 0) {
  if (L.isLoopInvariant(V))
    return true;
  auto *I = dyn_cast<Instruction>(V);
  if (!I || Depth > 4)
    return false;
  if (auto *Call = dyn_cast<CallInst>(I)) {
    std::optional<SpecialRegister> R = specialRegisterOf(*Call);
    return R && R->K != SpecialRegister::WarpId;
  }
  if (!isa<CastInst>(I) && !(isa<BinaryOperator>(I) && !I->isIntDivRem()))
    return false;
  return all_of(I->operands(), [&](const Value *Op) { return sameInEveryIteration(Op, L, Depth + 1); });
}

std::optional<IndexedAccess> indexedAccessOf(const Instruction &I, const Loop &L, const DominatorTree &DT,
                                             const DataLayout &DL) {
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
  // A generic view of the object (`addrspacecast @s to ptr`, which infer-
  // address-spaces has not yet folded) is the same object.
  std::optional<uint64_t> Size = exactObjectSize(GEP->getPointerOperand()->stripPointerCasts(), DL);
  MapVector<Value *, APInt> Variables;
  APInt Constant(64, 0);
  if (!Size || !GEP->collectOffset(DL, 64, Variables, Constant))
    return std::nullopt;
  // One index is the counter; any other (a 2-D tile's column) must be one
  // value throughout L, so it moves the window of the counter's offsets,
  // not the counter's steps. Undef could be another value in each iteration.
  const PHINode *Phi = nullptr;
  bool Signed = false;
  Wide Scale = 0;
  for (auto &[Index, ScaleBits] : Variables) {
    bool IndexSigned = false;
    if (const PHINode *Counter = counterOf(Index, L, IndexSigned); Counter && !Phi) {
      Phi = Counter;
      Signed = IndexSigned;
      Scale = ScaleBits.getSExtValue();
    } else if (!sameInEveryIteration(Index, L) || !isGuaranteedNotToBeUndef(Index, /*AC=*/nullptr, &I, &DT)) {
      return std::nullopt;
    }
  }
  Wide Offset = Constant.getSExtValue();
  Wide Room = Wide(*Size) - Wide(Access.getFixedValue());
  if (!Phi || Scale < 1 || Scale > MaxScale || Offset < -MaxConstantOffset || Offset > MaxConstantOffset ||
      Room < 0)
    return std::nullopt;
  unsigned W = Phi->getType()->getIntegerBitWidth();
  IndexedAccess A{Phi, W == 64 ? 0 : Wide(1) << W, Room, Scale, std::nullopt};
  if (W == 64 || Variables.size() > 1)
    return A;
  // Scale * ext(i) + Offset stays far inside 64 bits, so the GEP's offset is
  // that integer, and inside the object: 0 <= it <= Room.
  Wide TypeMin = Signed ? -(Wide(1) << (W - 1)) : 0;
  Wide TypeMax = Signed ? (Wide(1) << (W - 1)) - 1 : (Wide(1) << W) - 1;
  Wide Lo = std::max(TypeMin, ceilDiv(-Offset, Scale));
  Wide Hi = std::min(TypeMax, floorDiv(Room - Offset, Scale));
  if (Lo > Hi)
    return std::nullopt;
  A.Window.emplace(Lo, Hi);
  return A;
}

/// At most how many iterations complete a step each, when each complete
/// iteration keeps A in bounds; none when a step could leave the bounds and
/// come back into them by wrapping.
std::optional<Wide> completeStepsBound(const IndexedAccess &A, const StepRange &S) {
  if (A.Window) {
    // From any ext(i) in [Lo, Hi], a step that wraps lands outside
    // [Lo, Hi] (ext(i) + s - 2^w < Lo, or ext(i) - s + 2^w > Hi), where the
    // next iteration cannot complete: the steps of complete iterations are
    // exact, and (k-1) * s <= Hi - Lo.
    auto [Lo, Hi] = *A.Window;
    if (S.Down ? Lo - S.Max + A.Range <= Hi : Hi + S.Max - A.Range >= Lo)
      return std::nullopt;
    return (Hi - Lo) / S.Min;
  }
  // Two offsets in [0, Room] one step apart differ by Scale * s modulo 2^64
  // (the other indices are the same in both); when Room + Scale * s < 2^64,
  // by exactly Scale * s. An extended counter that wraps moves its offset by
  // Scale * (2^w - s) the other way instead, which must leave [0, Room] and
  // not come round 2^64 back into it. The offsets of complete iterations then
  // move one way by at least Scale * min(s).
  Wide Top = Wide(1) << 64;
  if (A.Room + A.Scale * S.Max >= Top)
    return std::nullopt;
  if (A.Range && (A.Scale * (A.Range - S.Max) <= A.Room || A.Scale * (A.Range - S.Min) + A.Room >= Top))
    return std::nullopt;
  return A.Room / (A.Scale * S.Min);
}

/// The range of a positive step of W bits: a constant, a read of ntid (as
/// the launch bounds it), or either times a constant (`2 * blockDim.x`)
/// where the product cannot wrap.
std::optional<StepRange> positiveStep(const Value *S, unsigned W, const model::LaunchBounds &Launch,
                                      unsigned Depth = 0) {
  Wide Top = (Wide(1) << (W - 1)) - 1;
  if (auto *C = dyn_cast<ConstantInt>(S))
    return C->getValue().isStrictlyPositive() ? std::optional(StepRange{C->getSExtValue(), C->getSExtValue()})
                                              : std::nullopt;
  auto *I = dyn_cast<Instruction>(S);
  if (!I)
    return std::nullopt;
  if (std::optional<SpecialRegister> R = specialRegisterOf(*I); R && R->K == SpecialRegister::Ntid)
    return StepRange{Launch.minDim(R->D), Launch.maxDim(R->D)};
  // Extending a positive step keeps its value (`i += blockDim.x` on a long).
  if ((isa<ZExtInst>(I) || isa<SExtInst>(I)) && Depth <= 2)
    return positiveStep(I->getOperand(0), I->getOperand(0)->getType()->getIntegerBitWidth(), Launch, Depth + 1);
  bool Scaling = I->getOpcode() == Instruction::Mul || I->getOpcode() == Instruction::Shl;
  auto *C = Scaling ? dyn_cast<ConstantInt>(I->getOperand(1)) : nullptr;
  if (!C || Depth > 2)
    return std::nullopt;
  Wide Factor = I->getOpcode() == Instruction::Mul ? Wide(C->getSExtValue())
                : C->getValue().ult(W - 1)        ? Wide(1) << C->getZExtValue()
                                                  : Wide(0);
  std::optional<StepRange> X = positiveStep(I->getOperand(0), W, Launch, Depth + 1);
  if (!X || Factor < 1 || X->Max * Factor > Top)
    return std::nullopt;
  return StepRange{X->Min * Factor, X->Max * Factor};
}

/// The step of Phi when it is a header phi of L that enters from outside L
/// with values that are not undef and comes back from the latch as
/// `add Phi, s` or `sub Phi, s`, s a positive step (or a negative constant,
/// added). (Started from undef, as from a load of memory never written or a
/// call's result without noundef, i may be one value at the access and
/// another at the add.)
std::optional<StepRange> recurrenceStep(const PHINode &Phi, const Loop &L, const BasicBlock &Latch,
                                        const DominatorTree &DT, const model::LaunchBounds &Launch) {
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
  auto *Op = dyn_cast_or_null<BinaryOperator>(Next);
  if (!Op || (Op->getOpcode() != Instruction::Add && Op->getOpcode() != Instruction::Sub))
    return std::nullopt;
  bool Add = Op->getOpcode() == Instruction::Add;
  const Value *Step = Op->getOperand(0) == &Phi ? Op->getOperand(1)
                      : Add && Op->getOperand(1) == &Phi ? Op->getOperand(0)
                                                         : nullptr;
  if (!Step)
    return std::nullopt;
  unsigned W = Phi.getType()->getIntegerBitWidth();
  // i + c with c < 0 counts down by -c (as i - c with c < 0 counts up).
  if (auto *C = dyn_cast<ConstantInt>(Step); C && C->isNegative() && !C->getValue().isMinSignedValue())
    return StepRange{-C->getSExtValue(), -C->getSExtValue(), Add};
  std::optional<StepRange> S = positiveStep(Step, W, Launch);
  if (S)
    S->Down = !Add;
  return S;
}

} // namespace

std::vector<BoundingAccess> accessesBoundingIterations(const Loop &L, const DominatorTree &DT, const DataLayout &DL,
                                                       const model::LaunchBounds &Launch) {
  std::vector<BoundingAccess> Out;
  const BasicBlock *Latch = L.getLoopLatch();
  if (!Latch)
    return Out;
  for (const BasicBlock *B : L.blocks()) {
    // Every iteration that goes on to the next passed through B.
    if (!DT.dominates(B, Latch))
      continue;
    for (const Instruction &I : *B) {
      std::optional<IndexedAccess> A = indexedAccessOf(I, L, DT, DL);
      if (!A)
        continue;
      std::optional<StepRange> S = recurrenceStep(*A->Phi, L, *Latch, DT, Launch);
      // Iterations 0 .. k - 1 completed, and the access in iteration k is in
      // bounds too where it runs: k <= Steps there, k <= Steps + 1 at all.
      if (std::optional<Wide> Steps = S ? completeStepsBound(*A, *S) : std::nullopt)
        Out.push_back({&I, static_cast<uint64_t>(*Steps)});
    }
  }
  return Out;
}

std::optional<uint64_t> iterationsBoundedBy(const std::vector<BoundingAccess> &Bounding) {
  std::optional<uint64_t> Best;
  for (const BoundingAccess &W : Bounding)
    Best = std::min(Best.value_or(W.Steps + 1), W.Steps + 1);
  return Best;
}

std::optional<uint64_t> iterationsBoundedByAccesses(const Loop &L, const DominatorTree &DT, const DataLayout &DL,
                                                    const model::LaunchBounds &Launch) {
  return iterationsBoundedBy(accessesBoundingIterations(L, DT, DL, Launch));
}

} // namespace xwarp::core
