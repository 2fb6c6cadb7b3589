//===- core/ValueVariance.cpp ---------------------------------------------===//
#include "core/ValueVariance.h"

#include "core/NvvmAnnotations.h"
#include "core/PointerSpace.h"
#include "core/SyncClassifier.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Operator.h"

using namespace llvm;

namespace xwarp::core {

static constexpr unsigned MaxDepth = 24;

/// Whether constant C has one value for every thread: undef may be anything
/// at each use, and poison frozen is anything in each thread.
static bool definite(const Constant *C, unsigned Depth = 0) {
  if (isa<GlobalValue>(C))
    return true; // its operands are its initializer, not its address
  if (isa<UndefValue>(C) || Depth > MaxDepth)
    return false;
  return all_of(C->operands(), [&](const Use &Op) { return definite(cast<Constant>(Op.get()), Depth + 1); });
}

/// A pure intrinsic without arguments that is none of the special registers
/// xwarp knows (specialRegisterOf): it reads the machine, and its value may
/// differ between threads.
static bool readsUnknownRegister(const CallBase &CB) {
  const Function *Callee = CB.getCalledFunction();
  return Callee && Callee->isIntrinsic() && CB.arg_size() == 0 && CB.doesNotAccessMemory() &&
         !specialRegisterOf(Callee->getIntrinsicID());
}

bool ValueVariance::computesFromArguments(const CallBase &CB) {
  const Function *Callee = CB.getCalledFunction();
  // The address of a thread-local variable is the calling thread's own.
  return Callee && Callee->isIntrinsic() && CB.arg_size() > 0 && CB.doesNotAccessMemory() && !CB.isConvergent() &&
         Callee->getIntrinsicID() != Intrinsic::threadlocal_address;
}

/// Operations whose result is a function of their operands alone.
static bool computesFromOperands(const Instruction &I) {
  return isa<BinaryOperator>(I) || isa<CastInst>(I) || isa<CmpInst>(I) || isa<SelectInst>(I) ||
         isa<GetElementPtrInst>(I) || isa<ExtractValueInst>(I) || isa<UnaryOperator>(I);
}

ValueVariance::Purity ValueVariance::purity(const Value *V, unsigned Depth) {
  if (auto *C = dyn_cast<Constant>(V))
    return definite(C) ? Purity::Uniform : Purity::Impure;
  if (isa<Argument>(V))
    return IsKernel ? Purity::Uniform : Purity::Impure;
  auto *I = dyn_cast<Instruction>(V);
  if (!I || Depth > MaxDepth)
    return Purity::Impure;
  auto It = Memo.find(V);
  if (It != Memo.end())
    return It->second;
  Memo[V] = Purity::Impure; // cycles through phis are impure anyway

  auto Join = [&](auto Operands) {
    Purity P = Purity::Uniform;
    for (const Value *Op : Operands) {
      Purity Q = purity(Op, Depth + 1);
      if (Q == Purity::Impure)
        return Purity::Impure;
      if (Q == Purity::Thread)
        P = Purity::Thread;
    }
    return P;
  };

  Purity P = Purity::Impure;
  if (std::optional<SpecialRegister> R = specialRegisterOf(*I)) {
    P = R->isPerThread() ? Purity::Thread : Purity::Uniform;
  } else if (computesFromOperands(*I)) {
    P = Join(I->operands());
  } else if (auto *F = dyn_cast<FreezeInst>(I)) {
    // Freezing poison picks a value in each thread on its own.
    if (isGuaranteedNotToBeUndefOrPoison(F->getOperand(0)))
      P = Join(I->operands());
  } else if (auto *L = dyn_cast<LoadInst>(I)) {
    // Constant and parameter memory cannot change while the kernel runs.
    // (A pointer cast from a thread's own local memory reads that.) Nor can
    // a launch's byval parameters, whose copies no thread writes.
    unsigned AS = L->getPointerAddressSpace();
    const Value *Object = getUnderlyingObject(L->getPointerOperand());
    if (!L->isVolatile() && (((AS == 4 || AS == 101) && !isThreadPrivate(Object)) || isLaunchParameter(Object)))
      P = Join(ArrayRef<const Value *>{L->getPointerOperand()});
  } else if (auto *CB = dyn_cast<CallBase>(I)) {
    // __syncthreads_count/and/or: every thread of the CTA gets the same result.
    // A pure intrinsic is a function of its arguments; one without arguments
    // reads the machine (lanemask_lt, clock, the thread pointer): unless it
    // is a register known above, its value may differ between threads.
    std::optional<SyncInfo> Sync = classifySync(*I);
    if (Sync && Sync->Kind == model::SyncKind::ValuedBarrier)
      P = Purity::Uniform;
    else if (computesFromArguments(*CB))
      P = Join(CB->args());
  }
  Memo[V] = P;
  return P;
}

/// Whether C holds undef, which may be a different value at every use.
/// Poison is no such source: a branch on it is undefined, and freezing it is
/// what makes a value of each thread's own.
static bool holdsUndef(const Constant *C, unsigned Depth = 0) {
  if (isa<PoisonValue>(C) || isa<GlobalValue>(C))
    return false;
  if (isa<UndefValue>(C) || Depth > MaxDepth) // too deep to tell: it may
    return true;
  return any_of(C->operands(), [&](const Use &Op) { return holdsUndef(cast<Constant>(Op.get()), Depth + 1); });
}

bool ValueVariance::variesByItself(const Value &V) {
  if (auto *C = dyn_cast<Constant>(&V))
    return holdsUndef(C);
  auto *I = dyn_cast<Instruction>(&V);
  if (!I)
    return false;
  if (auto *F = dyn_cast<FreezeInst>(I))
    return !isGuaranteedNotToBeUndefOrPoison(F->getOperand(0));
  if (auto *L = dyn_cast<LoadInst>(I); L && L->isVolatile())
    return true;
  if (auto *CB = dyn_cast<CallBase>(I); CB && readsUnknownRegister(*CB))
    return true;
  // NVPTX's UniformityInfo calls a call's result divergent, but not an
  // invoke's or a callbr's, nor the successor each of these (and a
  // catchswitch) chooses by what it does: whether the callee unwinds, where
  // the asm jumps.
  if (isa<InvokeInst, CallBrInst, CatchSwitchInst>(I))
    return true;
  return usesUndef(*I);
}

bool ValueVariance::holdsOnlyUndef(const Value &Object) {
  // Only the module writes such a global (the host writes an externally
  // initialized one), and only the function an alloca.
  if (auto *GV = dyn_cast<GlobalVariable>(&Object)) {
    if (!GV->hasLocalLinkage() || GV->isExternallyInitialized() || !GV->hasInitializer() ||
        !holdsUndef(GV->getInitializer()))
      return false;
  } else if (!isa<AllocaInst>(Object)) {
    return false;
  }
  // No store but of undef, call or escape may write it.
  SmallVector<const Value *, 8> Work{&Object};
  SmallPtrSet<const Value *, 8> Seen;
  while (!Work.empty()) {
    const Value *Pointer = Work.pop_back_val();
    for (const User *U : Pointer->users()) {
      if (auto *L = dyn_cast<LoadInst>(U); L && !L->isVolatile())
        continue;
      if (auto *S = dyn_cast<StoreInst>(U); S && !S->isVolatile() && S->getValueOperand() != Pointer &&
                                            isa<Constant>(S->getValueOperand()) &&
                                            holdsUndef(cast<Constant>(S->getValueOperand())))
        continue;
      if (auto *I = dyn_cast<IntrinsicInst>(U); I && I->isLifetimeStartOrEnd())
        continue;
      auto *Op = dyn_cast<Operator>(U);
      bool Passes = Op && (isa<GEPOperator>(Op) || Op->getOpcode() == Instruction::BitCast ||
                           Op->getOpcode() == Instruction::AddrSpaceCast);
      if (!Passes)
        return false;
      if (Seen.insert(U).second)
        Work.push_back(U);
    }
  }
  return true;
}

bool ValueVariance::usesUndef(const Instruction &I) {
  return any_of(I.operands(), [](const Use &Op) {
    auto *C = dyn_cast<Constant>(Op.get());
    return C && holdsUndef(C);
  });
}

model::Variance ValueVariance::of(const Value *V) {
  switch (purity(V, 0)) {
  case Purity::Uniform:
    return model::Variance::Uniform;
  case Purity::Thread:
    return model::Variance::PerThread;
  case Purity::Impure:
    break;
  }
  auto *I = dyn_cast<Instruction>(V);
  if (I && LI.getLoopFor(I->getParent()))
    return model::Variance::LoopVariant;
  return model::Variance::PerThread;
}

} // namespace xwarp::core
