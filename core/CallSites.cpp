//===- core/CallSites.cpp -------------------------------------------------===//
#include "core/CallSites.h"

#include "llvm/IR/Function.h"
#include "llvm/IR/InstrTypes.h"

using namespace llvm;

namespace xwarp::core {

const CallBase *firstDirectCall(const Function &F) {
  for (const Use &U : F.uses())
    if (auto *Call = dyn_cast<CallBase>(U.getUser()); Call && Call->isCallee(&U))
      return Call;
  return nullptr;
}

bool addressTaken(const Function &F) {
  // LLVM's default ignores uses by assume-like intrinsics, but
  // llvm.ptr.annotation returns the address it annotates.
  return F.hasAddressTaken(nullptr, /*IgnoreCallbackUses=*/false, /*IgnoreAssumeLikeCalls=*/false,
                           /*IgnoreLLVMUsed=*/true);
}

bool bodyUnknown(const Function &F) { return F.isDeclaration() || F.isInterposable(); }

bool mayCallUnnamed(const CallBase &CB) {
  if (CB.isInlineAsm())
    return false;
  const Function *Callee = CB.getCalledFunction();
  return !Callee || (!Callee->isIntrinsic() && bodyUnknown(*Callee));
}

} // namespace xwarp::core
