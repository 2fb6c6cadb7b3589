//===- core/AddressGroups.cpp ---------------------------------------------===//
#include "core/AddressGroups.h"

#include "core/AddressDecomposition.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Operator.h"

#include <algorithm>
#include <utility>

using namespace llvm;

namespace xwarp::core {

unsigned AddressClass::memoryOps() const {
  unsigned N = 0;
  for (const AddressMember &M : Members)
    N += M.MemoryOps.size();
  return N;
}

Value *addressOperand(Instruction &I) {
  if (auto *L = dyn_cast<LoadInst>(&I))
    return L->getPointerOperand();
  if (auto *S = dyn_cast<StoreInst>(&I))
    return S->getPointerOperand();
  if (auto *A = dyn_cast<AtomicRMWInst>(&I))
    return A->getPointerOperand();
  if (auto *X = dyn_cast<AtomicCmpXchgInst>(&I))
    return X->getPointerOperand();
  return nullptr;
}

Type *accessedType(Instruction &I) {
  if (isa<LoadInst, StoreInst>(I))
    return getLoadStoreType(&I);
  if (isa<AtomicRMWInst>(I))
    return I.getType();
  if (auto *X = dyn_cast<AtomicCmpXchgInst>(&I))
    return X->getNewValOperand()->getType();
  return nullptr;
}

namespace {
/// The reference's opcode set; anything else is an opaque leaf. A phi is in
/// the set but not walked: ScalarEvolution's merge rule (add recurrences)
/// stands for it.
bool walksThrough(const Value *V) {
  const auto *O = dyn_cast<Operator>(V);
  if (!O || !isa<Instruction>(V))
    return false;
  switch (O->getOpcode()) {
  case Instruction::GetElementPtr:
  case Instruction::Add:
  case Instruction::Sub:
  case Instruction::Mul:
  case Instruction::SExt:
  case Instruction::ZExt:
  case Instruction::Trunc:
  case Instruction::PHI:
    return true;
  case Instruction::Shl: { // by a constant within the width: a multiplication
    // (by the width or more it is poison, whatever the flags say).
    auto *Amount = dyn_cast<ConstantInt>(O->getOperand(1));
    return Amount && Amount->getValue().ult(Amount->getBitWidth());
  }
  case Instruction::Or: // LLVM 19's canonical form of an add without carries
    return cast<PossiblyDisjointInst>(O)->isDisjoint();
  default:
    return false;
  }
}

class DepthWalk {
public:
  DepthWalk(unsigned Cap, const SmallPtrSetImpl<const Value *> *Leaves) : Cap(Cap), Leaves(Leaves) {}

