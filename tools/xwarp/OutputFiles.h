//===- tools/xwarp/OutputFiles.h - All-or-nothing output files -------------===//
#ifndef XWARP_TOOLS_OUTPUTFILES_H
#define XWARP_TOOLS_OUTPUTFILES_H

#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace xwarp::tools {

/// Collects the contents of every output file and writes them at the end:
/// each to a temporary file beside its target, then renamed into place, so a
/// failed run leaves no file half-written. "-" means standard output.
class OutputFiles {
public:
  void add(std::string Path, std::string Contents);
  llvm::Error commit();

private:
  std::vector<std::pair<std::string, std::string>> Files;
};

} // namespace xwarp::tools

#endif
