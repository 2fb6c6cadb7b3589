//===- passes/DeadSyncElim.h - Dead Sync Elimination -----------------------===//
//
// Deletes CTA barriers and fences that order no cross-thread dependence, with
// the precision of the chosen variant. Barrier resources shared with partial
// barriers and the strong operations of callees are module facts, so the pass
// is best run on a module; it also runs on single functions, so that it can
// sit in a function pipeline next to infer-address-spaces.
//
//===----------------------------------------------------------------------===//
#ifndef XWARP_PASSES_DEADSYNCELIM_H
#define XWARP_PASSES_DEADSYNCELIM_H

#include "core/Ablations.h"
#include "passes/Variant.h"
#include "passes/VerifyMode.h"

#include "llvm/IR/PassManager.h"

#include <optional>
#include <string>

namespace xwarp::passes {

class SyncResultSink;

struct DeadSyncElimOptions {
  Variant V = Variant::Dataflow;
  VariantOptions Precision;
  VerifyMode Verify = VerifyMode::Off;
  /// Deliberately wrong variants (DESIGN errata), for the checker to refute.
  core::Ablations Ablate;
};

class DeadSyncElimPass : public llvm::PassInfoMixin<DeadSyncElimPass> {
public:
  explicit DeadSyncElimPass(DeadSyncElimOptions Opts = {}, SyncResultSink *Sink = nullptr)
      : Opts(Opts), Sink(Sink) {}
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &MAM);
  llvm::PreservedAnalyses run(llvm::Function &F, llvm::FunctionAnalysisManager &FAM);
  void printPipeline(llvm::raw_ostream &OS,
                     llvm::function_ref<llvm::StringRef(llvm::StringRef)> MapClassName2PassName);

private:
  DeadSyncElimOptions Opts;
  SyncResultSink *Sink;
};

} // namespace xwarp::passes

#endif
