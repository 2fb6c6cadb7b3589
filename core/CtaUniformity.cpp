//===- core/CtaUniformity.cpp ---------------------------------------------===//
#include "core/CtaUniformity.h"

#include "core/AccessClassifier.h"
#include "core/NvvmAnnotations.h"
#include "core/PointerSpace.h"
#include "core/SyncClassifier.h"
#include "core/ValueVariance.h"

#include "llvm/Analysis/CycleAnalysis.h"
#include "llvm/Analysis/TargetTransformInfoImpl.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PassInstrumentation.h"

using namespace llvm;

namespace xwarp::core {

AnalysisKey CtaUniformityAnalysis::Key;
AnalysisKey ThreadOrderingAnalysis::Key;

/// Whether threads of one launch may read different values at one plain
/// load of one address without a data race: only where something orders
/// some threads and not others (a partial or named barrier, or an atomic or
/// volatile access, as release and acquire are), anywhere in M. With full
/// barriers alone, every thread reads what the last phase left there.
static bool ordersSomeThreads(const Module &M) {
  StrongOpSummary Strong;
  for (const Function &F : M) {
    if (F.isDeclaration())
      continue;
    if (Strong.mayPerformStrongOps(F))
      return true;
    for (const Instruction &I : instructions(F))
      if (std::optional<SyncInfo> S = isa<CallBase>(I) ? classifySync(I) : std::nullopt;
          S && S->Kind == model::SyncKind::PartialBarrier)
        return true;
  }
  return false;
}

namespace {
/// The target's sources of divergence, less what one CTA shares.
class CtaSources : public TargetTransformInfoImplCRTPBase<CtaSources> {
public:
  CtaSources(const DataLayout &DL, const TargetTransformInfo &Target, bool PlainLoadsVary)
      : TargetTransformInfoImplCRTPBase<CtaSources>(DL), Target(&Target), PlainLoadsVary(PlainLoadsVary) {}

  bool hasBranchDivergence(const Function * = nullptr) const { return true; }
  /// __syncthreads_count/and/or: every thread of the CTA gets the same
  /// result, however its own predicate varies.
  bool isAlwaysUniform(const Value *V) const {
    if (const auto *I = dyn_cast<Instruction>(V))
      if (std::optional<SyncInfo> S = classifySync(*I); S && S->Kind == model::SyncKind::ValuedBarrier)
        return true;
    return Target->isAlwaysUniform(V);
  }

  bool isSourceOfDivergence(const Value *V) const {
    if (const auto *I = dyn_cast<Instruction>(V)) {
      if (std::optional<SpecialRegister> R = specialRegisterOf(*I))
        return R->isPerThread();
      if (isAlwaysUniform(I))
        return false;
      // NVPTX answers for a load of shared or global memory before it asks
      // whether it is atomic: a relaxed atomic load (or a volatile one, a
      // polled flag) may read another thread's store in some threads only.
      // A thread's own local memory is its own, whatever space the pointer
      // a load reads it through is cast to.
      // A launch's parameters are the same for every thread.
      if (const auto *L = dyn_cast<LoadInst>(I)) {
        if (L->isAtomic() || L->isVolatile())
          return true;
        const Value *Object = getUnderlyingObject(L->getPointerOperand());
        if (isLaunchParameter(Object))
          return false;
        if (PlainLoadsVary || isThreadPrivate(Object))
          return true;
      }
      // Each thread has its own local variables: their addresses, and what
      // is read through them (in whatever space), are the thread's own.
      if (isa<AllocaInst>(I))
        return true;
      // A pure intrinsic of arguments varies only as they do (UniformityInfo
      // follows operands).
      if (const auto *CB = dyn_cast<CallBase>(I); CB && ValueVariance::computesFromArguments(*CB))
        return false;
    }
    return Target->isSourceOfDivergence(V);
  }

private:
  const TargetTransformInfo *Target;
  /// Some threads may be ordered after a store and others before it.
  bool PlainLoadsVary;
};
} // namespace

CtaUniformityAnalysis::Result CtaUniformityAnalysis::run(Function &F, FunctionAnalysisManager &FAM) {
  // UniformityInfo is computed by LLVM's own analysis, in an analysis
  // manager whose target answers with CtaSources (its computation is
  // instantiated inside libLLVM only).
  const TargetTransformInfo &Target = FAM.getResult<TargetIRAnalysis>(F);
  const DataLayout &DL = F.getParent()->getDataLayout();
  Module &M = *F.getParent();
  // The cached answer is the module's as the last module pass left it (a
  // pass that changes the module drops it). Inside one pass or function
  // pipeline it is not asked again: our passes delete full barriers and
  // rewrite addresses, which never make a module order threads apart; a
  // function pass that added an atomic or a partial barrier there would
  // not be seen until the pipeline ends.
  auto &Outer = FAM.getResult<ModuleAnalysisManagerFunctionProxy>(F);
  const ThreadOrdering *Ordering = Outer.getCachedResult<ThreadOrderingAnalysis>(M);
  if (Ordering) // computed anew when the module's answer is
    Outer.registerOuterAnalysisInvalidation<ThreadOrderingAnalysis, CtaUniformityAnalysis>();
  bool PlainLoadsVary = Ordering ? Ordering->OrdersSomeThreads : ordersSomeThreads(M);
  auto Own = std::make_unique<FunctionAnalysisManager>();
  Own->registerPass([] { return PassInstrumentationAnalysis(); });
  Own->registerPass([] { return DominatorTreeAnalysis(); });
  Own->registerPass([] { return CycleAnalysis(); });
  Own->registerPass([&] {
    return TargetIRAnalysis([&](const Function &) { return TargetTransformInfo(CtaSources(DL, Target, PlainLoadsVary)); });
  });
  UniformityInfo UI = UniformityInfoAnalysis().run(F, *Own);
  const CycleInfo *Cycles = &Own->getResult<CycleAnalysis>(F);
  return Result{std::move(Own), std::move(UI), Cycles};
}

ThreadOrderingAnalysis::Result ThreadOrderingAnalysis::run(Module &M, ModuleAnalysisManager &) {
  return ThreadOrdering{ordersSomeThreads(M)};
}

void registerCtaUniformity(FunctionAnalysisManager &FAM, ModuleAnalysisManager &MAM) {
  FAM.registerPass([] { return CtaUniformityAnalysis(); });
  MAM.registerPass([] { return ThreadOrderingAnalysis(); });
}

} // namespace xwarp::core
