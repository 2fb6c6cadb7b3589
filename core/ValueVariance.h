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

namespace llvm {
class CallBase;
class Instruction;
class LoopInfo;
class Value;
} // namespace llvm

namespace xwarp::core {

class ValueVariance {
public:
  ValueVariance(const llvm::LoopInfo &LI, bool IsKernel) : LI(LI), IsKernel(IsKernel) {}

  model::Variance of(const llvm::Value *V);

  /// Whether V may differ between threads by itself, although no thread id
  /// flows into it and UniformityInfo may call it uniform: undef (and an
  /// operation on it), frozen poison, a machine register xwarp does not know
  /// (lanemask_lt), a volatile load (a polled flag: NVPTX's UniformityInfo
  /// calls a load of one address uniform), an invoke, callbr or catchswitch
  /// (its result, and the successor it chooses). Divergence follows such
  /// values.
  static bool variesByItself(const llvm::Value &V);
  /// Whether an operand of I is a constant that holds undef (poison aside).
  static bool usesUndef(const llvm::Instruction &I);
  /// Whether Object holds nothing but undef: a global of this module alone
  /// (local linkage, not externally initialized) whose initializer holds
  /// undef, or an alloca, whose every use, through GEPs and casts, loads it
  /// or stores undef to it. LLVM's own passes read its
  /// loads as undef (GlobalOpt, SROA, GVN).
  static bool holdsOnlyUndef(const llvm::Value &Object);
  /// Whether CB is a pure intrinsic that computes its result from its
  /// arguments alone (umin, ctpop, ...), reading neither memory nor the
  /// machine: it varies only as they do.
  static bool computesFromArguments(const llvm::CallBase &CB);

private:
  /// Purity lattice: a pure function of uniform inputs, of uniform inputs and
  /// the thread's coordinates, or neither.
  enum class Purity : uint8_t { Uniform, Thread, Impure };
  Purity purity(const llvm::Value *V, unsigned Depth);

  const llvm::LoopInfo &LI;
  bool IsKernel;
  llvm::DenseMap<const llvm::Value *, Purity> Memo;
};

} // namespace xwarp::core

#endif
