//===- tools/xwarp/OutputFiles.cpp ----------------------------------------===//
#include "OutputFiles.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>

#include <unistd.h>

using namespace llvm;

namespace xwarp::tools {

static Error failure(const Twine &Msg) { return make_error<StringError>(Msg, inconvertibleErrorCode()); }

/// Standard output under its names.
static bool isStdout(StringRef P) {
  return P == "-" || P == "/dev/stdout" || P == "/dev/fd/1" || P == "/proc/self/fd/1";
}

/// The name of an open stream (/dev/stderr, /proc/self/fd/N): a rename would
/// replace the file behind it and lose what it holds.
static bool isStreamName(StringRef P) {
  return P.starts_with("/dev/std") || P.starts_with("/dev/fd/") || P.starts_with("/proc/self/fd/");
}

/// The path a write to P lands on: P, or the end of its chain of symbolic
/// links, which need not exist yet (a dangling link is written through, not
/// replaced). A chain too long (a loop) ends at a link, which checkPaths
/// refuses.
static std::string linkTarget(StringRef P) {
  std::string Path(P);
  for (int Hops = 0; Hops < 40 && sys::fs::is_symlink_file(Path); ++Hops) {
    char Buf[4096];
    ssize_t N = ::readlink(Path.c_str(), Buf, sizeof(Buf) - 1);
    if (N <= 0)
      break;
    SmallString<256> Next(StringRef(Buf, N));
    if (sys::path::is_relative(Next)) {
      SmallString<256> Dir = sys::path::parent_path(Path);
      sys::path::append(Dir, Next);
      Next = Dir;
    }
    Path = std::string(Next);
  }
  return Path;
}

/// Where a write to Target (an output path, its links followed) lands: the
/// file's real path, or for a file still to be made the real path of its
/// directory and its name. Two outputs to one place have one identity.
static std::string identity(StringRef Target) {
  SmallString<256> Real;
  if (!sys::fs::real_path(Target, Real))
    return std::string(Real);
  SmallString<256> Dir = sys::path::parent_path(Target);
  if (Dir.empty())
    Dir = ".";
  if (sys::fs::real_path(Dir, Real))
    Real = Dir;
  sys::path::append(Real, sys::path::filename(Target));
  return std::string(Real);
}

Error OutputFiles::checkPaths(const std::vector<std::string> &Paths, const std::vector<std::string> &Inputs) {
  std::vector<std::string> Seen;
  for (const std::string &P : Paths) {
    if (P.empty())
      return failure("an output path is empty");
    std::string Target = isStdout(P) ? std::string() : linkTarget(P);
    std::string Id = isStdout(P) ? "-" : identity(Target);
    if (Id != "/dev/null" && std::find(Seen.begin(), Seen.end(), Id) != Seen.end())
      return failure("two outputs would go to " + (Id == "-" ? std::string("standard output") : P));
    Seen.push_back(Id);
    if (Id == "-")
      continue;
    if (sys::fs::is_symlink_file(Target))
      return failure("cannot write " + P + ": too many levels of symbolic links");
    if (sys::fs::is_directory(Target))
      return failure("cannot write " + P + ": is a directory");
    StringRef Dir = sys::path::parent_path(Target);
    if (!Dir.empty() && !sys::fs::is_directory(Dir))
      return failure("cannot write " + P + ": no such directory " + Dir);
    for (const std::string &Input : Inputs)
      if (sys::fs::equivalent(Input, P))
        return failure("cannot write " + P + ": it is an input");
  }
  return Error::success();
}

void OutputFiles::add(std::string Path, std::string Contents) {
  Files.emplace_back(std::move(Path), std::move(Contents));
}

/// Writes Contents to Path in place: for what is not a regular file (a
/// device such as /dev/null, a pipe) or is an open stream's name, which a
/// rename would replace.
static Error writeInPlace(const std::string &Path, const std::string &Contents) {
  std::error_code EC;
  // Appended: a descriptor's file keeps what the stream already holds.
  raw_fd_ostream OS(Path, EC, sys::fs::OF_Append);
  if (EC)
    return failure("cannot write " + Path + ": " + EC.message());
  OS << Contents;
  OS.close();
  if (OS.has_error()) {
    std::string Why = OS.error().message();
    OS.clear_error();
    return failure("cannot write " + Path + ": " + Why);
  }
  return Error::success();
}

Error OutputFiles::commit() {
  std::vector<sys::fs::TempFile> Temps;
  std::vector<std::string> Targets;
  auto DiscardAll = [&Temps] {
    for (sys::fs::TempFile &T : Temps)
      consumeError(T.discard());
  };
  std::vector<const std::pair<std::string, std::string> *> InPlace;
  for (auto &F : Files) {
    const auto &[Path, Contents] = F;
    if (isStdout(Path))
      continue;
    if (isStreamName(Path)) {
      InPlace.push_back(&F);
      continue;
    }
    // A symbolic link stays: its target is written. What exists and is not a
    // regular file is written in place.
    std::string Target = linkTarget(Path);
    sys::fs::file_status Status;
    if (!sys::fs::status(Target, Status) && Status.type() != sys::fs::file_type::regular_file) {
      InPlace.push_back(&F);
      continue;
    }
    Expected<sys::fs::TempFile> T = sys::fs::TempFile::create(Target + ".tmp-%%%%%%");
    if (!T) {
      DiscardAll();
      return failure("cannot write " + Path + ": " + toString(T.takeError()));
    }
    raw_fd_ostream OS(T->FD, /*shouldClose=*/false);
    OS << Contents;
    OS.flush();
    Temps.push_back(std::move(*T));
    Targets.push_back(Target);
    if (OS.has_error()) {
      OS.clear_error();
      DiscardAll();
      return failure("cannot write " + Path);
    }
  }
  for (const auto *F : InPlace)
    if (Error E = writeInPlace(F->first, F->second)) {
      DiscardAll();
      return E;
    }
  for (size_t I = 0; I < Temps.size(); ++I)
    if (Error E = Temps[I].keep(Targets[I])) {
      for (size_t J = I + 1; J < Temps.size(); ++J)
        consumeError(Temps[J].discard());
      return failure("cannot write " + Targets[I] + ": " + toString(std::move(E)));
    }
  for (auto &[Path, Contents] : Files)
    if (isStdout(Path))
      outs() << Contents;
  outs().flush();
  if (outs().has_error()) {
    std::string Why = outs().error().message();
    outs().clear_error();
    return failure("cannot write standard output: " + Why);
  }
  return Error::success();
}

} // namespace xwarp::tools
