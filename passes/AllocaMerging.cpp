//===- passes/AllocaMerging.cpp -------------------------------------------===//
#include "passes/AllocaMerging.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/CFG.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"

#include <tuple>
#include <vector>

using namespace llvm;

namespace xwarp::passes {

namespace {
/// A block in a cycle runs more than once per call: its alloca's objects of
/// different iterations may be live together.
bool inCycle(BasicBlock *BB, DominatorTree &DT, LoopInfo &LI) {
  for (BasicBlock *S : successors(BB))
    if (isPotentiallyReachable(S, BB, nullptr, &DT, &LI))
      return true;
  return false;
}

bool disjoint(BasicBlock *A, BasicBlock *B, DominatorTree &DT, LoopInfo &LI) {
  return !isPotentiallyReachable(A, B, nullptr, &DT, &LI) &&
         !isPotentiallyReachable(B, A, nullptr, &DT, &LI);
}

/// Erases the lifetime markers of the allocas in S, wherever they stand on a
/// pointer derived from one (through casts, GEPs, selects, phis, ptrmask:
/// the backend's stack colouring finds them as getUnderlyingObjects does),
/// and any whose object is not plainly another alloca. Kept, one merged
/// alloca's markers would make the merged one dead on the paths of the
/// others (an alloca with a lifetime.start anywhere starts dead), and stack
/// colouring would give its slot to another alloca there. Without markers
/// it lives through the whole call; dropping a marker is always sound.
void dropLifetimeMarkers(Function &F, ArrayRef<AllocaInst *> S) {
  SmallPtrSet<const Value *, 8> Merged(S.begin(), S.end());
  SmallVector<Instruction *, 8> Markers;
  for (Instruction &I : instructions(F)) {
    auto *II = dyn_cast<IntrinsicInst>(&I);
    if (!II || !II->isLifetimeStartOrEnd())
      continue;
    SmallVector<const Value *, 4> Objects;
    getUnderlyingObjects(II->getArgOperand(1), Objects, nullptr, /*MaxLookup=*/1024);
    if (any_of(Objects, [&](const Value *O) { return !isa<AllocaInst>(O) || Merged.contains(O); }))
      Markers.push_back(II);
  }
  for (Instruction *I : Markers)
    I->eraseFromParent();
}
} // namespace

unsigned mergeDisjointAllocas(Function &F, DominatorTree &DT, LoopInfo &LI,
                          OptimizationRemarkEmitter &ORE) {
  // Candidates by (type, address space, element count), in program order;
  // the kinds in order of first appearance (not by the type's address, which
  // would order the merged allocas and their names differently on each run).
  MapVector<std::tuple<Type *, unsigned, uint64_t>, std::vector<AllocaInst *>> Kinds;
  for (BasicBlock &BB : F) {
    if (&BB == &F.getEntryBlock())
      continue;
    for (Instruction &I : BB) {
      auto *AI = dyn_cast<AllocaInst>(&I);
      auto *Count = AI ? dyn_cast<ConstantInt>(AI->getArraySize()) : nullptr;
      if (!Count || AI->isUsedWithInAlloca() || AI->isSwiftError() || inCycle(&BB, DT, LI))
        continue;
      Kinds[{AI->getAllocatedType(), AI->getAddressSpace(), Count->getZExtValue()}].push_back(AI);
    }
  }
  // Greedy sets of pairwise disjoint lifetimes, per kind.
  std::vector<std::vector<AllocaInst *>> Sets;
  for (auto &[Kind, Allocas] : Kinds) {
    size_t KindBegin = Sets.size();
    for (AllocaInst *AI : Allocas) {
      auto Fits = [&](const std::vector<AllocaInst *> &S) {
        return all_of(S, [&](AllocaInst *O) { return disjoint(AI->getParent(), O->getParent(), DT, LI); });
      };
      auto It = std::find_if(Sets.begin() + KindBegin, Sets.end(), Fits);
      if (It == Sets.end())
        Sets.push_back({AI});
      else
        It->push_back(AI);
    }
  }
  llvm::erase_if(Sets, [](const std::vector<AllocaInst *> &S) { return S.size() < 2; });
  if (Sets.empty())
    return 0;
  SmallVector<AllocaInst *, 8> All;
  for (const std::vector<AllocaInst *> &S : Sets)
    All.append(S.begin(), S.end());
  dropLifetimeMarkers(F, All);
  unsigned Replaced = 0;
  for (std::vector<AllocaInst *> &S : Sets) {
    Align A = S[0]->getAlign();
    for (AllocaInst *AI : S)
      A = std::max(A, AI->getAlign());
    auto *Merged = new AllocaInst(S[0]->getAllocatedType(), S[0]->getAddressSpace(),
                                  S[0]->getArraySize(), A, "baseValue",
                                  F.getEntryBlock().getFirstInsertionPt());
    ORE.emit([&] {
      return OptimizationRemark("common-base-elim", "AllocasMerged", S[0])
             << "Merged " << std::to_string(S.size())
             << " allocas into baseValue in the entry block: their lifetimes cannot overlap";
    });
    for (AllocaInst *AI : S) {
      AI->replaceAllUsesWith(Merged);
      AI->eraseFromParent();
    }
    Replaced += S.size();
  }
  return Replaced;
}

} // namespace xwarp::passes
