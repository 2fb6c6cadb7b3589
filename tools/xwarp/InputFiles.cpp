//===- tools/xwarp/InputFiles.cpp -----------------------------------------===//
#include "InputFiles.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <algorithm>

using namespace llvm;

namespace xwarp::tools {

Expected<std::vector<std::string>> inputFiles(const std::vector<std::string> &Inputs,
                                              const std::vector<std::string> &Extensions) {
  std::vector<std::string> Files;
  for (const std::string &In : Inputs) {
    if (!sys::fs::is_directory(In)) {
      if (!sys::fs::exists(In))
        return make_error<StringError>(In + ": no such file or directory", inconvertibleErrorCode());
      Files.push_back(In);
      continue;
    }
    std::error_code EC;
    for (sys::fs::recursive_directory_iterator It(In, EC), End; It != End && !EC; It.increment(EC))
      if (is_contained(Extensions, sys::path::extension(It->path()).str()))
        Files.push_back(It->path());
    if (EC)
      return make_error<StringError>(In + ": " + EC.message(), inconvertibleErrorCode());
  }
  std::sort(Files.begin(), Files.end());
  return Files;
}

} // namespace xwarp::tools
