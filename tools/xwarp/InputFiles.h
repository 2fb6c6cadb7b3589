//===- tools/xwarp/InputFiles.h - The files a command's inputs name --------===//
#ifndef XWARP_TOOLS_INPUTFILES_H
#define XWARP_TOOLS_INPUTFILES_H

#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace xwarp::tools {

/// The inputs, with directories replaced by the files under them (searched
/// recursively) whose extension is one of Extensions; sorted. An input that
/// does not exist is an error.
llvm::Expected<std::vector<std::string>> inputFiles(const std::vector<std::string> &Inputs,
                                                    const std::vector<std::string> &Extensions);

} // namespace xwarp::tools

#endif
