//===- core/CallSites.cpp -------------------------------------------------===//
#include "core/CallSites.h"

#include "llvm/IR/Function.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/InstrTypes.h"

using namespace llvm;

namespace xwarp::core {

const CallBase *firstDirectCall(const Function &F) {
  for (const Use &U : F.uses())
    if (auto *Call = dyn_cast<CallBase>(U.getUser()); Call && Call->isCallee(&U))
      return Call;
  return nullptr;
}

bool addressTaken(const Function &F, bool CountUsedLists) {
  // LLVM's default ignores uses by assume-like intrinsics, but
  // llvm.ptr.annotation returns the address it annotates.
  return F.hasAddressTaken(nullptr, /*IgnoreCallbackUses=*/false, /*IgnoreAssumeLikeCalls=*/false,
                           /*IgnoreLLVMUsed=*/!CountUsedLists);
}

bool bodyUnknown(const Function &F) { return F.isDeclaration() || F.isInterposable(); }

bool mayCallUnnamed(const CallBase &CB) {
  // PTX transfers control to a function only with `call`.
  if (auto *IA = dyn_cast<InlineAsm>(CB.getCalledOperand()))
    return StringRef(IA->getAsmString()).contains("call");
  const Function *Callee = CB.getCalledFunction();
  if (!Callee)
    return true;
  if (CB.hasFnAttr(Attribute::NoCallback))
    return false;
  return Callee->isIntrinsic() || bodyUnknown(*Callee); // gc.statepoint calls its operand
}

} // namespace xwarp::core
