//===- core/CtaUniformity.h - Uniformity across the threads of a CTA -------===//
//
// LLVM's UniformityInfo, computed with the target's sources of divergence
// except what is the same in every thread of a CTA. NVPTX's TTI calls every
// call's result divergent, the reads of ntid, ctaid and nctaid included, so
// every loop bounded by blockDim (for (s = blockDim.x / 2; s > 0; s >>= 1))
// looked divergent, and each barrier in it was taken for one that some
// threads skip. Here those reads and the results of __syncthreads_count/and/or
// are uniform, a pure intrinsic of arguments (umin, smax) is divergent only
// through them, and an atomic or volatile load is divergent (NVPTX calls a
// load of shared or global memory uniform before it asks whether it is
// atomic), as is an alloca (each thread's own), a load of local memory,
// and, where the module has a partial or named barrier or an atomic or
// volatile access (they order some threads and not others), every load;
// everything else is the target's answer. UniformityInfo
// then does the rest as it does for any target: joins of divergent branches,
// values used past a loop with a divergent exit, irreducible cycles.
//
//===----------------------------------------------------------------------===//
#ifndef XWARP_CORE_CTAUNIFORMITY_H
#define XWARP_CORE_CTAUNIFORMITY_H

#include "llvm/Analysis/CycleAnalysis.h"
#include "llvm/Analysis/UniformityAnalysis.h"
#include "llvm/IR/PassManager.h"

#include <memory>

namespace xwarp::core {

/// The uniformity of one function, with the cycles it was computed over.
struct CtaUniformity {
  /// The analyses UI was computed with and refers to (the dominator tree,
  /// the cycles, the sources of divergence); on the heap, so moving the
  /// result keeps UI's references valid.
  std::unique_ptr<llvm::FunctionAnalysisManager> Own;
  llvm::UniformityInfo UI;
  /// The function's cycles (natural loops and irreducible ones), Own's.
  const llvm::CycleInfo *Cycles = nullptr;
};

class CtaUniformityAnalysis : public llvm::AnalysisInfoMixin<CtaUniformityAnalysis> {
  friend llvm::AnalysisInfoMixin<CtaUniformityAnalysis>;
  static llvm::AnalysisKey Key;

public:
  using Result = CtaUniformity;
  /// Reads ThreadOrderingAnalysis's result for F's module when the module
  /// analysis manager has it cached (a module pass asks for it before its
  /// functions' uniformity), and otherwise scans the module itself.
  Result run(llvm::Function &F, llvm::FunctionAnalysisManager &FAM);
};

/// Whether something in a module orders some threads of a CTA and not
/// others: a partial or named barrier, or an atomic or volatile access.
/// Where it does, one plain load may read different values in different
/// threads without a data race.
struct ThreadOrdering {
  bool OrdersSomeThreads = false;
};

/// ThreadOrdering of a module: one scan, instead of one per function.
class ThreadOrderingAnalysis : public llvm::AnalysisInfoMixin<ThreadOrderingAnalysis> {
  friend llvm::AnalysisInfoMixin<ThreadOrderingAnalysis>;
  static llvm::AnalysisKey Key;

public:
  using Result = ThreadOrdering;
  Result run(llvm::Module &M, llvm::ModuleAnalysisManager &);
};

/// Registers both analyses (the module one reaches functions through the
/// proxies PassBuilder::crossRegisterProxies adds).
void registerCtaUniformity(llvm::FunctionAnalysisManager &FAM, llvm::ModuleAnalysisManager &MAM);

} // namespace xwarp::core

#endif
