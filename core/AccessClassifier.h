//===- core/AccessClassifier.h - Which instructions touch memory, and how --===//
//
// Loads, stores, atomics, memory intrinsics and calls become access
// descriptions: a kind, the pointer (when there is one), a size and whether the
// operation is strong (atomic or volatile). Calls are described by LLVM's
// MemoryEffects of the call site; a call that may touch memory other than its
// arguments is an access of every kind to every visible space.
//
//===----------------------------------------------------------------------===//
#ifndef XWARP_CORE_ACCESSCLASSIFIER_H
#define XWARP_CORE_ACCESSCLASSIFIER_H

#include "model/Access.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

namespace llvm {
class DataLayout;
class Function;
class Instruction;
class Value;
} // namespace llvm

namespace xwarp::core {

class KernelAnnotations;

struct AccessDesc {
  model::AccessKind Kind = model::AccessKind::ReadWrite;
  /// The address, or null for "anywhere visible" (an opaque call).
  const llvm::Value *Pointer = nullptr;
  /// Bytes, 0 if unknown.
  uint64_t Size = 0;
  bool Strong = false;
};

/// Whether a function (with its callees) may perform an atomic or volatile
/// operation. Declarations that may touch memory count as "may". Memoized.
class StrongOpSummary {
public:
  bool mayPerformStrongOps(const llvm::Function &F);
  /// Whether the code around a call of device function F may: a caller (or
  /// its own callers), or anyone, when F may be called from outside the
  /// module or through a pointer. A kernel (by Kernels) has no caller.
  bool callersMayPerformStrongOps(const llvm::Function &F, const KernelAnnotations &Kernels);
  /// Whether the call or instruction I itself may be strong.
  bool isStrong(const llvm::Instruction &I);

private:
  llvm::DenseMap<const llvm::Function *, bool> Memo;
  llvm::DenseMap<const llvm::Function *, bool> CallerMemo;
};

/// The accesses I performs (none for most instructions; two for memcpy).
/// Synchronization sites are classified first and are not passed here.
llvm::SmallVector<AccessDesc, 2> classifyAccesses(const llvm::Instruction &I,
                                                  const llvm::DataLayout &DL,
                                                  StrongOpSummary &Strong);

} // namespace xwarp::core

#endif
