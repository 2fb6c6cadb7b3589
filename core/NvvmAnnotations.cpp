//===- core/NvvmAnnotations.cpp -------------------------------------------===//
#include "core/NvvmAnnotations.h"

#include "core/CallSites.h"

#include "llvm/ADT/Twine.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Module.h"

#include <algorithm>
#include <optional>

using namespace llvm;
using xwarp::model::Dim;

namespace xwarp::core {

/// Calls Fn(F, key, value) for each key/value pair of one annotation node
/// `{ptr @F, !"key", i32 value, ...}` (a node may list several pairs).
template <typename Callback> static void forEachPair(const MDNode *N, Callback Fn) {
  if (N->getNumOperands() < 3)
    return;
  auto *VM = dyn_cast_or_null<ValueAsMetadata>(N->getOperand(0).get());
  auto *F = VM ? dyn_cast<Function>(VM->getValue()) : nullptr;
  if (!F)
    return;
  for (unsigned I = 1; I + 1 < N->getNumOperands(); I += 2) {
    auto *Key = dyn_cast_or_null<MDString>(N->getOperand(I).get());
    auto *Val = mdconst::dyn_extract_or_null<ConstantInt>(N->getOperand(I + 1));
    if (Key && Val)
      Fn(*F, Key->getString(), Val->getZExtValue());
  }
}

/// A function is a kernel as the NVPTX backend reads it: by its annotation
/// `!"kernel", i32 V` (V == 1) when it has one, even against its calling
/// convention (`kernel 0` makes a ptx_kernel function a .func, which other
/// units may call); otherwise by the calling convention. Entries that give
/// both values make it a device function here (KernelVote) and bad input to
/// the driver.
static bool kernelByConvention(const Function &F) { return F.getCallingConv() == CallingConv::PTX_Kernel; }

namespace {
/// What a function's `kernel` annotations say.
struct KernelVote {
  std::optional<uint64_t> First;
  bool AllOnes = true;
  /// False when V contradicts an earlier entry.
  bool add(uint64_t V) {
    bool Agrees = !First || *First == V;
    First = First.value_or(V);
    AllOnes &= V == 1;
    return Agrees;
  }
  bool kernel(const Function &F) const { return First ? AllOnes : kernelByConvention(F); }
};
} // namespace

/// Calls Fn(key, value) for every `{ptr @F, !"key", i32 value}` annotation of F.
template <typename Callback>
static void forEachAnnotation(const Function &F, Callback Fn) {
  const NamedMDNode *MD = F.getParent()->getNamedMetadata("nvvm.annotations");
  if (!MD)
    return;
  for (const MDNode *N : MD->operands())
    forEachPair(N, [&](const Function &Of, StringRef Key, uint64_t V) {
      if (&Of == &F)
        Fn(Key, V);
    });
}

bool isKernel(const Function &F) {
  KernelVote Vote;
  forEachAnnotation(F, [&](StringRef Key, uint64_t V) {
    if (Key == "kernel")
      (void)Vote.add(V);
  });
  return Vote.kernel(F);
}

/// Whether code of the module may call kernel F: a call names it, or its
/// address is taken (a call through a pointer may reach it). @llvm.used
/// calls nothing: PTX calls no kernel, so unseen code cannot either.
static bool mayBeCalled(const Function &F) {
  return firstDirectCall(F) || addressTaken(F, /*CountUsedLists=*/false);
}

bool isLaunchedOnly(const Function &F) { return isKernel(F) && !mayBeCalled(F); }

std::optional<SpecialRegister> specialRegisterOf(const Instruction &I) {
  auto *II = dyn_cast<IntrinsicInst>(&I);
  if (!II)
    return std::nullopt;
  return specialRegisterOf(II->getIntrinsicID());
}

std::optional<SpecialRegister> specialRegisterOf(Intrinsic::ID ID) {
  using K = SpecialRegister;
  auto R = [](SpecialRegister::Kind Kind, Dim D = Dim::X) { return SpecialRegister{Kind, D}; };
  switch (ID) {
  case Intrinsic::nvvm_read_ptx_sreg_tid_x: return R(K::Tid, Dim::X);
  case Intrinsic::nvvm_read_ptx_sreg_tid_y: return R(K::Tid, Dim::Y);
  case Intrinsic::nvvm_read_ptx_sreg_tid_z: return R(K::Tid, Dim::Z);
  case Intrinsic::nvvm_read_ptx_sreg_ntid_x: return R(K::Ntid, Dim::X);
  case Intrinsic::nvvm_read_ptx_sreg_ntid_y: return R(K::Ntid, Dim::Y);
  case Intrinsic::nvvm_read_ptx_sreg_ntid_z: return R(K::Ntid, Dim::Z);
  case Intrinsic::nvvm_read_ptx_sreg_ctaid_x: return R(K::Ctaid, Dim::X);
  case Intrinsic::nvvm_read_ptx_sreg_ctaid_y: return R(K::Ctaid, Dim::Y);
  case Intrinsic::nvvm_read_ptx_sreg_ctaid_z: return R(K::Ctaid, Dim::Z);
  case Intrinsic::nvvm_read_ptx_sreg_nctaid_x: return R(K::Nctaid, Dim::X);
  case Intrinsic::nvvm_read_ptx_sreg_nctaid_y: return R(K::Nctaid, Dim::Y);
  case Intrinsic::nvvm_read_ptx_sreg_nctaid_z: return R(K::Nctaid, Dim::Z);
  case Intrinsic::nvvm_read_ptx_sreg_laneid: return R(K::LaneId);
  case Intrinsic::nvvm_read_ptx_sreg_warpid: return R(K::WarpId);
  default: return std::nullopt;
  }
}

KernelAnnotations::KernelAnnotations(const Module &M) {
  struct Annotated {
    uint64_t Req[3] = {0, 0, 0}, Max[3] = {0, 0, 0};
    /// Set by a second entry giving a key another value: the key's kind is
    /// then ignored (which one the backend uses is not ours to guess).
    bool ReqTwice = false, MaxTwice = false;
  };
  DenseMap<const Function *, Annotated> Annotations;
  DenseMap<const Function *, KernelVote> Votes;
  auto Record = [&](const Function &F, StringRef Key, uint64_t &Slot, bool &Twice, uint64_t V) {
    if (Slot && Slot != V) {
      Twice = true;
      if (FirstConflict.empty())
        FirstConflict = ("for @" + F.getName() + ": '" + Key + "' is both " + Twine(Slot) + " and " + Twine(V)).str();
    }
    Slot = V;
  };
  if (const NamedMDNode *MD = M.getNamedMetadata("nvvm.annotations"))
    for (const MDNode *N : MD->operands())
      forEachPair(N, [&](const Function &F, StringRef Key, uint64_t V) {
        if (Key == "kernel")
          if (KernelVote &Vote = Votes[&F]; !Vote.add(V) && FirstConflict.empty())
            FirstConflict = ("for @" + F.getName() + ": 'kernel' is both " + Twine(*Vote.First) + " and " + Twine(V)).str();
        static const char *ReqKeys[3] = {"reqntidx", "reqntidy", "reqntidz"};
        static const char *MaxKeys[3] = {"maxntidx", "maxntidy", "maxntidz"};
        for (unsigned D = 0; D < 3; ++D) {
          Annotated &A = Annotations[&F];
          if (Key == ReqKeys[D])
            Record(F, Key, A.Req[D], A.ReqTwice, V);
          if (Key == MaxKeys[D])
            Record(F, Key, A.Max[D], A.MaxTwice, V);
        }
      });
  for (auto &[F, Vote] : Votes)
    KernelByAnnotation[F] = Vote.kernel(*F);
  for (auto &[F, A] : Annotations) {
    if (A.ReqTwice)
      std::fill(std::begin(A.Req), std::end(A.Req), 0);
    if (A.MaxTwice)
      std::fill(std::begin(A.Max), std::end(A.Max), 0);
    model::LaunchBounds &B = Bounds[F];
    if (A.Req[0] || A.Req[1] || A.Req[2])
      for (unsigned D = 0; D < 3; ++D)
        B.setExact(static_cast<Dim>(D), static_cast<uint32_t>(A.Req[D] ? A.Req[D] : 1));
    if (A.Max[0] || A.Max[1] || A.Max[2]) {
      uint64_t Threads = 1;
      for (unsigned D = 0; D < 3; ++D)
        Threads *= A.Max[D] ? A.Max[D] : 1;
      B.capThreads(static_cast<uint32_t>(std::min<uint64_t>(Threads, model::LaunchBounds::CudaMaxThreads)));
    }
  }
  // A range attribute on a tid or ntid read bounds nothing here: a value
  // outside it is poison, not undefined behaviour, and the launch may still
  // have more threads (a kernel's own bounds are its annotations).

  for (const Function &F : M) {
    if (!isKernel(F))
      continue;
    const CallBase *Call = firstDirectCall(F);
    if (Call || addressTaken(F, /*CountUsedLists=*/false))
      CalledKernels.insert(&F);
    if (Call && FirstCalledKernel.empty())
      FirstCalledKernel = ("@" + F.getName() + " is called by @" + Call->getFunction()->getName()).str();
  }
}

bool KernelAnnotations::isKernel(const Function &F) const {
  auto It = KernelByAnnotation.find(&F);
  return It != KernelByAnnotation.end() ? It->second : kernelByConvention(F);
}

model::LaunchBounds KernelAnnotations::launchBounds(const Function &F) const {
  auto It = Bounds.find(&F);
  return It == Bounds.end() ? model::LaunchBounds() : It->second;
}

} // namespace xwarp::core
