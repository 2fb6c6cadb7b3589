//===- core/PointerSpace.h - Which memory a pointer refers to --------------===//
#ifndef XWARP_CORE_POINTERSPACE_H
#define XWARP_CORE_POINTERSPACE_H

#include "model/AddressSpace.h"

namespace llvm {
class CallBase;
class LoopInfo;
class Value;
} // namespace llvm

namespace xwarp::core {

/// The address space a pointer refers to. A generic pointer is resolved
/// through casts, GEPs, selects and phis to its underlying objects: a
/// __shared__ variable makes it shared, an alloca or a byval argument local,
/// another kernel parameter global; objects of different spaces leave it
/// generic.
model::AddrSpace pointerSpace(const llvm::Value *Ptr, bool InKernel,
                              const llvm::LoopInfo *LI = nullptr);

/// Whether Object (an underlying object) is one each thread has its own
/// copy of: an alloca, a byval argument (the callee's own copy: a kernel's
/// in parameter or local memory, a device function's in the caller's local
/// frame), or a variable of local memory (addrspace 5).
bool isThreadPrivate(const llvm::Value *Object);

/// Whether Object is a launch's parameter: a readonly byval argument of a
/// kernel only launched (no function calls it). Every thread's copy holds
/// the same bytes and none is written, so what a load reads there is
/// uniform across the launch.
bool isLaunchParameter(const llvm::Value *Object);

/// Whether call CB maps a shared address to a cluster peer's (mapa, as an
/// intrinsic or in inline PTX). One such call in a module lets other CTAs of
/// a cluster, all running its kernel, access this CTA's shared memory.
bool mapsSharedAcrossCtas(const llvm::CallBase &CB);

} // namespace xwarp::core

#endif
