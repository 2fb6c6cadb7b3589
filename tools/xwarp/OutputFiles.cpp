//===- tools/xwarp/OutputFiles.cpp ----------------------------------------===//
#include "OutputFiles.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace xwarp::tools {

void OutputFiles::add(std::string Path, std::string Contents) {
  Files.emplace_back(std::move(Path), std::move(Contents));
}

Error OutputFiles::commit() {
  std::vector<sys::fs::TempFile> Temps;
  std::vector<std::string> Targets;
  auto DiscardAll = [&Temps] {
    for (sys::fs::TempFile &T : Temps)
      consumeError(T.discard());
  };
  for (auto &[Path, Contents] : Files) {
    if (Path == "-")
      continue;
    Expected<sys::fs::TempFile> T = sys::fs::TempFile::create(Path + ".tmp-%%%%%%");
    if (!T) {
      DiscardAll();
      return make_error<StringError>("cannot write " + Path + ": " + toString(T.takeError()),
                                     inconvertibleErrorCode());
    }
    raw_fd_ostream OS(T->FD, /*shouldClose=*/false);
    OS << Contents;
    OS.flush();
    Temps.push_back(std::move(*T));
    Targets.push_back(Path);
    if (OS.has_error()) {
      DiscardAll();
      return make_error<StringError>("cannot write " + Path, inconvertibleErrorCode());
    }
  }
  for (size_t I = 0; I < Temps.size(); ++I)
    if (Error E = Temps[I].keep(Targets[I]))
      return make_error<StringError>("cannot write " + Targets[I] + ": " + toString(std::move(E)),
                                     inconvertibleErrorCode());
  for (auto &[Path, Contents] : Files)
    if (Path == "-")
      outs() << Contents;
  outs().flush();
  return Error::success();
}

} // namespace xwarp::tools
