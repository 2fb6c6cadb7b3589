//===- tools/xwarp/InputLoader.cpp ----------------------------------------===//
#include "InputLoader.h"

#include "core/NvvmAnnotations.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/TargetParser/Triple.h"

#include <cerrno>
#include <cstdio>
#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace llvm;

namespace xwarp::tools {

static Error failure(const Twine &Msg) { return make_error<StringError>(Msg, inconvertibleErrorCode()); }

/// The first line of Text that says "error", else its first non-empty line.
static std::string firstErrorLine(StringRef Text) {
  SmallVector<StringRef, 16> Lines;
  Text.split(Lines, '\n', -1, false);
  for (StringRef L : Lines)
    if (L.contains("error:"))
      return L.trim().str();
  return Lines.empty() ? "" : Lines.front().trim().str();
}

/// The verifier's first complaint, with the first value it prints after it
/// (the complaint alone rarely says where).
static std::string firstComplaint(StringRef Text) {
  SmallVector<StringRef, 4> Lines;
  Text.split(Lines, '\n', 3, false);
  if (Lines.empty())
    return "";
  std::string S = Lines[0].trim().str();
  if (Lines.size() > 1) {
    StringRef Where = Lines[1].trim();
    S += " (" + (Where.size() > 160 ? Where.take_front(157).str() + "..." : Where.str()) + ")";
  }
  return S;
}

/// A temporary file removed when this object dies.
struct TempPath {
  SmallString<128> Path;
  ~TempPath() {
    if (!Path.empty())
      sys::fs::remove(Path);
  }
};

static Error compileCuda(const std::string &Input, const CudaOptions &Cuda, TempPath &Bitcode) {
  TempPath Log;
  if (std::error_code EC = sys::fs::createTemporaryFile("xwarp-cu", "bc", Bitcode.Path))
    return failure("cannot create a temporary file: " + EC.message());
  if (std::error_code EC = sys::fs::createTemporaryFile("xwarp-cu", "log", Log.Path))
    return failure("cannot create a temporary file: " + EC.message());
  // The user's --cuda-gpu-arch (or --offload-arch) replaces sm_80: given
  // both, clang would compile for two targets into one output, and fail.
  bool ArchGiven = llvm::any_of(Cuda.ExtraArgs, [](const std::string &A) {
    return StringRef(A).starts_with("--cuda-gpu-arch") || StringRef(A).starts_with("--offload-arch");
  });
  // The PTX version is pinned: clang 19 would derive it from an installed CUDA
  // SDK (too new for it here, absent on fresh machines); ignoring any SDK and
  // asking for PTX 8.0 makes every machine emit the same IR.
  std::vector<std::string> Args = {Cuda.Clang,
                                   "-x", "cuda", "--cuda-device-only",
                                   "--cuda-path=/nonexistent-cuda-sdk", "-nocudainc", "-nocudalib",
                                   "-Xclang", "-target-feature", "-Xclang", "+ptx80",
                                   "-include", Cuda.Header,
                                   "-Wno-unknown-cuda-version", "-O2", "-gline-tables-only",
                                   "-emit-llvm", "-c", Input, "-o", Bitcode.Path.str().str()};
  if (!ArchGiven)
    Args.insert(Args.begin() + 4, "--cuda-gpu-arch=sm_80");
  Args.insert(Args.end() - 4, Cuda.ExtraArgs.begin(), Cuda.ExtraArgs.end());
  SmallVector<StringRef, 24> Refs(Args.begin(), Args.end());
  std::optional<StringRef> Redirects[] = {std::nullopt, StringRef(Log.Path), StringRef(Log.Path)};
  // A bare name (--clang clang-19) is looked up on PATH, as a shell would.
  std::string Clang = Cuda.Clang;
  if (!Clang.empty() && Clang.find('/') == std::string::npos)
    if (ErrorOr<std::string> Found = sys::findProgramByName(Clang))
      Clang = *Found;
  std::string ExecError;
  int RC = sys::ExecuteAndWait(Clang, Refs, std::nullopt, Redirects, 0, 0, &ExecError);
  if (RC == 0)
    return Error::success();
  if (RC < 0)
    return failure("cannot run " + Cuda.Clang + ": " + ExecError);
  std::string Why;
  if (ErrorOr<std::unique_ptr<MemoryBuffer>> Text = MemoryBuffer::getFile(Log.Path))
    Why = firstErrorLine((*Text)->getBuffer());
  return failure("cannot compile " + Input + (Why.empty() ? "" : ": " + Why));
}

/// Why an !nvvm.annotations entry is malformed, or "" if it is not. LLVM 19's
/// own reader of these entries (behind UniformityInfo, for one) trusts them
/// and crashes on anything but `{@global, !"key", i32 value, ...}` (a value
/// may also be a node of integers, as `grid_constant` uses).
static std::string malformedAnnotation(const MDNode &N) {
  auto *VM = N.getNumOperands() ? dyn_cast_or_null<ValueAsMetadata>(N.getOperand(0).get()) : nullptr;
  if (!VM || !isa<GlobalValue>(VM->getValue()))
    return ""; // not about a global: LLVM never reads it
  std::string Of = "for @" + VM->getValue()->getName().str();
  if (N.getNumOperands() % 2 == 0)
    return Of + ": a key without a value";
  for (unsigned I = 1; I < N.getNumOperands(); I += 2) {
    auto *Key = dyn_cast_or_null<MDString>(N.getOperand(I).get());
    if (!Key)
      return Of + ": a key that is not a string";
    const Metadata *V = N.getOperand(I + 1).get();
    bool Integer = mdconst::dyn_extract_or_null<ConstantInt>(V) != nullptr;
    if (auto *List = dyn_cast_or_null<MDNode>(V))
      Integer = all_of(List->operands(),
                       [](const MDOperand &Op) { return mdconst::dyn_extract_or_null<ConstantInt>(Op) != nullptr; });
    if (!Integer)
      return Of + ": the value of '" + Key->getString().str() + "' is not an integer";
  }
  return "";
}

/// Whether LLVM's bitcode reader gets through Buffer. It crashes on some
/// corrupt files (a segmentation fault in a GEP's type, an "out of memory"
/// abort), which no check beforehand foresees: a child process reads the
/// file first, and only a file it got through (parsed or rejected) is read
/// here. Only from a single-threaded process: the child has the calling
/// thread alone, and would wait forever on a lock another thread held.
static bool bitcodeReaderSurvives(MemoryBufferRef Buffer) {
  std::fflush(nullptr);
  pid_t Child = fork();
  if (Child < 0)
    return true; // cannot tell: read it here as before
  if (Child == 0) {
    int Null = open("/dev/null", O_WRONLY);
    if (Null >= 0)
      dup2(Null, STDERR_FILENO); // no crash report of its own
    LLVMContext Ctx;
    SMDiagnostic Diag;
    parseIR(Buffer, Diag, Ctx);
    _exit(0);
  }
  int Status = 0;
  while (waitpid(Child, &Status, 0) < 0 && errno == EINTR) {
  }
  return WIFEXITED(Status) && WEXITSTATUS(Status) == 0;
}

static Error corruptBitcode(const std::string &Path) {
  return failure(Path + ": corrupt bitcode (LLVM's reader crashes on it)");
}

Expected<std::unique_ptr<Module>> loadInput(const std::string &Path, LLVMContext &Ctx,
                                            const CudaOptions &Cuda, bool Screened) {
  if (!sys::fs::exists(Path))
    return failure(Path + ": no such file");
  if (sys::fs::is_directory(Path))
    return failure(Path + ": is a directory");
  if (!sys::fs::is_regular_file(Path))
    return failure(Path + ": not a regular file");
  StringRef Ext = sys::path::extension(Path);
  if (Ext != ".ll" && Ext != ".bc" && Ext != ".cu")
    return failure(Path + ": unknown input kind '" + Ext + "' (expected .ll, .bc or .cu)");

  TempPath Bitcode;
  std::string IRPath = Path;
  if (Ext == ".cu") {
    if (Error E = compileCuda(Path, Cuda, Bitcode))
      return E;
    IRPath = Bitcode.Path.str().str();
  }
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buffer = MemoryBuffer::getFile(IRPath);
  if (!Buffer)
    return failure(Path + ": " + Buffer.getError().message());
  if (Ext == ".bc" && !Screened && !bitcodeReaderSurvives((*Buffer)->getMemBufferRef()))
    return corruptBitcode(Path);
  return loadIR((*Buffer)->getMemBufferRef(), Path, Ctx);
}

Error screenBitcode(const std::string &Path) {
  if (sys::path::extension(Path) != ".bc" || !sys::fs::is_regular_file(Path))
    return Error::success();
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buffer = MemoryBuffer::getFile(Path);
  if (Buffer && !bitcodeReaderSurvives((*Buffer)->getMemBufferRef()))
    return corruptBitcode(Path);
  return Error::success();
}

Expected<std::unique_ptr<Module>> loadIR(MemoryBufferRef Buffer, const std::string &Path, LLVMContext &Ctx) {
  SMDiagnostic Diag;
  std::unique_ptr<Module> M = parseIR(Buffer, Diag, Ctx);
  if (!M) {
    std::string Where = Path;
    if (Diag.getLineNo() > 0)
      Where += ":" + std::to_string(Diag.getLineNo()) + ":" + std::to_string(Diag.getColumnNo() + 1);
    return failure(Where + ": " + Diag.getMessage());
  }
  std::string VerifierOut;
  raw_string_ostream VS(VerifierOut);
  if (verifyModule(*M, &VS))
    return failure(Path + ": invalid module: " + firstComplaint(VS.str()));
  Triple T(M->getTargetTriple());
  if (!M->getTargetTriple().empty() && !T.isNVPTX())
    return failure(Path + ": target triple '" + M->getTargetTriple() + "' is not NVPTX");
  if (const NamedMDNode *Annotations = M->getNamedMetadata("nvvm.annotations"))
    for (const MDNode *N : Annotations->operands())
      if (std::string Why = malformedAnnotation(*N); !Why.empty())
        return failure(Path + ": malformed !nvvm.annotations entry " + Why);
  core::KernelAnnotations Kernels(*M);
  if (!Kernels.firstConflict().empty())
    return failure(Path + ": conflicting !nvvm.annotations entries " + Kernels.firstConflict());
  if (!Kernels.firstCalledKernel().empty())
    return failure(Path + ": kernel " + Kernels.firstCalledKernel() + " (only device functions can be called)");
  if (none_of(*M, [&](const Function &F) { return !F.isDeclaration() && Kernels.isKernel(F); }))
    return failure(Path + ": no kernel in module (no function with an !nvvm.annotations \"kernel\" entry of 1 or, without one, the ptx_kernel calling convention)");
  // The input's name, not the temporary bitcode a .cu was compiled to (a new
  // name on every run, which the output IR would repeat).
  M->setModuleIdentifier(Path);
  return M;
}

} // namespace xwarp::tools
