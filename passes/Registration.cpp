//===- passes/Registration.cpp - Pass names for pipelines -------------===//
#include "passes/Registration.h"

#include "core/CtaUniformity.h"

#include "passes/BasicDeadBarrierElim.h"
#include "passes/CheckAfterPass.h"
#include "passes/CommonBaseElim.h"
#include "passes/IRText.h"
#include "passes/DeadSyncElim.h"

#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/Signals.h"

#include <algorithm>
#include <cstdlib>

using namespace llvm;

namespace xwarp::passes {

/// The parameters both passes take: verify=off|report|strict,
/// solver-timeout=MS, ablate=NAME+NAME. Nullopt if Param is none of them;
/// false if its value is invalid.
static std::optional<bool> parseSharedParam(StringRef Param, VerifyMode &Verify, unsigned &TimeoutMs,
                                            core::Ablations &Ablate) {
  if (Param.consume_front("verify=")) {
    std::optional<VerifyMode> M = parseVerifyMode(Param.str());
    if (M)
      Verify = *M;
    return M.has_value();
  }
  if (Param.consume_front("solver-timeout="))
    return !Param.getAsInteger(10, TimeoutMs);
  if (Param.consume_front("ablate=")) {
    std::string List = Param.str();
    std::replace(List.begin(), List.end(), '+', ',');
    std::optional<core::Ablations> A = core::Ablations::parse(List);
    if (A)
      Ablate = *A;
    return A.has_value();
  }
  return std::nullopt;
}

/// Parses dead-sync-elim<variant;block-dim=XxYxZ;[no-]path-conditions;solver-timeout=MS;
/// verify=off|report|strict;ablate=NAME+NAME>.
static Expected<DeadSyncElimOptions> parseDeadSyncElimOptions(StringRef Params) {
  DeadSyncElimOptions Opts;
  auto Invalid = [](StringRef Param) {
    return make_error<StringError>("invalid dead-sync-elim parameter '" + Param +
                                       "' (a variant: " + variantList() +
                                       "; block-dim=XxYxZ; [no-]path-conditions; solver-timeout=MS;"
                                       " verify=off|report|strict; ablate=NAME+NAME)",
                                   inconvertibleErrorCode());
  };
  while (!Params.empty()) {
    StringRef Param;
    std::tie(Param, Params) = Params.split(';');
    if (std::optional<Variant> V = parseVariant(Param.str())) {
      Opts.V = *V;
    } else if (Param.consume_front("block-dim=")) {
      Opts.Precision.BlockDim = model::BlockDimSpec::parse(Param.str());
      if (!Opts.Precision.BlockDim)
        return Invalid("block-dim=" + Param.str());
    } else if (Param == "path-conditions" || Param == "no-path-conditions") {
      Opts.Precision.PathConditions = Param == "path-conditions";
    } else if (std::optional<bool> Ok = parseSharedParam(Param, Opts.Verify, Opts.Precision.SolverTimeoutMs,
                                                         Opts.Ablate)) {
      if (!*Ok)
        return Invalid(Param);
    } else {
      return Invalid(Param);
    }
  }
  return Opts;
}

/// Parses common-base-elim<verify=off|report|strict;solver-timeout=MS;ablate=NAME+NAME>.
static Expected<CommonBaseElimOptions> parseCommonBaseElimOptions(StringRef Params) {
  CommonBaseElimOptions Opts;
  auto Invalid = [](StringRef Param) {
    return make_error<StringError>("invalid common-base-elim parameter '" + Param +
                                       "' (verify=off|report|strict; solver-timeout=MS; ablate=NAME+NAME)",
                                   inconvertibleErrorCode());
  };
  while (!Params.empty()) {
    StringRef Param;
    std::tie(Param, Params) = Params.split(';');
    std::optional<bool> Ok = parseSharedParam(Param, Opts.Verify, Opts.SolverTimeoutMs, Opts.Ablate);
    if (!Ok || !*Ok)
      return Invalid(Param);
    // Only drop-sext changes this pass; another ablation would be ignored.
    core::Ablations Others = Opts.Ablate;
    Others.DropSext = false;
    if (Others.any())
      return make_error<StringError>("ablation '" + Others.str() +
                                         "' does not apply to common-base-elim (it takes drop-sext)",
                                     inconvertibleErrorCode());
  }
  return Opts;
}

/// Adds common-base-elim (a function pass) to a function or module pipeline.
static void addCommonBaseElim(CommonBaseElimOptions Opts, FunctionPassManager &FPM) {
  FPM.addPass(CommonBaseElimPass(Opts));
}
static void addCommonBaseElim(CommonBaseElimOptions Opts, ModulePassManager &MPM) {
  addCommonBaseElimToModule(CommonBaseElimPass(Opts), MPM);
}

/// A pipeline the plugin cannot build: one line, the files opt opened for
/// output removed (as LLVM's fatal errors remove them), exit status 2.
/// (Returning false would have opt report an unknown pass name, after
/// trying the name again at function level, which repeats the message.)
[[noreturn]] static void badPipeline(const Twine &Message) {
  errs() << "xwarp: error: " << Message << "\n";
  sys::RunInterruptHandlers();
  std::exit(2);
}

/// Tells the after-pass checker (when there is one) the launch a
/// dead-sync-elim pass assumes; passes that disagree cannot be checked under
/// one launch without the option that names it.
static void recordLaunch(PipelineLaunch *Launch, const DeadSyncElimOptions &Opts) {
  if (Launch && !Launch->add(Opts.Precision.BlockDim))
    badPipeline("-xwarp-check-after-passes: the pipeline's dead-sync-elim passes assume different "
                "block-dims; give the launch to check with -xwarp-check-block-dim");
}

/// Adds the pass Name names to PM (a module or a function pass manager).
template <typename PassManagerT>
static bool addPassByName(StringRef Name, PassManagerT &PM, PipelineLaunch *Launch) {
  if (PassBuilder::checkParametrizedPassName(Name, "common-base-elim")) {
    Expected<CommonBaseElimOptions> Opts =
        PassBuilder::parsePassParameters(parseCommonBaseElimOptions, Name, "common-base-elim");
    if (!Opts)
      badPipeline(toString(Opts.takeError()));
    addCommonBaseElim(*Opts, PM);
    return true;
  }
  if (Name == "basic-dbe") {
    PM.addPass(BasicDeadBarrierElimPass());
    return true;
  }
  if (Name == "dead-sync-elim") {
    recordLaunch(Launch, {});
    PM.addPass(DeadSyncElimPass());
    return true;
  }
  if (!PassBuilder::checkParametrizedPassName(Name, "dead-sync-elim"))
    return false;
  Expected<DeadSyncElimOptions> Opts =
      PassBuilder::parsePassParameters(parseDeadSyncElimOptions, Name, "dead-sync-elim");
  if (!Opts)
    badPipeline(toString(Opts.takeError()));
  recordLaunch(Launch, *Opts);
  PM.addPass(DeadSyncElimPass(*Opts));
  return true;
}

void registerXWarpPasses(PassBuilder &PB) {
  PB.registerAnalysisRegistrationCallback(
      [](FunctionAnalysisManager &FAM) { FAM.registerPass([] { return core::CtaUniformityAnalysis(); }); });
  PB.registerAnalysisRegistrationCallback([](ModuleAnalysisManager &MAM) {
    MAM.registerPass([] { return core::ThreadOrderingAnalysis(); });
    MAM.registerPass([] { return ModuleNumberingAnalysis(); });
  });
  std::shared_ptr<PipelineLaunch> Launch;
  if (PassInstrumentationCallbacks *PIC = PB.getPassInstrumentationCallbacks())
    Launch = registerCheckAfterPass(*PIC);
  PB.registerPipelineParsingCallback(
      [Launch](StringRef Name, ModulePassManager &MPM, ArrayRef<PassBuilder::PipelineElement>) {
        return addPassByName(Name, MPM, Launch.get());
      });
  PB.registerPipelineParsingCallback(
      [Launch](StringRef Name, FunctionPassManager &FPM, ArrayRef<PassBuilder::PipelineElement>) {
        return addPassByName(Name, FPM, Launch.get());
      });
}

} // namespace xwarp::passes
