//===- core/PointerSpace.cpp ----------------------------------------------===//
#include "core/PointerSpace.h"
#include "core/NvvmAnnotations.h"

#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Argument.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;
using xwarp::model::AddrSpace;

namespace xwarp::core {

static bool isByValArgument(const Value *Object) {
  const auto *A = dyn_cast<Argument>(Object);
  return A && A->hasByValAttr();
}

bool isThreadPrivate(const Value *Object) {
  return isa<AllocaInst>(Object) || isByValArgument(Object) ||
         static_cast<AddrSpace>(Object->getType()->getPointerAddressSpace()) == AddrSpace::Local;
}

bool isLaunchParameter(const Value *Object) {
  return isByValArgument(Object) && cast<Argument>(Object)->onlyReadsMemory() &&
         isLaunchedOnly(*cast<Argument>(Object)->getParent());
}

AddrSpace pointerSpace(const Value *Ptr, bool InKernel, const LoopInfo *LI) {
  auto AS = static_cast<AddrSpace>(Ptr->getType()->getPointerAddressSpace());
  if (AS != AddrSpace::Generic)
    return AS;
  // A bound, not LLVM's 0 (none): in unreachable code a GEP may be its own
  // operand, and the walk would never end. A chain cut short ends at a
  // generic pointer, which leaves the space generic.
  SmallVector<const Value *, 4> Objects;
  getUnderlyingObjects(Ptr, Objects, const_cast<LoopInfo *>(LI), /*MaxLookup=*/1024);
  std::optional<AddrSpace> Common;
  for (const Value *O : Objects) {
    auto S = static_cast<AddrSpace>(O->getType()->getPointerAddressSpace());
    if (isa<AllocaInst>(O) || isByValArgument(O))
      S = AddrSpace::Local;
    else if (isa<Argument>(O) && InKernel && S == AddrSpace::Generic)
      S = AddrSpace::Global; // kernel pointer parameters point to global memory
    if (Common && *Common != S)
      return AddrSpace::Generic;
    Common = S;
  }
  return Common.value_or(AddrSpace::Generic);
}

bool mapsSharedAcrossCtas(const CallBase &CB) {
  if (auto *IA = dyn_cast<InlineAsm>(CB.getCalledOperand()))
    return StringRef(IA->getAsmString()).contains("mapa") ||
           StringRef(IA->getAsmString()).contains("shared::cluster");
  const Function *Callee = CB.getCalledFunction();
  return Callee && Callee->getName().starts_with("llvm.nvvm.mapa");
}

} // namespace xwarp::core
