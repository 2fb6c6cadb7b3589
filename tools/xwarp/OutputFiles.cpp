//===- tools/xwarp/OutputFiles.cpp ----------------------------------------===//
#include "OutputFiles.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace xwarp::tools {

static Error failure(const Twine &Msg) { return make_error<StringError>(Msg, inconvertibleErrorCode()); }

Error OutputFiles::checkPaths(const std::vector<std::string> &Paths, const std::string &Input) {
  for (size_t I = 0; I < Paths.size(); ++I) {
    const std::string &P = Paths[I];
    for (size_t J = 0; J < I; ++J)
      if (Paths[J] == P || (P != "-" && Paths[J] != "-" && sys::fs::equivalent(Paths[J], P)))
        return failure("two outputs would go to " + (P == "-" ? std::string("standard output") : P));
    if (P == "-")
      continue;
    if (sys::fs::is_directory(P))
      return failure("cannot write " + P + ": is a directory");
    StringRef Dir = sys::path::parent_path(P);
    if (!Dir.empty() && !sys::fs::is_directory(Dir))
      return failure("cannot write " + P + ": no such directory " + Dir);
    if (sys::fs::equivalent(Input, P))
      return failure("cannot write " + P + ": it is the input");
  }
  return Error::success();
}

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
    if (Error E = Temps[I].keep(Targets[I])) {
      for (size_t J = I + 1; J < Temps.size(); ++J)
        consumeError(Temps[J].discard());
      return failure("cannot write " + Targets[I] + ": " + toString(std::move(E)));
    }
  for (auto &[Path, Contents] : Files)
    if (Path == "-")
      outs() << Contents;
  outs().flush();
  return Error::success();
}

} // namespace xwarp::tools
