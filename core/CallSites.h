//===- core/CallSites.h - Which code may call a function --------------------===//
//
// What the analyses assume about calls they cannot see: a function whose
// address escapes may be called through a pointer, and a call that leaves the
// module (or reaches a definition the linker may replace) may call back any
// function visible outside it.
//
//===----------------------------------------------------------------------===//
#ifndef XWARP_CORE_CALLSITES_H
#define XWARP_CORE_CALLSITES_H

namespace llvm {
class CallBase;
class Function;
} // namespace llvm

namespace xwarp::core {

/// The first call that names F as its callee, or null.
const llvm::CallBase *firstDirectCall(const llvm::Function &F);

/// Whether F is used other than as the callee of a call of its own type: a
/// call through a pointer may reach it. (Intrinsics that return their
/// operand, llvm.ptr.annotation for one, pass the address on.) A reference
/// from @llvm.used or @llvm.compiler.used counts with CountUsedLists: it
/// stands for uses the module does not show (a call from inline PTX, say);
/// not for a kernel, which nothing can call.
bool addressTaken(const llvm::Function &F, bool CountUsedLists = true);

/// Whether the body the module gives F may not be the one that runs: F is a
/// declaration, or the linker may replace its definition (weak, linkonce).
bool bodyUnknown(const llvm::Function &F);

/// Whether CB may run code of the module that it does not name: an indirect
/// call; inline PTX with a `call`; or a call of an intrinsic or of a function
/// whose body is unknown (bodyUnknown) that may call back (no `nocallback`).
bool mayCallUnnamed(const llvm::CallBase &CB);

} // namespace xwarp::core

#endif