  unsigned depth(const Value *V) {
    if (!walksThrough(V) || (Leaves && Leaves->contains(V)))
      return 0;
    auto It = Memo.find(V);
    if (It != Memo.end())
      return It->second;
    Memo[V] = Cap + 1; // a cycle not through a phi cannot occur; be safe anyway
    unsigned D = 1;
    if (!isa<PHINode>(V))
      for (const Use &Op : cast<User>(V)->operands()) {
        D = std::max(D, 1 + depth(Op.get()));
        if (D > Cap)
          break;
      }
    D = std::min(D, Cap + 1);
    Memo[V] = D;
    return D;
  }

private:
  unsigned Cap;
  const SmallPtrSetImpl<const Value *> *Leaves;
  DenseMap<const Value *, unsigned> Memo;
};

/// drop-sext: every sign extension read as a zero extension.
class SextAsZext : public SCEVRewriteVisitor<SextAsZext> {
public:
  explicit SextAsZext(ScalarEvolution &SE) : SCEVRewriteVisitor(SE) {}
  const SCEV *visitSignExtendExpr(const SCEVSignExtendExpr *E) {
    return SE.getZeroExtendExpr(visit(E->getOperand()), E->getType());
  }
};

struct Key {
  const SCEV *PointerBase;
  unsigned Space;
  bool operator==(const Key &O) const { return PointerBase == O.PointerBase && Space == O.Space; }
};
struct KeyInfo {
  static Key getEmptyKey() { return {DenseMapInfo<const SCEV *>::getEmptyKey(), 0}; }
  static Key getTombstoneKey() { return {DenseMapInfo<const SCEV *>::getTombstoneKey(), 0}; }
  static unsigned getHashValue(const Key &K) {
    return DenseMapInfo<const SCEV *>::getHashValue(K.PointerBase) ^ (K.Space * 37u);
  }
  static bool isEqual(const Key &A, const Key &B) { return A == B; }
};

/// Per group, the classes are compared one by one: a bound keeps adversarial
/// functions (thousands of unrelated addresses of one base) linear.
constexpr unsigned MaxClassesPerGroup = 64;
} // namespace

bool isAddressOpcode(const Value *V) { return walksThrough(V); }

unsigned addressDepth(const Value *V, unsigned Cap, const SmallPtrSetImpl<const Value *> *Leaves) {
  return DepthWalk(Cap, Leaves).depth(V);
}

AddressGrouping groupAddresses(Function &F, ScalarEvolution &SE, const GroupingOptions &Opts) {
  AddressGrouping G;
  DepthWalk Depth(Opts.MaxDepth, Opts.Leaves);
  SextAsZext Ablate(SE);

  // Distinct address values, in program order, with their memory operations.
  MapVector<Value *, AddressMember> Members;
  unsigned BlockNo = 0;
  for (BasicBlock &BB : F) {
    if (Opts.OnBlock)
      Opts.OnBlock(++BlockNo);
    for (Instruction &I : BB) {
      Value *P = addressOperand(I);
      if (!P || !SE.isSCEVable(P->getType()))
        continue;
      if (Depth.depth(P) > Opts.MaxDepth) {
        ++G.TooDeep;
        continue;
      }
      AddressMember &M = Members[P];
      M.Pointer = P;
      M.MemoryOps.push_back(&I);
    }
  }

  struct Pending {
    AddressClass C;
    std::vector<int64_t> Offsets; // relative to Members[0] until finished
    /// Members[0]'s split (the ablation rewrites addresses, not splits).
    const SCEV *Variable = nullptr;
    APInt Constant;
  };
  DenseMap<Key, std::vector<Pending>, KeyInfo> Groups;
  DenseMap<Key, unsigned, KeyInfo> GroupNo;
  std::vector<Key> Order;
  const DataLayout &DL = F.getDataLayout();
  for (auto &[P, M] : Members) {
    // ScalarEvolution's own view first: the nodes the split shares then carry
    // the no-wrap flags SE proves, and the expander can find P for reuse.
    SE.getSCEV(P);
    std::optional<DecomposedAddress> D = decomposeAddress(P, SE, DL);
    if (!D)
      continue;
    const SCEV *S = D->address(SE);
    if (Opts.DropSext)
      S = Ablate.visit(S);
    const SCEV *PB = SE.getPointerBase(S);
    if (!isa<SCEVUnknown>(PB))
      continue; // no pointer base to share (a constant or inttoptr address)
    M.Address = S;
    M.Cast = D->Space != P->getType()->getPointerAddressSpace();
    M.UsesIRFlags = D->UsesIRFlags;
    Key K{PB, D->Space};
    auto [It, New] = Groups.try_emplace(K);
    if (New) {
      Order.push_back(K);
      GroupNo[K] = G.Groups.size();
      G.Groups.emplace_back();
    }
    G.Groups[GroupNo[K]].push_back(M);
    std::vector<Pending> &Classes = It->second;
    bool Placed = false;
    for (Pending &C : Classes) {
      // The same variable part: the constants differ, and asking
      // ScalarEvolution (the costly way) would say just that. Otherwise it may
      // still fold to a constant (computeConstantDifference only sees
      // two-operand sums).
      std::optional<APInt> Delta;
      if (C.Variable && C.Variable == D->Variable)
        Delta = D->Constant - C.Constant;
      else if (const auto *K = dyn_cast<SCEVConstant>(SE.getMinusSCEV(S, C.C.Members[0].Address)))
        Delta = K->getAPInt();
      if (!Delta || Delta->getSignificantBits() > 63)
        continue;
      C.C.Members.push_back(M);
      C.Offsets.push_back(Delta->getSExtValue());
      Placed = true;
      break;
    }
    if (!Placed && Classes.size() < MaxClassesPerGroup) {
      Pending C;
      if (!Opts.DropSext) {
        C.Variable = D->Variable;
        C.Constant = D->Constant;
      }
      C.C.Object = getUnderlyingObject(P);
      C.C.Space = D->Space;
      C.C.Members.push_back(M);
      C.Offsets.push_back(0);
      Classes.push_back(std::move(C));
    }
  }

  for (const Key &K : Order)
    for (Pending &C : Groups[K]) {
      if (C.C.Members.size() < 2)
        continue;
      // Offsets relative to the minimum; a difference that does not fit is
      // not a class.
      int64_t Min = *std::min_element(C.Offsets.begin(), C.Offsets.end());
      int64_t Max = *std::max_element(C.Offsets.begin(), C.Offsets.end());
      if (Min < 0 && Max > INT64_MAX + Min)
        continue;
      std::vector<size_t> Idx(C.Offsets.size());
      for (size_t I = 0; I < Idx.size(); ++I)
        Idx[I] = I;
      // By offset, then by first appearance (a stable order; std::stable_sort
      // draws a deprecation warning from libstdc++ 12 under clang).
      std::sort(Idx.begin(), Idx.end(), [&](size_t A, size_t B) {
        return std::make_pair(C.Offsets[A], A) < std::make_pair(C.Offsets[B], B);
      });
      AddressClass Out;
      Out.Object = C.C.Object;
      Out.Space = C.C.Space;
      for (size_t I : Idx) {
        AddressMember M = C.C.Members[I];
        M.Offset = C.Offsets[I] - Min;
        Out.Members.push_back(std::move(M));
      }
      Out.Anchor = Out.Members[0].Address;
      G.Classes.push_back(std::move(Out));
    }
  return G;
}

} // namespace xwarp::core
