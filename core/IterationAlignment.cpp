//===- core/IterationAlignment.cpp ----------------------------------------===//
#include "core/IterationAlignment.h"

#include "core/AddressBuilder.h"
#include "core/CtaUniformity.h"
#include "core/NvvmAnnotations.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/CycleAnalysis.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/UniformityAnalysis.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

#include <algorithm>

using namespace llvm;
using xwarp::model::SyncKind;
using xwarp::model::Term;

namespace xwarp::core {

static bool isCtaBarrier(const model::SyncSite &S) {
  return S.Kind == SyncKind::FullBarrier || S.Kind == SyncKind::ValuedBarrier;
}

/// Whether every thread runs the same barrier instances in the same order:
/// no barrier of a subset, none under divergent control, none hidden in a
/// callee or in inline asm, and no irreducible cycle (where a barrier could
/// run more than once in an iteration without being in a subloop). Code no
/// path reaches runs in no thread: its barriers and calls do not count.
static bool barriersPairUp(const CycleInfo &Cycles, const DominatorTree &DT, const ExtractedFunction &Out,
                           bool CallsBeyondIntrinsics) {
  if (CallsBeyondIntrinsics)
    return false;
  for (const model::SyncSite &S : Out.Model.Syncs)
    if ((S.Kind == SyncKind::PartialBarrier || (isCtaBarrier(S) && S.Divergent)) &&
        DT.isReachableFromEntry(Out.SyncInst[S.Id]->getParent()))
      return false;
  // The cycles UniformityInfo was computed over, nested ones included.
  SmallVector<const Cycle *, 8> Work(Cycles.toplevel_cycles());
  while (!Work.empty()) {
    const Cycle *C = Work.pop_back_val();
    if (!C->isReducible())
      return false;
    append_range(Work, C->children());
  }
  return true;
}

/// Whether all threads run the same iterations of L in the same visits of
/// it: L has one latch, and every exit of L and of the loops around it is
/// taken by all threads or none. (An outermost loop of a reducible function
/// is visited once: a path from its exits back to its header would close a
/// cycle, which a reducible CFG holds only inside a natural loop around L.
/// A subloop is visited once per iteration of its parent that enters it.)
static bool runsAlike(const Loop &L, CtaUniformity &Uniformity, const DenseSet<const BasicBlock *> &Divergent) {
  if (!L.getLoopLatch())
    return false;
  for (const Loop *X = &L; X; X = X->getParentLoop()) {
    SmallVector<BasicBlock *, 4> Exiting;
    X->getExitingBlocks(Exiting);
    if (any_of(Exiting, [&](const BasicBlock *E) {
          return Divergent.contains(E) || Uniformity.UI.hasDivergentTerminator(*E);
        }))
      return false;
  }
  return true;
}

/// Whether every edge into L's latch from a block KB does not dominate
/// implies that the latch's branch leaves the loop: the iterations that go
/// on all pass KB. (clang merges `if (c) break;` between two barriers into
/// the latch when the latch swaps two pointers: `br (c || last), exit,
/// header`, reached from before the second barrier with c true.)
static bool leavesWhereSkipped(const BasicBlock &KB, const Loop &L, const DominatorTree &DT) {
  const BasicBlock *Latch = L.getLoopLatch();
  auto *BI = dyn_cast<BranchInst>(Latch->getTerminator());
  if (!BI || !BI->isConditional())
    return false;
  bool ExitOnTrue = !L.contains(BI->getSuccessor(0));
  if (ExitOnTrue == !L.contains(BI->getSuccessor(1)))
    return false;
  const DataLayout &DL = Latch->getModule()->getDataLayout();
  for (const BasicBlock *P : predecessors(Latch)) {
    if (DT.dominates(&KB, P))
      continue;
    auto *PB = dyn_cast<BranchInst>(P->getTerminator());
    if (!PB || !PB->isConditional() || PB->getSuccessor(0) == PB->getSuccessor(1))
      return false;
    bool OnTrue = PB->getSuccessor(0) == Latch;
    if (isImpliedCondition(PB->getCondition(), BI->getCondition(), DL, OnTrue) != ExitOnTrue)
      return false;
  }
  return true;
}

/// Whether a block of SiteBlocks can run after KB in an iteration without KB
/// dominating it (the latch, reached past KB or on the way out): such a site
/// is after KB in the iterations that go on, although KB does not dominate it.
static bool reachesUndominatedSite(const BasicBlock &KB, const Loop &L, const DominatorTree &DT,
                                   const SmallPtrSetImpl<const BasicBlock *> &SiteBlocks) {
  SmallVector<const BasicBlock *, 16> Work(successors(&KB));
  SmallPtrSet<const BasicBlock *, 16> Seen;
  while (!Work.empty()) {
    const BasicBlock *B = Work.pop_back_val();
    if (B == L.getHeader() || !L.contains(B) || !Seen.insert(B).second)
      continue;
    if (!DT.dominates(&KB, B) && SiteBlocks.contains(B))
      return true;
    append_range(Work, successors(B));
  }
  return false;
}

/// Whether the barrier I runs exactly once in every iteration of L that goes
/// on, and its accesses are on one side of it in all of them: it dominates
/// the latch, or (in an outermost loop) the iterations that skip it leave the
/// loop and no site of SiteBlocks runs after it where it does not dominate.
/// In a subloop it must dominate every exiting block too (the iteration that
/// leaves): an outermost loop's last iteration may leave before it, as no
/// iteration follows in another visit to meet that one's accesses without an
/// instance between.
static bool runsOncePerIteration(const Instruction &I, const Loop &L, const DominatorTree &DT,
                                 function_ref<const SmallPtrSetImpl<const BasicBlock *> &()> SiteBlocks) {
  const BasicBlock *KB = I.getParent();
  if (!L.getParentLoop())
    return DT.dominates(KB, L.getLoopLatch()) ||
           (leavesWhereSkipped(*KB, L, DT) && !reachesUndominatedSite(*KB, L, DT, SiteBlocks()));
  if (!DT.dominates(KB, L.getLoopLatch()))
    return false;
  SmallVector<BasicBlock *, 4> Exiting;
  L.getExitingBlocks(Exiting);
  return all_of(Exiting, [&](const BasicBlock *E) { return DT.dominates(KB, E); });
}

/// Whether each of Chain (in program order) comes before the next in every
/// iteration: dominates it.
static bool formChain(ArrayRef<const Instruction *> Chain, const DominatorTree &DT) {
  for (size_t I = 1; I < Chain.size(); ++I) {
    const Instruction *A = Chain[I - 1], *B = Chain[I];
    if (A->getParent() == B->getParent() ? !A->comesBefore(B) : !DT.dominates(A->getParent(), B->getParent()))
      return false;
  }
  return true;
}

/// Whether V is a function of the iteration of L alone: of constants, kernel
/// arguments, ntid, ctaid, nctaid and L's header phis of the same kind.
static bool fixedByIteration(const Value *V, const Loop &L, SmallPtrSetImpl<const Value *> &Seen,
                             unsigned Depth = 0) {
  if (isa<ConstantInt>(V))
    return true;
  if (isa<Argument>(V))
    return V->getType()->isIntegerTy(); // a kernel argument: the launch's
  auto *I = dyn_cast<Instruction>(V);
  if (!I || Depth > 16)
    return false;
  if (!Seen.insert(I).second)
    return true; // around the header's phis again, or checked on another path
  auto Operands = [&](auto Range) {
    return all_of(Range, [&](const Value *Op) { return fixedByIteration(Op, L, Seen, Depth + 1); });
  };
  if (auto *Phi = dyn_cast<PHINode>(I))
    return Phi->getParent() == L.getHeader() && Operands(Phi->incoming_values());
  if (std::optional<SpecialRegister> R = specialRegisterOf(*I))
    return !R->isPerThread();
  if (isa<BinaryOperator>(I) || isa<CastInst>(I) || isa<ICmpInst>(I) || isa<SelectInst>(I))
    return Operands(I->operands());
  return false;
}

template <typename T> static void noteOnce(std::vector<T> &Into, T Item) {
  if (!is_contained(Into, Item))
    Into.push_back(Item);
}

namespace {
/// What one iteration of a loop fixes for every thread.
struct IterationValues {
  std::vector<const Term *> Leaves;
  /// Keys of the uniform swapped pairs over two distinct objects.
  std::vector<uint64_t> Pairs;
};
} // namespace

/// The values one iteration of X fixes: its number, its header phis computed
/// from constants, kernel arguments, special registers and each other, and
/// its swapped pairs. A pair's phis enter with objects and carry each other:
/// which holds which is the iteration's, the same in every thread where both
/// are uniform (a swap on some paths only is taken by all threads or none).
/// (Over two distinct objects a pair is an Alternating object whose key the
/// loop lists; over one object its turn is a leaf the loop shares.)
static IterationValues fixedByIterationOf(const Loop &X, CtaUniformity &Uniformity, const AddressBuilder &Addresses) {
  IterationValues Out;
  append_range(Out.Leaves, Addresses.iterationLeaves(&X));
  std::vector<uint64_t> DivergentPairs;
  std::vector<const Term *> Turns, DivergentTurns;
  for (const PHINode &Phi : X.getHeader()->phis()) {
    SmallPtrSet<const Value *, 16> Seen;
    if (Phi.getType()->isIntegerTy() && fixedByIteration(&Phi, X, Seen))
      append_range(Out.Leaves, Addresses.loopVariantLeaves(&Phi));
    bool Divergent = Uniformity.UI.isDivergent(&Phi);
    if (const model::MemoryObject *O = Addresses.alternatingObjectOf(&Phi))
      noteOnce(Divergent ? DivergentPairs : Out.Pairs, O->Key);
    if (const Term *Turn = Addresses.pairTurnOf(&Phi))
      noteOnce(Divergent ? DivergentTurns : Turns, Turn);
  }
  erase_if(Out.Pairs, [&](uint64_t Key) { return is_contained(DivergentPairs, Key); });
  for (const Term *Turn : Turns)
    if (!is_contained(DivergentTurns, Turn))
      Out.Leaves.push_back(Turn);
  return Out;
}

void alignIterations(const LoopInfo &LI, const DominatorTree &DT, CtaUniformity &Uniformity,
                     const DenseSet<const BasicBlock *> &Divergent, bool CallsBeyondIntrinsics,
                     const AddressBuilder &Addresses, ExtractedFunction &Out) {
  model::FunctionModel &M = Out.Model;
  if (!M.IsKernel || LI.empty() || !Uniformity.Cycles ||
      !barriersPairUp(*Uniformity.Cycles, DT, Out, CallsBeyondIntrinsics))
    return;
  // Each loop's barriers in the loop itself (not a subloop), and the
  // accesses anywhere in it: one pass over the sites, not one per loop.
  struct Candidate {
    std::vector<unsigned> Barriers, Accesses;
  };
  MapVector<const Loop *, Candidate> Loops;
  for (const model::SyncSite &S : M.Syncs) {
    const Loop *L = LI.getLoopFor(Out.SyncInst[S.Id]->getParent());
    if (isCtaBarrier(S) && L)
      Loops[L].Barriers.push_back(S.Id);
  }
  if (Loops.empty())
    return;
  for (const model::AccessSite &A : M.Accesses) {
    const Instruction *I = A.Id < Out.AccessInst.size() ? Out.AccessInst[A.Id] : nullptr;
    for (const Loop *L = I ? LI.getLoopFor(I->getParent()) : nullptr; L; L = L->getParentLoop())
      if (auto It = Loops.find(L); It != Loops.end())
        It->second.Accesses.push_back(A.Id);
  }
  // What an iteration of each loop fixes, found once per loop (a subloop
  // asks its parents' too).
  DenseMap<const Loop *, IterationValues> Fixed;
  for (auto &[L, C] : Loops) {
    if (!runsAlike(*L, Uniformity, Divergent))
      continue;
    model::AlignedLoop Aligned;
    // Sync ids follow program order, which along a chain of dominators is
    // the order an iteration runs them in.
    std::vector<const Instruction *> AlignerInst;
    // The blocks of the loop's sites, made only for a barrier that does not
    // dominate the latch.
    std::optional<SmallPtrSet<const BasicBlock *, 16>> SiteBlocks;
    auto Sites = [&, &C = C]() -> const SmallPtrSetImpl<const BasicBlock *> & {
      if (!SiteBlocks) {
        SiteBlocks.emplace();
        for (unsigned Id : C.Accesses)
          SiteBlocks->insert(Out.AccessInst[Id]->getParent());
        for (unsigned S : C.Barriers)
          SiteBlocks->insert(Out.SyncInst[S]->getParent());
      }
      return *SiteBlocks;
    };
    for (unsigned S : C.Barriers) {
      const Instruction *I = Out.SyncInst[S];
      if (runsOncePerIteration(*I, *L, DT, Sites)) {
        Aligned.Aligners.push_back(S);
        AlignerInst.push_back(I);
      }
    }
    // Where an iteration may leave, the aligners need not dominate one
    // another: the positions below count on a chain.
    if (!formChain(AlignerInst, DT))
      continue;
    if (Aligned.Aligners.empty())
      continue;
    // One iteration of a subloop is in one iteration of each loop around it,
    // the same in every thread (their exits are uniform): their values are
    // fixed too.
    for (const Loop *X = L; X; X = X->getParentLoop()) {
      auto It = Fixed.find(X);
      if (It == Fixed.end())
        It = Fixed.try_emplace(X, fixedByIterationOf(*X, Uniformity, Addresses)).first;
      append_range(Aligned.Leaves, It->second.Leaves);
      append_range(Aligned.Pairs, It->second.Pairs);
    }
    if (Aligned.Leaves.empty() && Aligned.Pairs.empty())
      continue;
    unsigned Index = static_cast<unsigned>(M.AlignedLoops.size());
    for (unsigned Id : C.Accesses) {
      const Instruction *I = Out.AccessInst[Id];
      // An aligner's own accesses (a valued barrier's votes) are on neither
      // side of it: its vote is written before it completes, and read after.
      if (is_contained(AlignerInst, I))
        continue;
      // The aligners that dominate I are a prefix of the chain, and I comes
      // after them; it comes before the rest.
      auto After = std::partition_point(AlignerInst.begin(), AlignerInst.end(), [&](const Instruction *K) {
        return K->getParent() == I->getParent() ? K->comesBefore(I) : DT.dominates(K->getParent(), I->getParent());
      });
      M.Accesses[Id].Loops.push_back({Index, static_cast<unsigned>(After - AlignerInst.begin())});
    }
    M.AlignedLoops.push_back(std::move(Aligned));
  }
}

} // namespace xwarp::core
