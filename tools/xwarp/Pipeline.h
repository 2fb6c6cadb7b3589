//===- tools/xwarp/Pipeline.h - The passes the driver runs -----------------===//
#ifndef XWARP_TOOLS_PIPELINE_H
#define XWARP_TOOLS_PIPELINE_H

#include "passes/DeadSyncElim.h"
#include "passes/SyncResults.h"

#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace llvm {
class Module;
}

namespace xwarp::tools {

struct PipelineOptions {
  passes::DeadSyncElimOptions DSE;
};

struct PipelineResult {
  std::vector<passes::FunctionSyncResult> Functions;
  /// The pipeline as a pass string ("infer-address-spaces,dead-sync-elim<dataflow>").
  std::string Passes;
  unsigned AddressInstructionsBefore = 0, AddressInstructionsAfter = 0;
  double Ms = 0;
};

/// Runs infer-address-spaces and dead-sync-elim<variant> on M with an NVPTX
/// (sm_80) target machine, then checks the result with the verifier.
llvm::Expected<PipelineResult> runPipeline(llvm::Module &M, const PipelineOptions &Opts);

} // namespace xwarp::tools

#endif
