//===- core/ValueVariance.h - Uniform, per-thread or loop-variant values ---===//
//
// Classifies an IR value by how it may differ between the events of a
// two-thread query (DESIGN "Values"): pure functions of kernel arguments,
// constants, ntid/ctaid/nctaid and the results of __syncthreads_count/and/or
// are uniform; pure functions that also read tid are per-thread; anything else (loads, atomics, shuffles, phis, calls,
// undef, frozen poison, other machine registers) is per-thread outside loops
// and fresh per event inside them.
//
//===----------------------------------------------------------------------===//
#ifndef XWARP_CORE_VALUEVARIANCE_H
#define XWARP_CORE_VALUEVARIANCE_H

#include "model/Term.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

namespace llvm {
class Function;
class Instruction;
class LoopInfo;
class Value;
} // namespace llvm

namespace xwarp::core {

class ValueVariance {
public:
  ValueVariance(const llvm::LoopInfo &LI, bool IsKernel) : LI(LI), IsKernel(IsKernel) {}

  model::Variance of(const llvm::Value *V);

  /// Whether V is built, through pure operations and phis, from a value that
  /// differs between threads although no thread id flows into it: undef,
  /// frozen poison (both of which UniformityInfo takes for uniform), a
  /// machine register xwarp does not know (lanemask_lt), a volatile load.
  bool hidesThreadVariance(const llvm::Value *V);

private:
  /// Purity lattice: a pure function of uniform inputs, of uniform inputs and
  /// the thread's coordinates, or neither.
  enum class Purity : uint8_t { Uniform, Thread, Impure };
  Purity purity(const llvm::Value *V, unsigned Depth);

  const llvm::LoopInfo &LI;
  bool IsKernel;
  llvm::DenseMap<const llvm::Value *, Purity> Memo;
  /// The instructions of HiddenFor that hide thread variance, found at the
  /// first question about that function.
  void collectHidden(const llvm::Function &F);
  const llvm::Function *HiddenFor = nullptr;
  llvm::DenseSet<const llvm::Instruction *> Hidden;
};

} // namespace xwarp::core

#endif
