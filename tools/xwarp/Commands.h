//===- tools/xwarp/Commands.h - The driver's commands ----------------------===//
#ifndef XWARP_TOOLS_COMMANDS_H
#define XWARP_TOOLS_COMMANDS_H

#include "llvm/Support/CommandLine.h"

#include <vector>

namespace xwarp::tools {

struct Command {
  const char *Name;
  const char *Summary;
  /// The categories of options the command accepts.
  std::vector<llvm::cl::OptionCategory *> Categories;
  int (*Run)();
  /// The command chooses the variant, passes and verify mode itself: their
  /// options are left out of its --help (and refused when given).
  bool ChoosesPipeline = false;
};

/// `xwarp opt`: optimize one input, write the IR and the JSON report.
Command optCommand();
/// `xwarp corpus`: run over annotated kernels and compare with EXPECT lines.
Command corpusCommand();
/// `xwarp check`: soundness-checking mode on one input.
Command checkCommand();
/// `xwarp ablate`: every variant x ablation over kernels, with the checker.
Command ablateCommand();
/// `xwarp simulate`: the reference interpreter, races, and differential runs.
Command simulateCommand();

} // namespace xwarp::tools

#endif
