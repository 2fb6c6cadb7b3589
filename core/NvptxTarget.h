//===- core/NvptxTarget.h - An NVPTX target machine for analyses ------------===//
//
// UniformityInfo (divergent branches) and infer-address-spaces need NVPTX's
// TargetTransformInfo, which comes from a target machine.
//
//===----------------------------------------------------------------------===//
#ifndef XWARP_CORE_NVPTXTARGET_H
#define XWARP_CORE_NVPTXTARGET_H

#include <memory>

namespace llvm {
class Module;
class TargetMachine;
} // namespace llvm

namespace xwarp::core {

/// An sm_80 target machine for M's triple (nvptx64-nvidia-cuda when M has
/// none, which is then set on M). Null if the NVPTX target is not built in.
std::unique_ptr<llvm::TargetMachine> createNvptxTargetMachine(llvm::Module &M);

/// Holds a module of a process that analyses many, one after another, and
/// ends its life at scope exit without freeing its storage, so that no later
/// module of the process is placed at its address. LLVM 19's NVPTX backend
/// caches each module's nvvm.annotations by the module's address, and each
/// function's by the function's, and forgets them only after code
/// generation: a later module at a reused address reads an earlier one's,
/// and UniformityInfo takes a kernel for a device function (its arguments
/// divergent) or a device function for a kernel (its arguments uniform).
/// The price is the Module object itself (about 1 KB) per module. Declare
/// it after the module's LLVMContext.
class RetiredAtExit {
public:
  explicit RetiredAtExit(std::unique_ptr<llvm::Module> &M) : M(M) {}
  ~RetiredAtExit();
  RetiredAtExit(const RetiredAtExit &) = delete;
  RetiredAtExit &operator=(const RetiredAtExit &) = delete;

private:
  std::unique_ptr<llvm::Module> &M;
};

} // namespace xwarp::core

#endif
