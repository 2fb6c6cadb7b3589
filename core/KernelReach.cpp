//===- core/KernelReach.cpp -----------------------------------------------===//
#include "core/KernelReach.h"

#include "core/CallSites.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace xwarp::core {

namespace {
/// The functions with a body one root may run, and their calls' barriers.
struct Walk {
  Walk(const Module &M, const KernelAnnotations &Kernels) : M(M), Kernels(Kernels) {}

  void reach(const Function *G) {
    if (!G->isDeclaration() && Seen.insert(G).second)
      Work.push_back(G);
  }
  // A call through a pointer may reach any function whose address is taken;
  // code outside the module (or a replaced definition) may call any function
  // visible outside it but a kernel (PTX calls no kernel). And their callees.
  void reachUnnamed() {
    Unnamed = true;
    for (const Function &H : M)
      if (addressTaken(H) || (!H.hasLocalLinkage() && !Kernels.isLaunchedOnly(H)))
        reach(&H);
  }
  void run() {
    while (!Work.empty()) {
      const Function *G = Work.pop_back_val();
      for (const Instruction &I : instructions(*G)) {
        auto *CB = dyn_cast<CallBase>(&I);
        if (!CB)
          continue;
        Partial.add(*CB, Kernels.isLaunchedOnly(*G)); // a called kernel runs as a device function
        if (const Function *Callee = CB->getCalledFunction())
          reach(Callee);
        if (!Unnamed && mayCallUnnamed(*CB))
          reachUnnamed();
      }
    }
  }

  const Module &M;
  const KernelAnnotations &Kernels;
  SmallVector<const Function *, 16> Work;
  SmallPtrSet<const Function *, 16> Seen;
  bool Unnamed = false;
  PartialBarrierIds Partial;
};
} // namespace

KernelReach::KernelReach(const Module &M, const KernelAnnotations &Kernels) {
  for (const Function &K : M) {
    if (!Kernels.isKernel(K))
      continue;
    Walk W(M, Kernels);
    W.Seen.insert(&K);
    W.Work.push_back(&K);
    if (K.isDeclaration()) // a kernel of another unit, its bounds declared here
      W.reachUnnamed();
    W.run();
    for (const Function *G : W.Seen)
      Reaching[G].push_back(&K);
    PartialOf[&K] = std::move(W.Partial);
  }
  Walk Out(M, Kernels);
  Out.reachUnnamed();
  Out.run();
  Outside.insert(Out.Seen.begin(), Out.Seen.end());
}

ArrayRef<const Function *> KernelReach::kernelsReaching(const Function &F) const {
  auto It = Reaching.find(&F);
  return It == Reaching.end() ? ArrayRef<const Function *>() : ArrayRef<const Function *>(It->second);
}

} // namespace xwarp::core
