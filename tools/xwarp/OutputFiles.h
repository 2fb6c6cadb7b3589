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
  /// Whether the paths can take the outputs: none a directory or in a
  /// missing one, none the input, no two the same (standard output included).
  /// Asked before the run, so that a bad path costs nothing and writes nothing.
  static llvm::Error checkPaths(const std::vector<std::string> &Paths, const std::string &Input);

  void add(std::string Path, std::string Contents);
  llvm::Error commit();

private:
  std::vector<std::pair<std::string, std::string>> Files;
};

} // namespace xwarp::tools

#endif
