//===- bench/AddressMetrics.cpp -------------------------------------------===//
#include "AddressMetrics.h"

#include "core/AddressArithmetic.h"
#include "core/NvptxTarget.h"

#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Transforms/Utils/Cloning.h"

#include <cstdlib>
#include <mutex>
#include <regex>
#include <set>
#include <sstream>

extern "C" void LLVMInitializeNVPTXAsmPrinter();

using namespace llvm;

namespace xwarp::bench {

unsigned addressInstructions(const Module &M, bool ThroughPhis) {
  unsigned N = 0;
  for (const Function &F : M)
    N += core::countAddressInstructions(F, ThroughPhis);
  return N;
}

std::optional<std::string> emitPtx(const Module &M, std::string &Error) {
  static std::once_flag Once;
  std::call_once(Once, [] { LLVMInitializeNVPTXAsmPrinter(); });
  std::unique_ptr<Module> Copy = CloneModule(M);
  std::unique_ptr<TargetMachine> TM = core::createNvptxTargetMachine(*Copy);
  if (!TM) {
    Error = "no NVPTX target";
    return std::nullopt;
  }
  Copy->setDataLayout(TM->createDataLayout());
  SmallString<0> Out;
  raw_svector_ostream OS(Out);
  legacy::PassManager PM;
  if (TM->addPassesToEmitFile(PM, OS, nullptr, CodeGenFileType::AssemblyFile)) {
    Error = "NVPTX cannot emit assembly";
    return std::nullopt;
  }
  PM.run(*Copy);
  return std::string(Out.str());
}

static bool isIntegerOp(const std::string &Opcode) {
  static const std::set<std::string> Ops = {"add", "sub", "mul", "mad", "shl", "shr",  "and",
                                            "or",  "xor", "not", "neg", "min", "max",  "abs",
                                            "div", "rem", "cvt", "cvta", "bfe", "bfi", "popc",
                                            "clz", "brev", "prmt", "sad"};
  return Ops.count(Opcode) != 0;
}

PtxCounts countPtx(const std::string &Ptx, const std::string &Ptxas) {
  PtxCounts C;
  std::istringstream In(Ptx);
  std::string Line;
  // "add.s64 %rd3, ...", "cvt.u64.u32 ...", "mul.wide.s32 ...": the opcode,
  // then the first type suffix decides (cvt: the destination's).
  static const std::regex Instr(R"(^\s*(?:@!?%p\d+\s+)?([a-z]+)((?:\.[a-z0-9]+)*)\s)");
  static const std::regex Type(R"(\.(s|u|b)(8|16|32|64)\b)");
  static const std::regex Reg(R"(^\s*\.reg\s+\.(?:b|s|u)(?:16|32|64)\s+%(rs|r|rd)<(\d+)>;)");
  std::smatch M;
  while (std::getline(In, Line)) {
    if (std::regex_search(Line, M, Reg)) {
      C.IntRegisters += std::stoul(M[2]);
      continue;
    }
    if (!std::regex_search(Line, M, Instr) || !isIntegerOp(M[1]))
      continue;
    std::string Suffix = M[2];
    std::smatch T;
    if (std::regex_search(Suffix, T, Type))
      ++C.IntInstructions;
  }
  if (Ptxas.empty())
    return C;
  // ptxas -v reads a file and reports on stderr.
  SmallString<128> PtxPath, LogPath, OutPath;
  if (sys::fs::createTemporaryFile("xwarp-bench", "ptx", PtxPath) ||
      sys::fs::createTemporaryFile("xwarp-bench", "log", LogPath) ||
      sys::fs::createTemporaryFile("xwarp-bench", "cubin", OutPath))
    return C;
  {
    std::error_code EC;
    raw_fd_ostream OS(PtxPath, EC);
    OS << Ptx;
  }
  std::optional<StringRef> Redirects[] = {std::nullopt, std::nullopt, StringRef(LogPath)};
  StringRef Args[] = {Ptxas, "-arch=sm_80", "-v", "-o", OutPath, PtxPath};
  if (sys::ExecuteAndWait(Ptxas, Args, std::nullopt, Redirects) == 0) {
    if (auto Log = MemoryBuffer::getFile(LogPath)) {
      std::string Text = (*Log)->getBuffer().str();
      static const std::regex Used(R"(Used (\d+) registers)");
      unsigned Max = 0;
      for (std::sregex_iterator It(Text.begin(), Text.end(), Used), End; It != End; ++It)
        Max = std::max<unsigned>(Max, std::stoul((*It)[1]));
      C.PtxasRegisters = Max;
    }
  }
  sys::fs::remove(PtxPath);
  sys::fs::remove(LogPath);
  sys::fs::remove(OutPath);
  return C;
}

std::string findPtxas() {
  if (const char *Env = std::getenv("XWARP_PTXAS"))
    return Env;
  if (ErrorOr<std::string> P = sys::findProgramByName("ptxas"))
    return *P;
  if (ErrorOr<std::string> P = sys::findProgramByName("ptxas", {"/usr/local/cuda/bin"}))
    return *P;
  return "";
}

} // namespace xwarp::bench
