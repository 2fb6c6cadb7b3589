//===- passes/CommonBaseElim.h - Common Base Elimination -------------------===//
//
// Merges address computations whose bases are equal under ScalarEvolution:
// one canonical base per class of addresses that differ by constants, placed
// where it dominates every use, and every member rewritten as a delta off it
// (core/AddressGroups.h groups, passes/BaseRewriter.h rewrites). Rounds repeat
// until nothing changes or cbe-max-iter: a rewrite makes the addresses built
// on a member shallow, which can expose new classes.
//
// The reference's knobs are cl::opts read at each function (cbe-enable,
// cbe-max-depth, cbe-max-iter, cbe-clone-allocas, cbe-min-uses,
// scev-cgp-cross-block-limit, scev-cgp-idom-level-limit, cbe-print-progress);
// the soundness-checking mode and ablations are pass parameters.
//
//===----------------------------------------------------------------------===//
#ifndef XWARP_PASSES_COMMONBASEELIM_H
#define XWARP_PASSES_COMMONBASEELIM_H

#include "core/Ablations.h"
#include "passes/VerifyMode.h"

#include "llvm/IR/PassManager.h"

namespace llvm::cl {
class OptionCategory;
}

namespace xwarp::passes {

class AddressResultSink;

/// The category of the knobs, for drivers that list them.
llvm::cl::OptionCategory &commonBaseElimCategory();

struct CommonBaseElimOptions {
  /// With report or strict, every rewritten address gets a delta proof.
  VerifyMode Verify = VerifyMode::Off;
  unsigned SolverTimeoutMs = 2000;
  /// drop-sext: a deliberately wrong merge, for the delta proof to refute.
  core::Ablations Ablate;
};

class CommonBaseElimPass : public llvm::PassInfoMixin<CommonBaseElimPass> {
public:
  explicit CommonBaseElimPass(CommonBaseElimOptions Opts = {}, AddressResultSink *Sink = nullptr)
      : Opts(Opts), Sink(Sink) {}
  llvm::PreservedAnalyses run(llvm::Function &F, llvm::FunctionAnalysisManager &FAM);
  void printPipeline(llvm::raw_ostream &OS,
                     llvm::function_ref<llvm::StringRef(llvm::StringRef)> MapClassName2PassName);

private:
  CommonBaseElimOptions Opts;
  AddressResultSink *Sink;
  /// Functions visited, for the progress lines.
  unsigned Visited = 0;
};

/// Adds CBE over every function of a module pipeline, after the module's
/// numbering for the report's texts (ModuleNumberingAnalysis).
void addCommonBaseElimToModule(CommonBaseElimPass CBE, llvm::ModulePassManager &MPM);

} // namespace xwarp::passes

#endif
