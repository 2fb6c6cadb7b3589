//===- tools/xwarp/InputLoader.h - Reading .ll, .bc and .cu inputs ---------===//
#ifndef XWARP_TOOLS_INPUTLOADER_H
#define XWARP_TOOLS_INPUTLOADER_H

#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBufferRef.h"

#include <memory>
#include <string>
#include <vector>

namespace llvm {
class LLVMContext;
class Module;
} // namespace llvm

namespace xwarp::tools {

struct CudaOptions {
  std::string Clang;
  std::string Header;
  std::vector<std::string> ExtraArgs;
};

/// Parses INPUT (.ll or .bc; .cu is compiled with clang first for sm_80,
/// -O2 -gline-tables-only, with the corpus's device header), checks it with
/// the verifier and that it is an NVPTX module with at least one kernel.
/// Errors are one line, with file:line:col where the input has one.
/// A .bc file is first read by a child process (screenBitcode()) unless
/// Screened says the caller did that already.
llvm::Expected<std::unique_ptr<llvm::Module>>
loadInput(const std::string &Path, llvm::LLVMContext &Ctx, const CudaOptions &Cuda, bool Screened = false);

/// For a readable .bc file, whether LLVM's bitcode reader gets through it
/// (parsed or rejected) in a child process: an error if the reader crashes.
/// Any other path passes (loadInput() reports what is wrong with it). It
/// forks, so a threaded caller screens its files before it starts threads.
llvm::Error screenBitcode(const std::string &Path);

/// IR text or bitcode in Buffer, named Path in errors, with the same checks
/// (parses, verifies, NVPTX or no triple, has a kernel). Buffer must end in a
/// NUL as MemoryBuffer's do: the IR parser reads up to it.
llvm::Expected<std::unique_ptr<llvm::Module>> loadIR(llvm::MemoryBufferRef Buffer, const std::string &Path,
                                                     llvm::LLVMContext &Ctx);

} // namespace xwarp::tools

#endif
