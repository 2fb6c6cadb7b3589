//===- tools/xwarp/Pipeline.h - The passes the driver runs -----------------===//
#ifndef XWARP_TOOLS_PIPELINE_H
#define XWARP_TOOLS_PIPELINE_H

#include "passes/AddressResults.h"
#include "passes/CommonBaseElim.h"
#include "passes/DeadSyncElim.h"
#include "passes/SyncResults.h"

#include "llvm/Support/Error.h"

#include <optional>
#include <string>
#include <vector>

namespace llvm {
class Module;
}

namespace xwarp::tools {

/// The driver's optimizations, by their --passes names.
enum class Step { DeadSyncElim /* dse */, CommonBaseElim /* cbe */ };

struct PipelineOptions {
  passes::DeadSyncElimOptions DSE;
  passes::CommonBaseElimOptions CBE;
  std::vector<Step> Steps{Step::DeadSyncElim};

  bool runs(Step S) const;
};

/// Parses "dse,cbe" (each at most once, at least one); nullopt if invalid.
std::optional<std::vector<Step>> parseSteps(const std::string &List);

struct PipelineResult {
  std::vector<passes::FunctionSyncResult> Functions;
  std::vector<passes::FunctionAddressResult> Addresses;
  /// The pipeline as a pass string ("infer-address-spaces,dead-sync-elim<dataflow>").
  std::string Passes;
  unsigned AddressInstructionsBefore = 0, AddressInstructionsAfter = 0;
  double Ms = 0;
};

/// Runs infer-address-spaces and the steps (dead-sync-elim<variant>,
/// common-base-elim) on M with an NVPTX (sm_80) target machine, then checks
/// the result with the verifier. Where LLVM 19's infer-address-spaces would
/// leave invalid IR, it is left out (with a warning on stderr).
llvm::Expected<PipelineResult> runPipeline(llvm::Module &M, const PipelineOptions &Opts);

/// Runs a textual pipeline ("default<O3>", "function(common-base-elim)") on M
/// for NVPTX, xwarp's passes included; the output must pass the verifier.
llvm::Error runPassPipelineText(llvm::Module &M, llvm::StringRef Text);

} // namespace xwarp::tools

#endif
