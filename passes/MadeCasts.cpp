//===- passes/MadeCasts.cpp -----------------------------------------------===//
#include "passes/MadeCasts.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;

namespace xwarp::passes {

unsigned reuseMadeCasts(ArrayRef<WeakTrackingVH> Made, const DominatorTree &DT,
                        const std::function<bool(CastInst &, CastInst &)> &Allowed,
                        const std::function<void(Value *)> &Forget,
                        const std::function<void(CastInst &, CastInst &)> &Reused) {
  unsigned N = 0;
  for (const WeakTrackingVH &H : Made) {
    auto *I = dyn_cast_or_null<CastInst>(H);
    if (!I || !isa<ZExtInst, SExtInst, TruncInst>(I) || I->hasPoisonGeneratingFlags())
      continue;
    SmallVector<CastInst *, 4> Twins;
    for (User *U : I->getOperand(0)->users())
      // (A constant's users span the module: only this function's count.)
      if (auto *J = dyn_cast<CastInst>(U); J && J != I && J->getFunction() == I->getFunction() &&
                                           J->getOpcode() == I->getOpcode() && J->getType() == I->getType() &&
                                           DT.dominates(I, J))
        Twins.push_back(J);
    for (CastInst *J : Twins) {
      if (!Allowed(*I, *J))
        continue;
      Reused(*I, *J);
      J->replaceAllUsesWith(I);
      Forget(J);
      J->eraseFromParent();
      ++N;
    }
  }
  return N;
}

} // namespace xwarp::passes
