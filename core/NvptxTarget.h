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

} // namespace xwarp::core

#endif
