//===- core/AccessClassifier.cpp ------------------------------------------===//
#include "core/AccessClassifier.h"

#include "core/CallSites.h"
#include "core/NvvmAnnotations.h"
#include "core/SyncClassifier.h"

#include "llvm/IR/DataLayout.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"

using namespace llvm;
using xwarp::model::AccessKind;

namespace xwarp::core {

static AccessKind kindOf(ModRefInfo MR) {
  if (isModAndRefSet(MR))
    return AccessKind::ReadWrite;
  return isModSet(MR) ? AccessKind::Write : AccessKind::Read;
}

static uint64_t constantLength(const Value *Len) {
  if (auto *C = dyn_cast<ConstantInt>(Len))
    return C->getLimitedValue();
  return 0;
}

/// Intrinsics that mark, assume or annotate but touch no data.
static bool isAnnotationIntrinsic(const Instruction &I) {
  auto *II = dyn_cast<IntrinsicInst>(&I);
  if (!II)
    return false;
  if (II->isAssumeLikeIntrinsic() || II->isLifetimeStartOrEnd())
    return true;
  switch (II->getIntrinsicID()) {
  case Intrinsic::experimental_convergence_anchor:
  case Intrinsic::experimental_convergence_entry:
  case Intrinsic::experimental_convergence_loop:
  case Intrinsic::prefetch:
    return true;
  default:
    return false;
  }
}

/// Inline asm that is not volatile and says it touches no memory (clang's
/// reading of an asm statement without memory operands or a "memory"
/// clobber): LLVM itself may delete, merge or move it, so no access of it
/// can be relied on, nor can it order one.
static bool isPureInlineAsm(const CallBase &CB) {
  const auto *IA = cast<InlineAsm>(CB.getCalledOperand());
  if (IA->hasSideEffects() || !CB.doesNotAccessMemory())
    return false;
  // Hand-written IR may say memory(none) of asm whose constraints name
  // memory; the constraints win.
  for (const InlineAsm::ConstraintInfo &C : IA->ParseConstraints())
    if (C.isIndirect || (C.Type == InlineAsm::isClobber && is_contained(C.Codes, "{memory}")))
      return false;
  return true;
}

SmallVector<AccessDesc, 2> classifyAccesses(const Instruction &I, const DataLayout &DL,
                                            StrongOpSummary &Strong) {
  SmallVector<AccessDesc, 2> Out;
  auto StoreSize = [&DL](Type *T) -> uint64_t {
    TypeSize S = DL.getTypeStoreSize(T);
    return S.isScalable() ? 0 : S.getFixedValue();
  };
  if (auto *LI = dyn_cast<LoadInst>(&I)) {
    Out.push_back({AccessKind::Read, LI->getPointerOperand(), StoreSize(LI->getType()),
                   LI->isAtomic() || LI->isVolatile()});
    return Out;
  }
  if (auto *SI = dyn_cast<StoreInst>(&I)) {
    Out.push_back({AccessKind::Write, SI->getPointerOperand(),
                   StoreSize(SI->getValueOperand()->getType()), SI->isAtomic() || SI->isVolatile()});
    return Out;
  }
  if (auto *RMW = dyn_cast<AtomicRMWInst>(&I)) {
    Out.push_back({AccessKind::ReadWrite, RMW->getPointerOperand(),
                   StoreSize(RMW->getValOperand()->getType()), true});
    return Out;
  }
  if (auto *CX = dyn_cast<AtomicCmpXchgInst>(&I)) {
    Out.push_back({AccessKind::ReadWrite, CX->getPointerOperand(),
                   StoreSize(CX->getNewValOperand()->getType()), true});
    return Out;
  }
  auto *CB = dyn_cast<CallBase>(&I);
  if (!CB || isAnnotationIntrinsic(I))
    return Out;
  if (auto *MT = dyn_cast<MemTransferInst>(&I)) {
    uint64_t N = constantLength(MT->getLength());
    Out.push_back({AccessKind::Read, MT->getRawSource(), N, MT->isVolatile()});
    Out.push_back({AccessKind::Write, MT->getRawDest(), N, MT->isVolatile()});
    return Out;
  }
  if (auto *MS = dyn_cast<MemSetInst>(&I)) {
    Out.push_back({AccessKind::Write, MS->getRawDest(), constantLength(MS->getLength()),
                   MS->isVolatile()});
    return Out;
  }
  if (CB->isInlineAsm()) {
    if (!isPureInlineAsm(*CB))
      Out.push_back({AccessKind::ReadWrite, nullptr, 0, true});
    return Out;
  }
  // A struct passed by value is copied at the call: the call reads it,
  // whatever the callee's own effects, and nothing the callee does through
  // its copy reaches the caller's memory.
  for (unsigned K = 0; K < CB->arg_size(); ++K)
    if (CB->isByValArgument(K))
      Out.push_back({AccessKind::Read, CB->getArgOperand(K), StoreSize(CB->getParamByValType(K)), false});
  MemoryEffects ME = CB->getMemoryEffects();
  if (ME.doesNotAccessMemory())
    return Out;
  bool IsStrong = Strong.isStrong(I);
  // Memory the module cannot name (a shuffle's or vote's internal state) is
  // not visible to other threads' loads and stores. Other memory is any
  // address; what the call does through its arguments is added apart (a
  // helper that reads a global and writes through its pointer argument is
  // memory(read, argmem: write): its write is no read).
  ModRefInfo Other = ME.getModRef(IRMemLocation::Other);
  if (isModOrRefSet(Other))
    Out.push_back({kindOf(Other), nullptr, 0, IsStrong});
  ModRefInfo Arg = ME.getModRef(IRMemLocation::ArgMem);
  if (!isModOrRefSet(Arg) || (Other & Arg) == Arg) // the unknown address covers it
    return Out;
  for (const Use &A : CB->args())
    if (A->getType()->isPointerTy() && !CB->isByValArgument(CB->getArgOperandNo(&A)))
      Out.push_back({kindOf(Arg), A.get(), 0, IsStrong});
  return Out;
}

bool StrongOpSummary::isStrong(const Instruction &I) {
  if (auto *LI = dyn_cast<LoadInst>(&I))
    return LI->isAtomic() || LI->isVolatile();
  if (auto *SI = dyn_cast<StoreInst>(&I))
    return SI->isAtomic() || SI->isVolatile();
  if (isa<AtomicRMWInst>(I) || isa<AtomicCmpXchgInst>(I))
    return true;
  if (auto *MI = dyn_cast<MemIntrinsic>(&I))
    return MI->isVolatile();
  auto *CB = dyn_cast<CallBase>(&I);
  if (!CB || isAnnotationIntrinsic(I))
    return false;
  if (CB->isInlineAsm()) // whatever it synchronizes with, too
    return !isPureInlineAsm(*CB);
  if (std::optional<SyncInfo> S = classifySync(I))
    return S->StrongForFences;
  if (CB->getMemoryEffects().doesNotAccessMemory())
    return false;
  const Function *Callee = CB->getCalledFunction();
  if (!Callee)
    return true;
  return mayPerformStrongOps(*Callee);
}

bool StrongOpSummary::mayPerformStrongOps(const Function &F) {
  auto It = Memo.find(&F);
  if (It != Memo.end())
    return It->second;
  if (bodyUnknown(F)) {
    // An intrinsic, an external function, or one the linker may replace,
    // that touches memory may be atomic.
    bool May = !F.doesNotAccessMemory();
    Memo[&F] = May;
    return May;
  }
  Memo[&F] = true; // while in progress, a recursive call counts as "may"
  bool May = false;
  for (const BasicBlock &BB : F) {
    for (const Instruction &I : BB)
      if (isStrong(I)) {
        May = true;
        break;
      }
    if (May)
      break;
  }
  Memo[&F] = May;
  return May;
}

bool StrongOpSummary::callersMayPerformStrongOps(const Function &F, const KernelAnnotations &Kernels) {
  auto It = CallerMemo.find(&F);
  if (It != CallerMemo.end())
    return It->second;
  if (Kernels.isLaunchedOnly(F))
    return CallerMemo[&F] = false;
  if (!F.hasLocalLinkage())
    return CallerMemo[&F] = true; // callers outside the module
  CallerMemo[&F] = true; // while in progress, a recursive caller counts as "may"
  bool May = false;
  if (addressTaken(F))
    return CallerMemo[&F] = true; // any code may call it
  for (const User *U : F.users()) {
    auto *Call = dyn_cast<CallBase>(U); // else @llvm.used
    if (!Call)
      continue;
    const Function *Caller = Call->getFunction();
    if (mayPerformStrongOps(*Caller) || callersMayPerformStrongOps(*Caller, Kernels)) {
      May = true;
      break;
    }
  }
  return CallerMemo[&F] = May;
}

} // namespace xwarp::core
