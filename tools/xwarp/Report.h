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
};

llvm::json::Value buildReport(const RunInfo &Info, const PipelineResult &R);

/// Per-verdict counts over a run, as the summary and tables show them.
struct Counts {
  unsigned Sites = 0, Removed = 0, Kept = 0, Exempt = 0;
};
Counts countVerdicts(const PipelineResult &R);

} // namespace xwarp::tools

#endif
