//===- core/NvvmAnnotations.h - Kernels, launch bounds, special registers --===//
//
// Reads what NVVM IR says about the launch: which functions are kernels
// (`!nvvm.annotations` "kernel" or the ptx_kernel calling convention), the
// reqntid/maxntid bounds, and which calls read the thread / block
// coordinates.
//
//===----------------------------------------------------------------------===//
#ifndef XWARP_CORE_NVVMANNOTATIONS_H
#define XWARP_CORE_NVVMANNOTATIONS_H

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/IR/Intrinsics.h"
#include "model/Launch.h"

#include <optional>
#include <string>

namespace llvm {
class Function;
class Instruction;
class Module;
} // namespace llvm

namespace xwarp::core {

/// Whether F is a kernel, as the NVPTX backend reads it: its `kernel`
/// annotation when it has one (even against its calling convention), else
/// the ptx_kernel calling convention. Scans the module's annotations: to ask
/// of many functions, use KernelAnnotations.
bool isKernel(const llvm::Function &F);

/// Whether F is a kernel nothing of its module may call (no call names it,
/// and its address is not taken but by @llvm.used): its CTA runs nothing of
/// the module before or after it (the analyses' notion of a kernel). Scans
/// F's uses and the annotations: to ask of many functions, use
/// KernelAnnotations.
bool isLaunchedOnly(const llvm::Function &F);

/// What a module's annotations say about each of its functions, read once
/// (one pass over the annotations), so that asking for every function of a
/// module of many kernels stays linear.
class KernelAnnotations {
public:
  explicit KernelAnnotations(const llvm::Module &M);
  /// Whether F is a kernel (as isKernel).
  bool isKernel(const llvm::Function &F) const;
  /// The bounds the IR establishes for F's launches: reqntid fixes
  /// dimensions (missing ones are 1), maxntid caps the thread count. Without
  /// either, the CUDA limits. (A range attribute on a tid/ntid read does not:
  /// a value outside it is poison, which need not be undefined behaviour.)
  model::LaunchBounds launchBounds(const llvm::Function &F) const;
  /// The first kernel/reqntid/maxntid key two entries give a function
  /// different values ("for @k: 'reqntidx' is both 64 and 1"), or empty. The
  /// bounds ignore such keys, a function with both kernel values is a device
  /// function; the driver takes them for bad input.
  const std::string &firstConflict() const { return FirstConflict; }
  /// Whether F is a kernel the module may call: a call names it, or its
  /// address is taken (a call through a pointer may reach it). PTX forbids
  /// calling a kernel, but IR can say it: the analyses then take F for a
  /// device function (its callers' accesses around it, no launch bounds of
  /// its own).
  bool isCalledKernel(const llvm::Function &F) const { return CalledKernels.contains(&F); }
  /// Whether F is a kernel nothing of the module calls: its CTA runs nothing
  /// of the module before or after it (the analyses' notion of a kernel).
  bool isLaunchedOnly(const llvm::Function &F) const { return isKernel(F) && !isCalledKernel(F); }
  /// The first call that names a kernel ("@inner is called by @outer"), or
  /// empty. The driver takes it for bad input. (A kernel's address may be
  /// taken to launch it from the device, which PTX allows.)
  const std::string &firstCalledKernel() const { return FirstCalledKernel; }

private:
  /// What their `kernel` annotations make of the functions that have one.
  llvm::DenseMap<const llvm::Function *, bool> KernelByAnnotation;
  std::string FirstConflict;
  llvm::DenseSet<const llvm::Function *> CalledKernels;
  std::string FirstCalledKernel;
  llvm::DenseMap<const llvm::Function *, model::LaunchBounds> Bounds;
};

/// A read of tid, ntid, ctaid, nctaid, laneid or warpid.
struct SpecialRegister {
  enum Kind : uint8_t { Tid, Ntid, Ctaid, Nctaid, LaneId, WarpId };
  Kind K = Tid;
  model::Dim D = model::Dim::X;
  bool isPerThread() const { return K == Tid || K == LaneId || K == WarpId; }
};
std::optional<SpecialRegister> specialRegisterOf(const llvm::Instruction &I);
/// The register an intrinsic reads, if it is one of the above.
std::optional<SpecialRegister> specialRegisterOf(llvm::Intrinsic::ID ID);

} // namespace xwarp::core

#endif
