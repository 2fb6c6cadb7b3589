//===- tools/xwarp/OutputFiles.h - All-or-nothing output files -------------===//
#ifndef XWARP_TOOLS_OUTPUTFILES_H
#define XWARP_TOOLS_OUTPUTFILES_H

#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace xwarp::tools {

/// Collects the contents of every output file and writes them at the end:
/// each regular file to a temporary file beside it, then renamed into place,
/// so a failed run leaves no file half-written; a symbolic link's target the
/// same way; a device or a pipe (/dev/null) in place, since a rename would
/// replace it. "-" means standard output.
class OutputFiles {
public:
  /// Whether the paths (of the output options given) can take the outputs:
  /// none empty, a directory or in a missing one, none an input, no two to
  /// one place but /dev/null (standard output under any of its names
  /// included). Asked
  /// before the run, so that a bad path costs nothing and writes nothing.
  static llvm::Error checkPaths(const std::vector<std::string> &Paths, const std::vector<std::string> &Inputs);

  void add(std::string Path, std::string Contents);
  llvm::Error commit();

private:
  std::vector<std::pair<std::string, std::string>> Files;
};

} // namespace xwarp::tools

#endif
