//===- passes/GivenRewrites.cpp -------------------------------------------===//
#include "passes/GivenRewrites.h"

#include "model/Proof.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;

namespace xwarp::passes {

bool accessesThrough(const Instruction &I) {
  return isa<LoadInst, StoreInst, AtomicRMWInst, AtomicCmpXchgInst>(I);
}

std::vector<std::vector<unsigned>> givenRewrites(ArrayRef<const Value *> Addresses,
                                                 ArrayRef<std::vector<const Instruction *>> Rewired) {
  DenseMap<const Value *, unsigned> Index;
  for (unsigned K = 0; K < Addresses.size(); ++K)
    Index.try_emplace(Addresses[K], K);
  std::vector<std::vector<unsigned>> Given(Addresses.size());
  for (unsigned J = 0; J < Rewired.size(); ++J) {
    // Forward along def-use edges. A call's or an access's result is an
    // input of the proof, not a computation it follows.
    SmallPtrSet<const Instruction *, 16> Seen;
    std::vector<const Instruction *> Work(Rewired[J].begin(), Rewired[J].end());
    while (!Work.empty()) {
      const Instruction *I = Work.back();
      Work.pop_back();
      if (!Seen.insert(I).second || accessesThrough(*I) || isa<CallBase>(I))
        continue;
      if (auto It = Index.find(I); It != Index.end() && It->second != J)
        Given[It->second].push_back(J);
      for (const User *U : I->users())
        if (auto *UI = dyn_cast<Instruction>(U))
          Work.push_back(UI);
    }
  }
  return Given;
}

void withdrawGivenProofs(ArrayRef<AddressRecord *> Records, const std::vector<std::vector<unsigned>> &Given) {
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (size_t K = 0; K < Records.size(); ++K) {
      DeltaProofRecord &P = Records[K]->Proof;
      for (unsigned J : Given[K])
        if (P.Status == "proved" && Records[J]->Proof.Status != "proved") {
          P.Status = model::proofStatusName(model::ProofStatus::Unknown);
          P.Reason = "proved given the rewrite of " + Records[J]->Original + ", which is not proved";
          P.Inputs.clear();
          Changed = true;
        }
    }
  }
}

} // namespace xwarp::passes
