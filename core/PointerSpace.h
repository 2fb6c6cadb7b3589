//===- core/PointerSpace.h - Which memory a pointer refers to --------------===//
#ifndef XWARP_CORE_POINTERSPACE_H
#define XWARP_CORE_POINTERSPACE_H

#include "model/AddressSpace.h"

namespace llvm {
class LoopInfo;
class Module;
class Value;
} // namespace llvm

namespace xwarp::core {

/// The address space a pointer refers to. A generic pointer is resolved
/// through casts, GEPs, selects and phis to its underlying objects: a
/// __shared__ variable makes it shared, an alloca local, a kernel parameter
/// global; objects of different spaces leave it generic.
model::AddrSpace pointerSpace(const llvm::Value *Ptr, bool InKernel,
                              const llvm::LoopInfo *LI = nullptr);

/// Whether other CTAs may access this CTA's shared memory: the module maps
/// shared addresses to a cluster peer's (mapa, as an intrinsic or in inline
/// PTX), which the CTAs of a cluster, all running this kernel, then use.
bool sharedMemoryCrossesCtas(const llvm::Module &M);

} // namespace xwarp::core

#endif
