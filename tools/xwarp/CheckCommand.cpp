//===- tools/xwarp/CheckCommand.cpp - xwarp check ---------------------------===//
//
// Soundness-checking mode on one input: runs the chosen variant (and its
// ablations, if any), has the checker prove or refute every deletion, and
// prints a table per function. Exit status 1 if any deletion is refuted.
//
//===----------------------------------------------------------------------===//
#include "Commands.h"
#include "Options.h"
#include "Pipeline.h"
#include "Report.h"

#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace xwarp::tools {

static int runCheck() {
  if (Inputs.size() != 1)
    return badInput("xwarp check takes exactly one input (.ll, .bc or .cu)");
  Expected<passes::DeadSyncElimOptions> DSE = analysisOptions();
  if (!DSE)
    return badInput(toString(DSE.takeError()));
  if (DSE->Verify == passes::VerifyMode::Off)
    DSE->Verify = passes::VerifyMode::Report;
  LLVMContext Ctx;
  Expected<std::unique_ptr<Module>> M = loadInput(Inputs[0], Ctx, cudaOptions());
  if (!M)
    return badInput(toString(M.takeError()));
  Expected<PipelineResult> R = runPipeline(**M, PipelineOptions{*DSE});
  if (!R) {
    errs() << "xwarp: " << toString(R.takeError()) << "\n";
    return ExitInternal;
  }
  for (const passes::FunctionSyncResult &F : R->Functions) {
    outs() << F.Function << (F.IsKernel ? " (kernel)" : " (device function)") << "\n";
    if (F.Syncs.empty())
      outs() << "  no synchronization sites\n";
    for (const passes::SyncRecord &S : F.Syncs) {
      std::string Loc = S.Loc.known() ? S.Loc.File + ":" + std::to_string(S.Loc.Line) : "?";
      outs() << formatv("  {0,-28} {1,-26} {2,-8} {3,-9} {4,8:f2} ms  ", Loc, S.Intrinsic,
                        core::verdictName(S.Verdict), S.Proof.Status, S.Proof.Ms);
      if (S.Proof.Status == "unchecked")
        outs() << S.Reason;
      else
        outs() << S.Proof.Reason;
      if (S.Proof.Cex && S.Proof.Cex->Collision)
        outs() << "\n      counterexample: " << counterexampleText(*S.Proof.Cex);
      outs() << "\n";
    }
  }
  Counts C = countVerdicts(*R);
  outs() << Inputs[0] << ": " << C.Removed << " removed with " << passes::variantName(DSE->V)
         << (DSE->Ablate.any() ? " (ablations: " + DSE->Ablate.str() + ")" : std::string()) << "; "
         << C.Proved << " proved, " << C.Refuted << " refuted, " << C.Unknown << " unknown\n";
  return C.Refuted ? ExitCheckFailed : ExitOk;
}

Command checkCommand() {
  return {"check",
          "soundness-checking mode: prove or refute every deletion of a variant; exit 1 if one is refuted",
          {&InputCategory, &AnalysisCategory}, runCheck};
}

} // namespace xwarp::tools
