//===- core/KernelReach.h - Which kernels may run a function ---------------===//
//
// The call graph seen from the kernels of a module: the kernels whose
// launches may run each function, the functions code outside the module may
// run, and, per kernel, the barrier resources that partial barriers or
// skippable barrier.syncs use in the code its launches may run.
//
//===----------------------------------------------------------------------===//
#ifndef XWARP_CORE_KERNELREACH_H
#define XWARP_CORE_KERNELREACH_H

#include "core/NvvmAnnotations.h"
#include "core/SyncClassifier.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

#include <vector>

namespace llvm {
class Function;
class Module;
} // namespace llvm

namespace xwarp::core {

class KernelReach {
public:
  KernelReach(const llvm::Module &M, const KernelAnnotations &Kernels);

  /// The kernels of the module that may run F: those that call it, directly
  /// or through other functions (any kernel making an indirect call, when
  /// F's address is taken).
  llvm::ArrayRef<const llvm::Function *> kernelsReaching(const llvm::Function &F) const;
  /// Whether code outside the module may run F: F is visible outside it (a
  /// kernel only launched aside) or its address is taken, or such a function
  /// calls it.
  bool reachedFromOutside(const llvm::Function &F) const { return Outside.contains(&F); }
  /// The partial barriers' resources in the code a launch of kernel K may
  /// run (PartialBarrierIds::add over every call of it).
  const PartialBarrierIds &partialIdsOf(const llvm::Function &K) const { return PartialOf.find(&K)->second; }

private:
  llvm::DenseMap<const llvm::Function *, std::vector<const llvm::Function *>> Reaching;
  llvm::DenseMap<const llvm::Function *, PartialBarrierIds> PartialOf;
  llvm::DenseSet<const llvm::Function *> Outside;
};

} // namespace xwarp::core

#endif
