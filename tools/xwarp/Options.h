//===- tools/xwarp/Options.h - Command-line options shared by commands -----===//
//
// Options are LLVM cl::opts, each in the category of the commands it belongs
// to; a command shows (and accepts) only its own categories. Positional
// arguments after the command name are the command's inputs.
//
//===----------------------------------------------------------------------===//
#ifndef XWARP_TOOLS_OPTIONS_H
#define XWARP_TOOLS_OPTIONS_H

#include "InputLoader.h"
#include "Pipeline.h"
#include "passes/DeadSyncElim.h"

#include "llvm/Support/CommandLine.h"

#include <string>
#include <vector>

namespace xwarp::tools {

extern llvm::cl::OptionCategory InputCategory;
extern llvm::cl::OptionCategory AnalysisCategory;
extern llvm::cl::list<std::string> Inputs;

/// --variant, --block-dim, --path-conditions, --solver-timeout, --verify and
/// --ablate, checked.
llvm::Expected<passes::DeadSyncElimOptions> analysisOptions();
/// analysisOptions() and --passes: the whole pipeline (the checker and the
/// ablations apply to every step).
llvm::Expected<PipelineOptions> pipelineOptions();
/// The name of the first of --variant, --verify and --passes given on the
/// command line (for a command that chooses them itself); empty if none.
std::string pipelineChoiceGiven();
/// Leaves --variant, --verify and --passes out of --help.
void hidePipelineChoices();
/// Whether --ablate was given.
bool ablationsGiven();
/// Sets --verify's default for a command that always checks (xwarp check).
void forceVerifyMode(passes::VerifyMode M);
/// --clang, --cuda-header and --cc-arg.
CudaOptions cudaOptions();

/// Exit statuses: 0 success, 1 a check failed (unsafe removal, mismatch),
/// 2 bad input or usage, 3 internal error.
enum ExitStatus : int { ExitOk = 0, ExitCheckFailed = 1, ExitBadInput = 2, ExitInternal = 3 };

/// Prints "xwarp: error: <Msg>" and returns ExitBadInput.
int badInput(const llvm::Twine &Msg);

} // namespace xwarp::tools

#endif
