//===- passes/Registration.cpp - Pass names for pipelines -------------===//
#include "passes/Registration.h"

#include "passes/BasicDeadBarrierElim.h"
#include "passes/DeadSyncElim.h"

#include "llvm/Passes/PassBuilder.h"

using namespace llvm;

namespace xwarp::passes {

/// Parses the parameters of dead-sync-elim<...>: a variant name.
static Expected<DeadSyncElimOptions> parseDeadSyncElimOptions(StringRef Params) {
  DeadSyncElimOptions Opts;
  while (!Params.empty()) {
    StringRef Param;
    std::tie(Param, Params) = Params.split(';');
    if (std::optional<Variant> V = parseVariant(Param.str())) {
      Opts.V = *V;
      continue;
    }
    return make_error<StringError>("invalid dead-sync-elim parameter '" + Param +
                                       "' (variants: " + variantList() + ")",
                                   inconvertibleErrorCode());
  }
  return Opts;
}

/// Adds the pass Name names to PM (a module or a function pass manager).
template <typename PassManagerT> static bool addPassByName(StringRef Name, PassManagerT &PM) {
  if (Name == "basic-dbe") {
    PM.addPass(BasicDeadBarrierElimPass());
    return true;
  }
  if (Name == "dead-sync-elim") {
    PM.addPass(DeadSyncElimPass());
    return true;
  }
  if (!PassBuilder::checkParametrizedPassName(Name, "dead-sync-elim"))
    return false;
  Expected<DeadSyncElimOptions> Opts =
      PassBuilder::parsePassParameters(parseDeadSyncElimOptions, Name, "dead-sync-elim");
  if (!Opts) {
    errs() << toString(Opts.takeError()) << "\n";
    return false;
  }
  PM.addPass(DeadSyncElimPass(*Opts));
  return true;
}

void registerXWarpPasses(PassBuilder &PB) {
  PB.registerPipelineParsingCallback(
      [](StringRef Name, ModulePassManager &MPM, ArrayRef<PassBuilder::PipelineElement>) {
        return addPassByName(Name, MPM);
      });
  PB.registerPipelineParsingCallback(
      [](StringRef Name, FunctionPassManager &FPM, ArrayRef<PassBuilder::PipelineElement>) {
        return addPassByName(Name, FPM);
      });
}

} // namespace xwarp::passes
