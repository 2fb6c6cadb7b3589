//===- tools/xwarp/Report.h - The JSON report ------------------------------===//
//
// One JSON object per run (README "The JSON report" documents every field;
// scripts and the paper read them, so names are stable).
//
//===----------------------------------------------------------------------===//
#ifndef XWARP_TOOLS_REPORT_H
#define XWARP_TOOLS_REPORT_H

#include "Pipeline.h"

#include "llvm/Support/JSON.h"

#include <string>

namespace xwarp::tools {

struct RunInfo {
  std::string Input;
  std::string Variant;
  std::string Verify = "off";
  std::string Ablations;
};

/// The report as indented JSON text, ending in a newline.
std::string reportText(const RunInfo &Info, const PipelineResult &R);

/// "t=(1,0,0) t'=(0,0,0) ntid=(256,1,1) @s+4/+4 %n=3", or the conflicting
/// accesses when a rule of the model refutes.
std::string counterexampleText(const passes::CounterexampleRecord &C);

/// Per-verdict and per-certificate counts over a run.
struct Counts {
  unsigned Sites = 0, Removed = 0, Kept = 0, Exempt = 0;
  unsigned Proved = 0, Refuted = 0, Unknown = 0;
  /// Deletions without a certificate (no --verify).
  unsigned Unchecked = 0;
};
Counts countVerdicts(const PipelineResult &R);

/// Common Base Elimination over a run: bases kept, addresses rewritten or
/// put back (strict), and their delta proofs.
struct AddressCounts {
  unsigned Bases = 0, Allocas = 0, Rewritten = 0, RolledBack = 0;
  unsigned Proved = 0, Refuted = 0, Unknown = 0;
  /// Functions handled as in strict mode for their loops' number.
  unsigned StrictForLoops = 0;
};
AddressCounts countAddresses(const PipelineResult &R);

} // namespace xwarp::tools

#endif
