//===- core/SyncClassifier.cpp --------------------------------------------===//
//
// The table of NVPTX synchronization intrinsics of LLVM 19 and the names of
// their newer spellings. A partial barrier is anything that synchronizes a
// subset of the CTA; exempt sites are never deleted and never separators.
//
//===----------------------------------------------------------------------===//
#include "core/SyncClassifier.h"

#include "core/CallSites.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/Module.h"

using namespace llvm;
using xwarp::model::FenceScope;
using xwarp::model::SyncKind;
using xwarp::model::ValuedOp;

namespace xwarp::core {

static std::optional<int64_t> constantArg(const CallBase &CB, unsigned I) {
  if (I >= CB.arg_size())
    return std::nullopt;
  if (auto *C = dyn_cast<ConstantInt>(CB.getArgOperand(I)))
    return C->getSExtValue();
  return std::nullopt;
}

static SyncInfo make(SyncKind K, StringRef Name, std::string_view Note = {}) {
  SyncInfo S;
  S.Kind = K;
  S.Name = Name;
  S.Note = Note;
  return S;
}

static SyncInfo clusterBarrier(StringRef Name) {
  SyncInfo S = make(SyncKind::Exempt, Name, "cluster barrier");
  S.StrongForFences = true;
  return S;
}

static SyncInfo asyncCopyWait(StringRef Name) {
  SyncInfo S = make(SyncKind::Exempt, Name, "bulk async-copy wait");
  S.AccessesMemory = true;
  return S;
}

static SyncInfo fence(FenceScope Scope, StringRef Name) {
  SyncInfo S = make(SyncKind::Fence, Name);
  S.Scope = Scope;
  return S;
}

static FenceScope scopeOfSyncScopeName(StringRef N) {
  if (N == "block" || N == "cta" || N == "singlethread")
    return FenceScope::CTA;
  if (N == "cluster")
    return FenceScope::Cluster;
  if (N == "device" || N == "gpu" || N == "agent")
    return FenceScope::GPU;
  return FenceScope::System;
}

/// A barrier without a thread count on resource Id: resource 0 is the CTA
/// barrier of __syncthreads; another (or a run-time) resource is a named
/// barrier, used to synchronize a subset of warps: treated as partial.
static SyncInfo wholeCtaOrNamed(const CallBase &CB, StringRef Name) {
  std::optional<int64_t> Id = CB.arg_size() == 0 ? std::optional<int64_t>(0) : constantArg(CB, 0);
  SyncInfo S = Id && *Id == 0 ? make(SyncKind::FullBarrier, Name)
                              : make(SyncKind::PartialBarrier, Name,
                                     "named barrier: orders only the threads that use its resource");
  S.BarrierId = Id;
  return S;
}

/// Intrinsics that LLVM 19 knows by id.
static std::optional<SyncInfo> classifyKnownIntrinsic(const CallBase &CB, Intrinsic::ID ID,
                                                      StringRef Name) {
  switch (ID) {
  case Intrinsic::nvvm_barrier0: {
    SyncInfo S = make(SyncKind::FullBarrier, Name);
    S.BarrierId = 0;
    return S;
  }
  case Intrinsic::nvvm_barrier0_popc:
  case Intrinsic::nvvm_barrier0_and:
  case Intrinsic::nvvm_barrier0_or: {
    SyncInfo S = make(SyncKind::ValuedBarrier, Name);
    S.BarrierId = 0;
    S.Valued = ID == Intrinsic::nvvm_barrier0_popc ? ValuedOp::Popc
               : ID == Intrinsic::nvvm_barrier0_and ? ValuedOp::And
                                                     : ValuedOp::Or;
    return S;
  }
  case Intrinsic::nvvm_bar_sync:
  case Intrinsic::nvvm_barrier_sync:
  case Intrinsic::nvvm_barrier_n:
    return wholeCtaOrNamed(CB, Name);
  case Intrinsic::nvvm_barrier:
  case Intrinsic::nvvm_barrier_sync_cnt: {
    SyncInfo S = make(SyncKind::PartialBarrier, Name, "counted barrier: orders only its participants");
    S.BarrierId = constantArg(CB, 0);
    return S;
  }
  case Intrinsic::nvvm_bar_warp_sync:
    return make(SyncKind::Exempt, Name, "warp-scope barrier");
  case Intrinsic::nvvm_barrier_cluster_arrive:
  case Intrinsic::nvvm_barrier_cluster_arrive_aligned:
  case Intrinsic::nvvm_barrier_cluster_arrive_relaxed:
  case Intrinsic::nvvm_barrier_cluster_arrive_relaxed_aligned:
  case Intrinsic::nvvm_barrier_cluster_wait:
  case Intrinsic::nvvm_barrier_cluster_wait_aligned:
    return clusterBarrier(Name);
  case Intrinsic::nvvm_cp_async_bulk_wait_group:
  case Intrinsic::nvvm_cp_async_bulk_wait_group_read:
    return asyncCopyWait(Name);
  case Intrinsic::nvvm_exit: {
    SyncInfo S = make(SyncKind::Exempt, Name, "thread exit: paths end here");
    S.EndsPath = true;
    return S;
  }
  case Intrinsic::trap: {
    SyncInfo S = make(SyncKind::Exempt, Name, "trap: paths end here");
    S.EndsPath = true;
    return S;
  }
  case Intrinsic::nvvm_membar_cta:
    return fence(FenceScope::CTA, Name);
  case Intrinsic::nvvm_membar_gl:
    return fence(FenceScope::GPU, Name);
  case Intrinsic::nvvm_membar_sys:
    return fence(FenceScope::System, Name);
  case Intrinsic::nvvm_fence_sc_cluster:
    return fence(FenceScope::Cluster, Name);
  default:
    return std::nullopt;
  }
}

/// Barrier-family names LLVM 19 does not know (later LLVMs' spellings, such as
/// llvm.nvvm.barrier.cta.sync.aligned.all). Anything in the family that is not
/// recognized as a whole-CTA barrier is partial: never deleted, never a separator.
static std::optional<SyncInfo> classifyByName(const CallBase &CB, StringRef Name) {
  if (Name.starts_with("llvm.nvvm.fence.proxy"))
    return make(SyncKind::Exempt, Name, "proxy fence");
  if (Name.starts_with("llvm.nvvm.cp.async.bulk.wait"))
    return asyncCopyWait(Name);
  if (Name.starts_with("llvm.nvvm.barrier.cluster"))
    return clusterBarrier(Name);
  bool Family = Name.starts_with("llvm.nvvm.barrier") || Name.starts_with("llvm.nvvm.bar.");
  if (!Family)
    return std::nullopt;
  bool Valued = Name.contains(".red.") || Name.contains(".popc") || Name.contains(".and") ||
                Name.contains(".or");
  bool Arrive = Name.contains("arrive");
  // A thread count follows the resource (and precedes a valued barrier's
  // predicate): such a barrier completes once that many threads arrive.
  bool Counted = Name.contains(".count") || CB.arg_size() >= (Valued ? 3u : 2u);
  if (Arrive || Counted) {
    SyncInfo S = make(SyncKind::PartialBarrier, Name, "partial barrier: orders only its participants");
    S.BarrierId = constantArg(CB, 0);
    return S;
  }
  if (Valued) {
    SyncInfo S = make(SyncKind::ValuedBarrier, Name);
    S.BarrierId = constantArg(CB, 0);
    S.Valued = Name.contains("popc") ? ValuedOp::Popc : Name.contains("and") ? ValuedOp::And : ValuedOp::Or;
    return S;
  }
  if (Name.contains(".sync") || Name.ends_with("barrier0"))
    return wholeCtaOrNamed(CB, Name);
  return make(SyncKind::PartialBarrier, Name, "unrecognized barrier intrinsic");
}

/// Inline PTX that contains a barrier: treated as a partial barrier on an
/// unknown resource (the model cannot see which threads take part).
static std::optional<SyncInfo> classifyInlineAsm(const InlineAsm &IA) {
  StringRef Asm = IA.getAsmString();
  if (Asm.contains("bar.") || Asm.contains("barrier")) {
    SyncInfo S = make(SyncKind::PartialBarrier, "inline asm", "barrier in inline asm: not modelled");
    return S;
  }
  if (Asm.contains("membar") || Asm.contains("fence"))
    return make(SyncKind::Exempt, "inline asm", "fence in inline asm: not modelled");
  return std::nullopt;
}

std::optional<SyncInfo> classifySync(const Instruction &I) {
  if (auto *FI = dyn_cast<FenceInst>(&I)) {
    SmallVector<StringRef, 8> Names;
    I.getContext().getSyncScopeNames(Names);
    StringRef ScopeName = FI->getSyncScopeID() < Names.size() ? Names[FI->getSyncScopeID()] : "";
    return fence(scopeOfSyncScopeName(ScopeName), "fence");
  }
  auto *CB = dyn_cast<CallBase>(&I);
  if (!CB)
    return std::nullopt;
  if (auto *IA = dyn_cast<InlineAsm>(CB->getCalledOperand()))
    return classifyInlineAsm(*IA);
  const Function *Callee = CB->getCalledFunction();
  if (!Callee)
    return std::nullopt;
  StringRef Name = Callee->getName();
  if (auto S = classifyKnownIntrinsic(*CB, Callee->getIntrinsicID(), Name))
    return S;
  if (Name.starts_with("llvm.nvvm."))
    return classifyByName(*CB, Name);
  return std::nullopt;
}

void BarrierIdSet::add(std::optional<int64_t> Id) {
  if (Id)
    Ids.insert(*Id);
  else
    AnyUnknown = true;
}

bool BarrierIdSet::mayShare(std::optional<int64_t> Id) const {
  if (AnyUnknown)
    return true;
  if (!Id)
    return !Ids.empty();
  return Ids.count(*Id) != 0;
}

void PartialBarrierIds::add(const CallBase &CB, bool InKernel) {
  std::optional<SyncInfo> S = classifySync(CB);
  if (!S) {
    // Code the module does not show (another unit's function, a call
    // through a pointer) may run a barrier.sync, on any resource, where the
    // threads have gone apart; only if the call is convergent (LLVM lets a
    // call that is not assume its callee runs no barrier).
    const Function *Callee = CB.getCalledFunction();
    if (CB.isConvergent() && !CB.isInlineAsm() && (!Callee || (!Callee->isIntrinsic() && bodyUnknown(*Callee)))) {
      NonAligned.add(std::nullopt);
      NonAlignedInDevice.add(std::nullopt);
    }
    return;
  }
  if (S->Kind == SyncKind::PartialBarrier) {
    Partial.add(S->BarrierId);
  } else if (isNonAlignedBarrier(CB)) {
    NonAligned.add(S->BarrierId);
    if (!InKernel)
      NonAlignedInDevice.add(S->BarrierId);
  }
}

bool PartialBarrierIds::sharedWithPartial(std::optional<int64_t> Id, bool InKernel) const {
  return Partial.mayShare(Id) || (InKernel ? NonAlignedInDevice : NonAligned).mayShare(Id);
}

bool isNonAlignedBarrier(const CallBase &CB) {
  const Function *Callee = CB.getCalledFunction();
  if (!Callee)
    return false;
  if (Callee->getIntrinsicID() == Intrinsic::nvvm_barrier_sync)
    return true;
  // Later LLVMs spell PTX's barriers llvm.nvvm.barrier.cta.*, with
  // ".aligned" where they are.
  StringRef Name = Callee->getName();
  return Name.starts_with("llvm.nvvm.barrier.cta.") && !Name.contains(".aligned");
}

} // namespace xwarp::core
