//===- passes/MemberCopy.cpp ----------------------------------------------===//
#include "passes/MemberCopy.h"

#include "passes/DerivedAddresses.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Analysis/SimplifyQuery.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

#include <functional>
#include <optional>
#include <tuple>

using namespace llvm;

namespace xwarp::passes {

/// Whether Leaf, or anything it is computed from, may make poison of
/// defined operands (a poison flag, a shift by an amount that may reach the
/// width), a bounded walk through every operand (a select's arms, a phi's
/// incoming values) down to what memory or a call gives: ScalarEvolution may
/// have folded it away with the value it guards ((n +nsw 1) & 0 is 0, so is
/// x - x), and the other members need not read it. A walk that ends early
/// says so. (What may be poison by itself, an argument or a load, is the
/// poison-input check's.)
static bool mayMakePoison(const Instruction *Leaf) {
  SmallVector<const Value *, 8> Work{Leaf};
  SmallPtrSet<const Value *, 16> Seen{Leaf};
  while (!Work.empty()) {
    auto *I = dyn_cast<Instruction>(Work.pop_back_val());
    if (!I || I->mayReadOrWriteMemory())
      continue;
    if (canCreateUndefOrPoison(cast<Operator>(I)))
      return true;
    for (const Value *Op : I->operands())
      if (Seen.insert(Op).second) {
        if (Seen.size() > 16)
          return true;
        Work.push_back(Op);
      }
  }
  return false;
}

/// Whether the operands of a disjoint or have no common bits by their known
/// bits alone (no context), also once the address arithmetic beneath it has
/// lost its flags, as a copy of it does and the member left in place may:
/// asked of a detached flagless copy of that arithmetic (bounded), over the
/// leaves as they are.
static bool disjointWithoutFlags(const PossiblyDisjointInst &Or) {
  DenseMap<Value *, Instruction *> Copies;
  SmallVector<Instruction *, 16> Made;
  bool Bounded = true;
  std::function<Value *(Value *)> Copy = [&](Value *V) -> Value * {
    auto *I = dyn_cast<Instruction>(V);
    if (!I || !core::isAddressOpcode(I) || isa<PHINode>(I))
      return V;
    if (Instruction *K = Copies.lookup(I))
      return K;
    if (Made.size() == 32) {
      Bounded = false;
      return V;
    }
    Instruction *K = I->clone();
    K->dropPoisonGeneratingAnnotations();
    Made.push_back(K);
    Copies[I] = K;
    for (Use &U : K->operands())
      U.set(Copy(U.get()));
    return K;
  };
  Value *A = Copy(Or.getOperand(0)), *B = Copy(Or.getOperand(1));
  bool Disjoint = Bounded && haveNoCommonBitsSet(A, B, SimplifyQuery(Or.getModule()->getDataLayout()));
  for (Instruction *K : Made)
    K->dropAllReferences();
  for (Instruction *K : Made)
    K->deleteValue();
  return Disjoint;
}

/// Plans a copy of V's computation at At into Order and Drop; false when a
/// leaf is not available at At. Sets PoisonConstant if a constant leaf may be
/// poison (a flagged constant GEP: inbounds past the declared size of an
/// extern array).
static bool planCopy(Value *V, Instruction *At, const DominatorTree &DT, std::vector<Instruction *> &Order,
                     std::vector<Instruction *> &Drop, SmallPtrSetImpl<Value *> &Seen, bool &PoisonConstant,
                     std::vector<const Instruction *> &FlaggedLeaves) {
  auto *I = dyn_cast<Instruction>(V);
  if (!I) { // an inrange constant bounds what derives from it
    PoisonConstant |= isPossiblyPoisonConstant(V);
    return !derivesFromInRange(V);
  }
  if (!Seen.insert(I).second)
    return true;
  bool Available = DT.dominates(I, At);
  // A leaf is reused as it is, flags included: udiv exact %x, 4 and
  // lshr %x, 2 have one SCEV, and the first is poison where the second is
  // not.
  if (!core::isAddressOpcode(I) || isa<PHINode>(I)) {
    if (Available && mayMakePoison(I))
      FlaggedLeaves.push_back(I);
    return Available && !I->hasPoisonGeneratingFlags();
  }
  // ScalarEvolution reads a disjoint or as an add, also deep inside what the
  // member's split takes for a leaf (UsesIRFlags does not see it there).
  // Copied or left in place, the or loses its flag and computes a|b, which
  // the class's SCEV does not describe (SCEVExpander does not reuse one
  // either) unless the operands' bits show them disjoint without flags:
  // then the flag makes no poison, and the or stays as it is.
  bool DisjointByBits = false;
  if (auto *Or = dyn_cast<PossiblyDisjointInst>(I); Or && Or->isDisjoint()) {
    DisjointByBits = disjointWithoutFlags(*Or);
    if (!DisjointByBits)
      return false;
  }
  for (Value *Op : I->operands())
    if (!planCopy(Op, At, DT, Order, Drop, Seen, PoisonConstant, FlaggedLeaves))
      return false;
  if (!Available)
    Order.push_back(I);
  else if (I->hasPoisonGeneratingFlags() && !DisjointByBits)
    Drop.push_back(I);
  return true;
}

const core::AddressMember *cheapestMemberCopy(const core::AddressClass &C, Instruction *At,
                                              const DominatorTree &DT, std::vector<Instruction *> &Order,
                                              std::vector<Instruction *> &Drop, unsigned &BestCost,
                                              function_ref<bool(const core::AddressMember &)> AccessedFirst,
                                              function_ref<unsigned(const core::AddressMember &)> KeptAlive) {
  const core::AddressMember *Best = nullptr;
  BestCost = 0;
  // Each member's poison sources, made when first asked.
  std::vector<std::optional<SmallPtrSet<const Value *, 32>>> Sources(C.Members.size());
  // A leaf that may make poison stands for the class only where every other
  // member is poison whenever it is.
  auto SharedByAll = [&](const core::AddressMember &M, const Instruction *Leaf) {
    for (size_t K = 0; K < C.Members.size(); ++K) {
      if (&C.Members[K] == &M)
        continue;
      if (!Sources[K])
        Sources[K] = poisonSources(C.Members[K].Pointer);
      if (!Sources[K]->contains(Leaf))
        return false;
    }
    return true;
  };
  for (const core::AddressMember &M : C.Members) {
    std::vector<Instruction *> O, D;
    std::vector<const Instruction *> FlaggedLeaves;
    SmallPtrSet<Value *, 16> Seen;
    bool PoisonConstant = false;
    if (M.Cast || readsRefinedValue(M.Pointer) ||
        !planCopy(M.Pointer, At, DT, O, D, Seen, PoisonConstant, FlaggedLeaves) ||
        !all_of(FlaggedLeaves, [&](const Instruction *L) { return SharedByAll(M, L); }))
      continue;
    // A constant that may be poison is like a flag: it is defined where an
    // access through the member came first.
    if ((M.UsesIRFlags || PoisonConstant) && !(O.empty() && AccessedFirst(M)))
      continue;
    // What stands for the base: the copy, or the member as it is with the
    // computation only it then keeps alive. On a tie the anchor (the address
    // other accesses are likeliest to share, as on the expansion's tie),
    // then the member as it is.
    unsigned Cost = O.empty() ? KeptAlive(M) : O.size() - 1;
    auto Rank = [](unsigned Cost, const core::AddressMember &X, bool AsIs) {
      return std::make_tuple(Cost, X.Offset != 0, !AsIs);
    };
    if (!Best || Rank(Cost, M, O.empty()) < Rank(BestCost, *Best, Order.empty())) {
      Best = &M;
      BestCost = Cost;
      Order = std::move(O);
      Drop = std::move(D);
    }
    if (BestCost == 0 && Order.empty() && Best->Offset == 0)
      break; // the anchor as it is, keeping nothing alive: none does better
  }
  return Best;
}

} // namespace xwarp::passes
