//===- core/AddressBuilder.cpp --------------------------------------------===//
#include "core/AddressBuilder.h"

#include "core/FlaglessScalarEvolution.h"
#include "core/InBoundsIterations.h"
#include "core/LeafDefinitions.h"
#include "core/NvvmAnnotations.h"
#include "core/PointerSpace.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/GetElementPtrTypeIterator.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"

#include <optional>

using namespace llvm;
using xwarp::model::AddrSpace;
using xwarp::model::MemoryObject;
using xwarp::model::ObjectKind;
using xwarp::model::Term;

namespace xwarp::core {

AddressBuilder::AddressBuilder(const DataLayout &DL, FlaglessScalarEvolution *SE, const LoopInfo &LI,
                               const DominatorTree &DT, const DenseSet<const GlobalVariable *> &UndefinedGlobals,
                               model::TermContext &Terms, bool IsKernel, const model::LaunchBounds &Launch,
                               unsigned MaxDepth)
    : DL(DL), Flagless(SE), SE(SE ? &SE->get() : nullptr), LI(LI), DT(DT), UndefinedGlobals(UndefinedGlobals), Terms(Terms),
      Variance(LI, IsKernel), IsKernel(IsKernel), Launch(Launch), MaxDepth(MaxDepth) {}

/// The place of X among the unnamed values of Range, which the IR numbers
/// before any other of their kind.
template <typename RangeT, typename T> static std::string slotAmong(const RangeT &Range, const T *X) {
  unsigned Slot = 0;
  for (const T &Earlier : Range) {
    if (&Earlier == X)
      break;
    Slot += !Earlier.hasName();
  }
  return std::to_string(Slot);
}

std::optional<std::string> AddressBuilder::printedName(const Value *V) {
  if (V->hasName())
    return (isa<GlobalValue>(V) ? "@" : "%") + V->getName().str();
  if (auto *A = dyn_cast<Argument>(V))
    return "%" + slotAmong(A->getParent()->args(), A);
  if (auto *GV = dyn_cast<GlobalVariable>(V))
    return "@" + slotAmong(GV->getParent()->globals(), GV);
  return std::nullopt;
}

std::string AddressBuilder::nameOf(const Value *V) {
  if (std::optional<std::string> Name = printedName(V))
    return *Name;
  return "%v" + std::to_string(Unnamed++);
}

//===-- Restricted walk: IR integer values to SCEV ------------------------===//

const SCEV *AddressBuilder::walk(const Value *V, unsigned Depth) {
  Value *MV = const_cast<Value *>(V);
  if (isa<ConstantInt>(V) || Depth > MaxDepth)
    return isa<ConstantInt>(V) ? SE->getSCEV(MV) : SE->getUnknown(MV);
  if (isa<PHINode>(V))
    return SE->getSCEV(MV); // recurrences and merges, as SCEV understands them
  auto *I = dyn_cast<Instruction>(V);
  if (!I || !V->getType()->isIntegerTy())
    return SE->getUnknown(MV);
  auto Op = [&](unsigned N) { return walk(I->getOperand(N), Depth + 1); };
  switch (I->getOpcode()) {
  case Instruction::Add:
    return SE->getAddExpr(Op(0), Op(1));
  case Instruction::Sub:
    return SE->getMinusSCEV(Op(0), Op(1));
  case Instruction::Or:
    if (Flagless->wasDisjoint(*I))
      return SE->getAddExpr(Op(0), Op(1));
    break;
  case Instruction::Mul:
    return SE->getMulExpr(Op(0), Op(1));
  case Instruction::Shl:
    if (auto *C = dyn_cast<ConstantInt>(I->getOperand(1)))
      if (C->getValue().ult(C->getBitWidth())) {
        APInt Scale = APInt::getOneBitSet(C->getBitWidth(), C->getZExtValue());
        return SE->getMulExpr(Op(0), SE->getConstant(Scale));
      }
    break;
  case Instruction::SExt:
    return SE->getSignExtendExpr(Op(0), I->getType());
  case Instruction::ZExt:
    return SE->getZeroExtendExpr(Op(0), I->getType());
  case Instruction::Trunc:
    return SE->getTruncateExpr(Op(0), I->getType());
  default:
    break;
  }
  return SE->getUnknown(MV);
}

//===-- SCEV to model terms -----------------------------------------------===//

const Term *AddressBuilder::leafOf(const Value *V, unsigned Width) {
  if (auto *C = dyn_cast<ConstantInt>(V))
    return Terms.constant(Width, C->getZExtValue());
  if (auto *I = dyn_cast<Instruction>(V))
    if (std::optional<SpecialRegister> R = specialRegisterOf(*I)) {
      const Term *T = nullptr;
      switch (R->K) {
      case SpecialRegister::Tid: T = Terms.threadIdx(R->D, 32); break;
      case SpecialRegister::Ntid: T = Terms.blockDim(R->D, 32); break;
      case SpecialRegister::Ctaid: T = Terms.blockIdx(R->D, 32); break;
      case SpecialRegister::Nctaid: T = Terms.gridDim(R->D, 32); break;
      default: break;
      }
      if (T && Width == 32)
        return T;
    }
  model::Variance Var = Variance.of(V);
  const Term *Leaf = Terms.unknown(Var, reinterpret_cast<uintptr_t>(V), nameOf(V), Width);
  // Only a header phi's loop-variant leaves may be shared (core/IterationAlignment).
  if (auto *Phi = dyn_cast<PHINode>(V); Var == model::Variance::LoopVariant && Phi &&
                                         LI.isLoopHeader(Phi->getParent()) && !is_contained(VariantLeaves[V], Leaf))
    VariantLeaves[V].push_back(Leaf);
  define(Leaf, V);
  return Leaf;
}

/// Whether Leaf is in T, through operands and leaf definitions.
static bool reachesLeaf(const Term *T, const Term *Leaf) {
  SmallVector<const Term *, 16> Work{T};
  SmallPtrSet<const Term *, 32> Seen;
  while (!Work.empty()) {
    const Term *X = Work.pop_back_val();
    if (X == Leaf)
      return true;
    if (!Seen.insert(X).second)
      continue;
    for (const Term *Op : X->operands())
      Work.push_back(Op);
    if (X->definition() != model::LeafDef::None)
      for (const Term *Op : X->definitionOperands())
        Work.push_back(Op);
  }
  return false;
}

void AddressBuilder::define(const Term *Leaf, const Value *V) {
  if (Leaf->definition() != model::LeafDef::None || DefinitionDepth >= MaxDepth)
    return;
  std::optional<LeafDefinition> D = leafDefinitionOf(*V, Leaf->width());
  if (!D)
    return;
  ++DefinitionDepth;
  std::vector<const Term *> Defs;
  for (const Value *Operand : D->Operands) {
    const Term *T = termOf(Operand);
    if (!T)
      break;
    Defs.push_back(T);
  }
  --DefinitionDepth;
  // In unreachable code a value may be computed from itself (%y = shl %y, 1,
  // or through other values): a definition reaching its own leaf would make
  // the terms a cycle, which every walk over them follows forever.
  if (Defs.size() != D->Operands.size() || any_of(Defs, [&](const Term *T) { return reachesLeaf(T, Leaf); }))
    return;
  Terms.define(Leaf, D->Op, Defs);
}

/// A SCEV node the model has no operator for (udiv, min/max, non-affine
/// recurrences, ...): one leaf, as variant as the most variant value inside.
const Term *AddressBuilder::opaque(const SCEV *S, unsigned Width) {
  bool Loop = SCEVExprContains(S, [](const SCEV *X) { return isa<SCEVAddRecExpr>(X); });
  model::Variance V = model::Variance::Uniform;
  // A predicate that never matches visits every node.
  SCEVExprContains(S, [&](const SCEV *X) {
    if (auto *U = dyn_cast<SCEVUnknown>(X))
      V = std::max(V, Variance.of(U->getValue()));
    return false;
  });
  if (Loop)
    V = model::Variance::LoopVariant;
  return Terms.unknown(V, reinterpret_cast<uintptr_t>(S), "%scev" + std::to_string(Unnamed++), Width);
}

/// "iter(header)", or with clang's unnamed blocks "iter(file:line)" of the
/// loop's start: a counterexample names its value.
static std::string iterationName(const Loop &L) {
  std::string Where = L.getHeader()->getName().str();
  if (Where.empty())
    if (DebugLoc Start = L.getStartLoc())
      Where = Start->getFilename().str() + ":" + std::to_string(Start.getLine());
  return "iter(" + Where + ")";
}

const Term *AddressBuilder::toTerm(const SCEV *S) {
  if (!S->getType()->isIntegerTy())
    return nullptr;
  unsigned Width = S->getType()->getIntegerBitWidth();
  if (Width > 64)
    return nullptr;
  auto It = TermMemo.find(S);
  if (It != TermMemo.end())
    return It->second;

  const Term *T = nullptr;
  auto Fold = [&](const SCEVNAryExpr *N, bool IsAdd) -> const Term * {
    const Term *Acc = nullptr;
    for (const SCEV *Op : N->operands()) {
      const Term *X = toTerm(Op);
      if (!X)
        return nullptr;
      Acc = !Acc ? X : IsAdd ? Terms.add(Acc, X) : Terms.mul(Acc, X);
    }
    return Acc;
  };
  auto Cast = [&](const SCEVCastExpr *C, auto Build) -> const Term * {
    const Term *X = toTerm(C->getOperand());
    return X ? Build(X) : nullptr;
  };

  switch (S->getSCEVType()) {
  case scConstant:
    T = Terms.constant(Width, cast<SCEVConstant>(S)->getAPInt().getZExtValue());
    break;
  case scUnknown:
    T = leafOf(cast<SCEVUnknown>(S)->getValue(), Width);
    break;
  case scAddExpr:
    T = Fold(cast<SCEVAddExpr>(S), true);
    break;
  case scMulExpr:
    T = Fold(cast<SCEVMulExpr>(S), false);
    break;
  case scZeroExtend:
    T = Cast(cast<SCEVCastExpr>(S), [&](const Term *X) { return Terms.zext(X, Width); });
    break;
  case scSignExtend:
    T = Cast(cast<SCEVCastExpr>(S), [&](const Term *X) { return Terms.sext(X, Width); });
    break;
  case scTruncate:
    T = Cast(cast<SCEVCastExpr>(S), [&](const Term *X) { return Terms.trunc(X, Width); });
    break;
  case scAddRecExpr: {
    auto *AR = cast<SCEVAddRecExpr>(S);
    if (AR->isAffine()) {
      const Term *Start = toTerm(AR->getStart());
      const Term *Step = toTerm(AR->getStepRecurrence(*SE));
      if (Start && Step) {
        const Loop *L = AR->getLoop();
        const Term *Iter = Terms.loopVariant(reinterpret_cast<uintptr_t>(L), iterationName(*L), Width);
        if (!is_contained(IterLeaves[L], Iter))
          IterLeaves[L].push_back(Iter);
        T = Terms.add(Start, Terms.mul(Step, Iter));
        if (std::optional<uint64_t> Max = iterationLimit(*L); Max && APInt(64, *Max).getActiveBits() < Width)
          IterBound.emplace(Iter, L);
      }
    }
    break;
  }
  default:
    break;
  }
  if (!T)
    T = opaque(S, Width);
  TermMemo[S] = T;
  return T;
}

std::optional<uint64_t> AddressBuilder::iterationLimit(const Loop &L) {
  if (auto It = IterationLimits.find(&L); It != IterationLimits.end())
    return It->second.Limit;
  LoopLimit Limit;
  // The loop's maximal trip count, unless ScalarEvolution read it off undef
  // (undef - undef + 4 as 4).
  if (auto *C = dyn_cast<SCEVConstant>(SE->getConstantMaxBackedgeTakenCount(&L));
      C && C->getAPInt().getActiveBits() <= 64 && !exitsFromUndef(L))
    Limit.Limit = C->getAPInt().getZExtValue();
  // Accesses that keep the count within their objects' bounds.
  Limit.Bounding = accessesBoundingIterations(L, DT, DL, Launch);
  if (std::optional<uint64_t> InBounds = iterationsBoundedBy(Limit.Bounding))
    Limit.Limit = std::min(Limit.Limit.value_or(*InBounds), *InBounds);
  return IterationLimits.try_emplace(&L, std::move(Limit)).first->second.Limit;
}

bool AddressBuilder::fromUndef(const Value *V) {
  if (auto *C = dyn_cast<Constant>(V))
    return ValueVariance::variesByItself(*C);
  auto *I = dyn_cast<Instruction>(V);
  if (!I)
    return false;
  if (!FromUndef) {
    // Forward from the instructions that use undef or load it from memory
    // that holds nothing else (campaign BK: u - u cancelled in the terms,
    // while each use of u may be another value), through every user.
    FromUndef.emplace();
    SmallVector<const Instruction *, 16> Work;
    DenseMap<const AllocaInst *, bool> UndefinedAllocas;
    auto IsSource = [&](const Instruction &Each) {
      if (ValueVariance::usesUndef(Each))
        return true;
      auto *Load = dyn_cast<LoadInst>(&Each);
      const Value *Object = Load ? getUnderlyingObject(Load->getPointerOperand()) : nullptr;
      if (auto *GV = dyn_cast_or_null<GlobalVariable>(Object))
        return UndefinedGlobals.contains(GV);
      auto *Slot = dyn_cast_or_null<AllocaInst>(Object);
      if (!Slot)
        return false;
      auto [It, New] = UndefinedAllocas.try_emplace(Slot, false);
      if (New)
        It->second = ValueVariance::holdsOnlyUndef(*Slot);
      return It->second;
    };
    for (const Instruction &Each : instructions(*I->getFunction()))
      if (IsSource(Each) && FromUndef->insert(&Each).second)
        Work.push_back(&Each);
    while (!Work.empty())
      for (const User *U : Work.pop_back_val()->users())
        if (FromUndef->insert(U).second)
          Work.push_back(cast<Instruction>(U));
  }
  return FromUndef->contains(I);
}

bool AddressBuilder::exitsFromUndef(const Loop &L) {
  // Back from each exit's operands through the operations that pass undef
  // on, to values LLVM guarantees are not undef. A load of memory never
  // written is undef as much as the constant is (campaign BI).
  SmallVector<const Value *, 16> Work;
  SmallPtrSet<const Value *, 32> Seen;
  SmallVector<BasicBlock *, 4> Exiting;
  L.getExitingBlocks(Exiting);
  for (const BasicBlock *B : Exiting)
    for (const Use &Op : B->getTerminator()->operands())
      Work.push_back(Op.get());
  while (!Work.empty()) {
    const Value *V = Work.pop_back_val();
    if (!Seen.insert(V).second || isa<BasicBlock>(V))
      continue;
    if (isa<PHINode>(V) || isa<BinaryOperator>(V) || isa<CastInst>(V) || isa<CmpInst>(V) || isa<SelectInst>(V)) {
      append_range(Work, cast<Instruction>(V)->operands());
      continue;
    }
    if (!isGuaranteedNotToBeUndef(V, /*AC=*/nullptr, dyn_cast<Instruction>(V), &DT))
      return true;
  }
  return false;
}

const Term *AddressBuilder::termOf(const Value *V) {
  assert(SE && "terms need the model's ScalarEvolution");
  if (!V->getType()->isIntegerTy() || V->getType()->getIntegerBitWidth() > 64 || fromUndef(V))
    return nullptr;
  return toTerm(walk(V, 0));
}

std::vector<model::Guard> AddressBuilder::iterationBounds(const Term *T, const Instruction *At) const {
  std::vector<model::Guard> Out;
  std::set<const Term *, model::TermIdLess> Leaves;
  model::collectLeaves(T, Leaves);
  for (const Term *Iter : Leaves) {
    auto Bounded = IterBound.find(Iter);
    if (Bounded == IterBound.end())
      continue;
    const Loop *L = Bounded->second;
    const LoopLimit &Limit = IterationLimits.find(L)->second;
    uint64_t Max = *Limit.Limit;
    // Where an access that bounds L has run in the same iteration (it
    // dominates At, and both are in L), that iteration's offset was in
    // bounds too.
    if (At && L->contains(At))
      for (const BoundingAccess &W : Limit.Bounding)
        if (W.Access == At || DT.dominates(W.Access, At))
          Max = std::min(Max, W.Steps);
    Out.push_back({model::CmpPred::ULE, Iter, Terms.constant(Iter->width(), Max)});
  }
  return Out;
}

ArrayRef<const Term *> AddressBuilder::iterationLeaves(const Loop *L) const {
  auto It = IterLeaves.find(L);
  return It == IterLeaves.end() ? ArrayRef<const Term *>() : ArrayRef<const Term *>(It->second);
}

ArrayRef<const Term *> AddressBuilder::loopVariantLeaves(const Value *V) const {
  auto It = VariantLeaves.find(V);
  return It == VariantLeaves.end() ? ArrayRef<const Term *>() : ArrayRef<const Term *>(It->second);
}

//===-- Pointers ----------------------------------------------------------===//

const MemoryObject &AddressBuilder::objectOf(const Value *Base) {
  auto It = Objects.find(Base);
  if (It == Objects.end())
    It = Objects.try_emplace(Base, makeObject(Base)).first;
  return It->second;
}

/// The key of the CTA's dynamic shared memory: never a Value's address
/// (those are aligned) nor a vote slot's (odd).
static constexpr uint64_t DynamicSharedKey = 2;

MemoryObject AddressBuilder::makeObject(const Value *Base) {
  MemoryObject O;
  O.Key = reinterpret_cast<uintptr_t>(Base);
  O.Space = static_cast<AddrSpace>(Base->getType()->getPointerAddressSpace());
  O.Name = printedName(Base).value_or("<pointer>");
  if (auto *GV = dyn_cast<GlobalVariable>(Base)) {
    O.Kind = ObjectKind::Variable;
    // Every extern __shared__ array starts at the CTA's dynamic shared
    // memory: they are one object, whatever their names and types (LLVM's
    // alias analysis takes two declarations for two objects).
    if (GV->isDeclaration() && O.Space == AddrSpace::Shared)
      O.Key = DynamicSharedKey;
  } else if (auto *A = dyn_cast<Argument>(Base); A && IsKernel) {
    O.Kind = ObjectKind::Parameter;
    if (O.Space == AddrSpace::Generic)
      O.Space = AddrSpace::Global;
    O.NoAlias = A->hasNoAliasAttr();
  } else if (isa<AllocaInst>(Base)) {
    O.Kind = ObjectKind::Stack;
    O.Space = AddrSpace::Local;
  } else {
    O.Kind = ObjectKind::Unknown;
    O.Space = pointerSpace(Base, IsKernel, &LI);
    O.UniformBase = Variance.of(Base) == model::Variance::Uniform;
  }
  return O;
}

const Value *AddressBuilder::loopCarriedBase(const PHINode *Phi, const SCEV *&Distance) {
  // ScalarEvolution sees {base + start,+,step}; its distance from the base
  // is an offset like any index.
  const SCEV *S = SE->getSCEV(const_cast<PHINode *>(Phi));
  auto *Base = dyn_cast<SCEVUnknown>(SE->getPointerBase(S));
  if (!Base || Base->getValue() == Phi)
    return nullptr;
  Distance = SE->getMinusSCEV(S, Base);
  return isa<SCEVCouldNotCompute>(Distance) ? nullptr : Base->getValue();
}

/// Steps of a walk from a pointer to its object at most. In unreachable code
/// a GEP may be its own operand: a walk that meets a value again, or goes
/// on too long, ends at an unknown object (and, for offsets, without one).
static constexpr unsigned MaxPointerChain = 256;

model::SymbolicAddress AddressBuilder::build(const Value *Ptr, bool ObjectOnly) {
  if (ObjectOnly) {
    // (four-map and dataflow: a pointer carried around a loop stays an
    // unknown object, which may alias any object of its space.)
    const Value *V = Ptr;
    SmallPtrSet<const Value *, 8> Seen;
    while (Seen.insert(V).second && Seen.size() <= MaxPointerChain) {
      if (auto *GEP = dyn_cast<GEPOperator>(V))
        V = GEP->getPointerOperand();
      else if (auto *Op = dyn_cast<Operator>(V); Op && (Op->getOpcode() == Instruction::BitCast ||
                                                        Op->getOpcode() == Instruction::AddrSpaceCast))
        V = Op->getOperand(0);
      else
        break;
    }
    return model::SymbolicAddress{objectOf(V), nullptr};
  }
  assert(SE && "offsets need the model's ScalarEvolution");
  unsigned IndexWidth = DL.getIndexSizeInBits(Ptr->getType()->getPointerAddressSpace());
  const Term *Offset = IndexWidth <= 64 && !fromUndef(Ptr) ? Terms.constant(IndexWidth, 0) : nullptr;
  const Value *V = Ptr;
  unsigned PhiSteps = 0;
  std::optional<MemoryObject> InObject; // where a swapped pair in one object ends the walk
  SmallPtrSet<const Value *, 8> Seen;
  while (Offset) {
    if (!Seen.insert(V).second || Seen.size() > MaxPointerChain) {
      Offset = nullptr; // a cycle, or a chain too long to follow
      break;
    }
    if (auto *GEP = dyn_cast<GEPOperator>(V)) {
      if (GEP->getType()->isVectorTy()) {
        Offset = nullptr;
        break;
      }
      for (gep_type_iterator GTI = gep_type_begin(GEP), E = gep_type_end(GEP); GTI != E; ++GTI) {
        const Value *Idx = GTI.getOperand();
        if (StructType *ST = GTI.getStructTypeOrNull()) {
          uint64_t Field = cast<ConstantInt>(Idx)->getZExtValue();
          uint64_t Bytes = DL.getStructLayout(ST)->getElementOffset(Field);
          Offset = Terms.add(Offset, Terms.constant(IndexWidth, Bytes));
          continue;
        }
        TypeSize Stride = GTI.getSequentialElementStride(DL);
        const Term *I = termOf(Idx);
        if (Stride.isScalable() || !I) {
          Offset = nullptr;
          break;
        }
        // GEP indices are sign-extended or truncated to the index width.
        I = Terms.resize(I, IndexWidth, /*Signed=*/true);
        Offset = Terms.add(Offset, Terms.mul(I, Terms.constant(IndexWidth, Stride.getFixedValue())));
      }
      V = GEP->getPointerOperand();
      continue;
    }
    if (isa<PHINode>(V) && PhiSteps++ < MaxDepth) {
      // A pointer carried around a loop (bounded: a base that is a PHI again
      // is read the same way).
      const SCEV *Distance;
      const Value *Base = loopCarriedBase(cast<PHINode>(V), Distance);
      const Term *D = Base ? toTerm(Distance) : nullptr;
      if (!D || D->width() != IndexWidth) {
        if (std::optional<Place> P = placeInPair(cast<PHINode>(V), IndexWidth)) {
          Offset = Terms.add(Offset, P->Start);
          InObject = std::move(P->Object);
        }
        break;
      }
      Offset = Terms.add(Offset, D);
      V = Base;
      continue;
    }
    if (auto *Sel = dyn_cast<SelectInst>(V); Sel && PhiSteps++ < MaxDepth) {
      // One of two places in one object: the object at the offset the
      // condition selects (a leaf defined as the select of the two).
      if (std::optional<Place> P = selectedPlace(Sel, IndexWidth)) {
        Offset = Terms.add(Offset, P->Start);
        InObject = std::move(P->Object);
      }
      break;
    }
    if (auto *Op = dyn_cast<Operator>(V);
        Op && (Op->getOpcode() == Instruction::BitCast || Op->getOpcode() == Instruction::AddrSpaceCast)) {
      const Value *Src = Op->getOperand(0);
      unsigned SrcWidth = DL.getIndexSizeInBits(Src->getType()->getPointerAddressSpace());
      if (SrcWidth != IndexWidth) {
        if (SrcWidth > 64) {
          Offset = nullptr;
          break;
        }
        Offset = Terms.resize(Offset, SrcWidth, /*Signed=*/false);
        IndexWidth = SrcWidth;
      }
      V = Src;
      continue;
    }
    break;
  }
  model::SymbolicAddress A;
  A.Object = InObject ? std::move(*InObject) : baseObjectOf(V);
  A.Offset = Offset;
  return A;
}

} // namespace xwarp::core
