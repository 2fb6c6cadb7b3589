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
  Expected<PipelineOptions> Opts = pipelineOptions();
  if (!Opts)
    return badInput(toString(Opts.takeError()));
  passes::DeadSyncElimOptions *DSE = &Opts->DSE;
  if (DSE->Verify == passes::VerifyMode::Off)
    DSE->Verify = Opts->CBE.Verify = passes::VerifyMode::Report;
  LLVMContext Ctx;
  Expected<std::unique_ptr<Module>> M = loadInput(Inputs[0], Ctx, cudaOptions());
  if (!M)
    return badInput(toString(M.takeError()));
  Expected<PipelineResult> R = runPipeline(**M, *Opts);
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
  for (const passes::FunctionAddressResult &F : R->Addresses) {
    if (F.Addresses.empty())
      continue;
    outs() << F.Function << ": rewritten addresses\n";
    for (const passes::AddressRecord &A : F.Addresses) {
      std::string Loc = A.Loc.known() ? A.Loc.File + ":" + std::to_string(A.Loc.Line) : "?";
      // base+delta, and +scale*index for an index reuse.
      std::string Rewrite = A.Base + "+" + std::to_string(A.Delta);
      if (!A.Index.empty())
        Rewrite += "+" + std::to_string(A.Scale) + "*" + A.Index;
      outs() << formatv("  {0,-28} {1,-16} {2,-11} {3,-9} {4,8:f2} ms  {5}", Loc, Rewrite, A.Status,
                        A.Proof.Status, A.Proof.Ms, A.Proof.Reason);
      for (const auto &[Name, V] : A.Proof.Inputs)
        outs() << " " << Name << "=" << static_cast<int64_t>(V);
      outs() << "\n";
    }
  }
  Counts C = countVerdicts(*R);
  AddressCounts A = countAddresses(*R);
  outs() << Inputs[0] << ":";
  if (Opts->runs(Step::DeadSyncElim))
    outs() << " " << C.Removed << " removed with " << passes::variantName(DSE->V)
           << (DSE->Ablate.any() ? " (ablations: " + DSE->Ablate.str() + ")" : std::string()) << "; "
           << C.Proved << " proved, " << C.Refuted << " refuted, " << C.Unknown << " unknown";
  if (Opts->runs(Step::CommonBaseElim))
    outs() << (Opts->runs(Step::DeadSyncElim) ? ";" : "") << " " << A.Rewritten
           << " addresses rewritten, " << A.RolledBack << " put back; delta proofs: " << A.Proved << " proved, " << A.Refuted
           << " refuted, " << A.Unknown << " unknown";
  outs() << "\n";
  return C.Refuted || A.Refuted ? ExitCheckFailed : ExitOk;
}

Command checkCommand() {
  return {"check",
          "soundness-checking mode: prove or refute every deletion of a variant; exit 1 if one is refuted",
          {&InputCategory, &AnalysisCategory, &passes::commonBaseElimCategory()}, runCheck};
}

} // namespace xwarp::tools
