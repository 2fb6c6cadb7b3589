//===- core/ValueVariance.cpp ---------------------------------------------===//
#include "core/ValueVariance.h"

#include "core/NvvmAnnotations.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Operator.h"

using namespace llvm;

namespace xwarp::core {

static constexpr unsigned MaxDepth = 24;

ValueVariance::Purity ValueVariance::purity(const Value *V, unsigned Depth) {
  if (isa<Constant>(V))
    return Purity::Uniform;
  if (isa<Argument>(V))
    return IsKernel ? Purity::Uniform : Purity::Impure;
  auto *I = dyn_cast<Instruction>(V);
  if (!I || Depth > MaxDepth)
    return Purity::Impure;
  auto It = Memo.find(V);
  if (It != Memo.end())
    return It->second;
  Memo[V] = Purity::Impure; // cycles through phis are impure anyway

  auto Join = [&](auto Operands) {
    Purity P = Purity::Uniform;
    for (const Value *Op : Operands) {
      Purity Q = purity(Op, Depth + 1);
      if (Q == Purity::Impure)
        return Purity::Impure;
      if (Q == Purity::Thread)
        P = Purity::Thread;
    }
    return P;
  };

  Purity P = Purity::Impure;
  if (std::optional<SpecialRegister> R = specialRegisterOf(*I)) {
    P = R->isPerThread() ? Purity::Thread : Purity::Uniform;
  } else if (isa<BinaryOperator>(I) || isa<CastInst>(I) || isa<CmpInst>(I) ||
             isa<SelectInst>(I) || isa<GetElementPtrInst>(I) || isa<FreezeInst>(I) ||
             isa<ExtractValueInst>(I) || isa<UnaryOperator>(I)) {
    P = Join(I->operands());
  } else if (auto *L = dyn_cast<LoadInst>(I)) {
    // Constant and parameter memory cannot change while the kernel runs.
    unsigned AS = L->getPointerAddressSpace();
    if ((AS == 4 || AS == 101) && !L->isVolatile())
      P = Join(ArrayRef<const Value *>{L->getPointerOperand()});
  } else if (auto *CB = dyn_cast<CallBase>(I)) {
    const Function *Callee = CB->getCalledFunction();
    if (Callee && Callee->isIntrinsic() && CB->doesNotAccessMemory() && !CB->isConvergent())
      P = Join(CB->args());
  }
  Memo[V] = P;
  return P;
}

model::Variance ValueVariance::of(const Value *V) {
  switch (purity(V, 0)) {
  case Purity::Uniform:
    return model::Variance::Uniform;
  case Purity::Thread:
    return model::Variance::PerThread;
  case Purity::Impure:
    break;
  }
  auto *I = dyn_cast<Instruction>(V);
  if (I && LI.getLoopFor(I->getParent()))
    return model::Variance::LoopVariant;
  return model::Variance::PerThread;
}

} // namespace xwarp::core
