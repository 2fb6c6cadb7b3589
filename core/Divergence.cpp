//===- core/Divergence.cpp ------------------------------------------------===//
#include "core/Divergence.h"

#include "core/CtaUniformity.h"
#include "core/SyncClassifier.h"
#include "core/ValueVariance.h"

#include "llvm/Analysis/CycleAnalysis.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Function.h"

using namespace llvm;

namespace xwarp::core {

/// The value a terminator branches on, if it has one (an indirectbr's
/// address is its condition).
static const Value *condition(const Instruction *T) {
  if (auto *Br = dyn_cast<BranchInst>(T))
    return Br->isConditional() ? Br->getCondition() : nullptr;
  if (auto *Sw = dyn_cast<SwitchInst>(T))
    return Sw->getCondition();
  if (auto *IBr = dyn_cast<IndirectBrInst>(T))
    return IBr->getAddress();
  return nullptr;
}

/// Whether the condition the terminator of At branches on is the same in
/// every thread: a pure function of uniform values (ValueVariance) is,
/// wherever it is read.
static bool uniformCondition(const Value *Cond, ValueVariance &Variance) {
  return Variance.of(Cond) == model::Variance::Uniform;
}

/// Calls Visit on each cycle around B that B's branch leaves on some edge (not
/// one already in Left): threads that leave and threads that stay run
/// different numbers of its iterations.
template <typename VisitFn>
static void forEachCycleLeft(const CycleInfo &Cycles, const BasicBlock &B, DenseSet<const Cycle *> &Left,
                             VisitFn Visit) {
  for (const Cycle *C = Cycles.getCycle(&B); C; C = C->getParentCycle())
    if (any_of(successors(&B), [&](const BasicBlock *S) { return !C->contains(S); }) && Left.insert(C).second)
      Visit(*C);
}

namespace {
/// The blocks a thread that enters never leaves by an edge though IR still
/// branches on: they hold a site that ends paths (exit, trap). Found at the
/// first question, once for every region walk of the function.
class PathEnds {
public:
  explicit PathEnds(ArrayRef<BasicBlock *> Blocks) : Blocks(Blocks) {}

  bool contains(const BasicBlock *B) {
    if (!Ends) {
      Ends.emplace();
      for (const BasicBlock *Each : Blocks)
        if (succ_size(Each) != 0 && any_of(*Each, endsPaths))
          Ends->insert(Each);
    }
    return Ends->contains(B);
  }

private:
  static bool endsPaths(const Instruction &I) {
    if (!isa<CallBase>(I))
      return false;
    std::optional<SyncInfo> Sync = classifySync(I);
    return Sync && Sync->EndsPath;
  }

  ArrayRef<BasicBlock *> Blocks;
  std::optional<DenseSet<const BasicBlock *>> Ends;
};

/// The region of a divergent branch: the blocks its threads run before they
/// are all back together, from the branch's successors up to its immediate
/// post-dominator (the join), or to the function's ends when it has none or
/// when the region holds a block whose threads end there (exit, trap), for
/// those never reach the join: the post-dominator tree sees the edges IR may
/// still have after an exit, and takes the join after `if (ty == 0) { ...;
/// exit(); }` for a point every thread reaches.
class Regions {
public:
  Regions(PathEnds &Ends, const PostDominatorTree &PDT) : Ends(Ends), PDT(PDT) {}

  const BasicBlock *join(const BasicBlock &BB) const {
    const DomTreeNode *Node = PDT.getNode(&BB);
    const DomTreeNode *IPDom = Node ? Node->getIDom() : nullptr;
    return IPDom ? IPDom->getBlock() : nullptr;
  }

  /// Calls Visit on each block of BB's region. With Skip, a block an earlier
  /// walk with Skip visited is passed over when that walk's end lies at or
  /// past this one's: its successors were walked then (nested divergent
  /// branches cost one walk, not one each).
  template <typename VisitFn> void walk(const BasicBlock &BB, bool Skip, VisitFn Visit) {
    const BasicBlock *Join = join(BB);
    SmallVector<const BasicBlock *, 16> Work(succ_begin(&BB), succ_end(&BB));
    SmallVector<const BasicBlock *, 16> Walked;
    DenseSet<const BasicBlock *> Seen;
    bool ToTheEnd = !Join;
    while (!Work.empty()) {
      const BasicBlock *B = Work.pop_back_val();
      if ((B == Join && !ToTheEnd) || !Seen.insert(B).second)
        continue;
      if (Skip && (WalkedToTheEnd.contains(B) || (!ToTheEnd && walkedPast(B, Join))))
        continue;
      if (!ToTheEnd && Ends.contains(B)) {
        ToTheEnd = true;
        Work.push_back(Join);
      }
      Visit(B);
      Walked.push_back(B);
      for (const BasicBlock *S : successors(B))
        Work.push_back(S);
    }
    if (Skip)
      for (const BasicBlock *B : Walked)
        ToTheEnd ? (void)WalkedToTheEnd.insert(B) : (void)WalkedTo.try_emplace(B, Join);
  }

private:
  /// Whether a walk passed B on its way to an end that post-dominates Join.
  bool walkedPast(const BasicBlock *B, const BasicBlock *Join) const {
    const BasicBlock *End = WalkedTo.lookup(B);
    return End && (End == Join || PDT.dominates(End, Join));
  }

  PathEnds &Ends;
  const PostDominatorTree &PDT;
  DenseMap<const BasicBlock *, const BasicBlock *> WalkedTo;
  DenseSet<const BasicBlock *> WalkedToTheEnd;
};

/// The values that vary between threads although UniformityInfo may call them
/// uniform, and the branches on them: computed from a value that varies by
/// itself (ValueVariance::variesByItself). As UniformityInfo does for its own
/// sources, the variance is followed through every operation (a load through
/// such an address too), into the phis of the blocks where the threads of
/// such a branch meet again (its region and its join), and into each use past
/// a loop such a branch leaves of a value computed in the loop (the loop's
/// counter). Each value, region block and loop is handled once.
class HiddenVariance {
public:
  HiddenVariance(ArrayRef<BasicBlock *> Blocks, UniformityInfo &UI, const CycleInfo &Cycles, PathEnds &Ends,
                 const PostDominatorTree &PDT)
      : UI(UI), Cycles(Cycles), R(Ends, PDT) {
    for (const BasicBlock *B : Blocks) {
      for (const Instruction &I : *B)
        if (ValueVariance::variesByItself(I))
          add(I);
      if (const Value *Cond = condition(B->getTerminator()); Cond && ValueVariance::variesByItself(*Cond))
        branch(*B);
    }
    while (!Work.empty() || !Branches.empty()) {
      while (!Work.empty())
        for (const User *U : Work.pop_back_val()->users())
          add(*cast<Instruction>(U));
      if (!Branches.empty())
        follow(*Branches.pop_back_val());
    }
  }

  bool branches(const BasicBlock &B) const { return Hidden.contains(&B); }
  bool varies(const Value *V) const { return Varies.contains(V); }

private:
  /// I varies, by itself or by an operand: a terminator that does chooses
  /// its successor differently in different threads.
  void add(const Instruction &I) {
    if (I.isTerminator() && I.getNumSuccessors() > 1)
      branch(*I.getParent());
    if (!I.getType()->isVoidTy() && Varies.insert(&I).second)
      Work.push_back(&I);
  }

  void branch(const BasicBlock &B) {
    if (!UI.hasDivergentTerminator(B) && Hidden.insert(&B).second)
      Branches.push_back(&B);
  }

  void follow(const BasicBlock &B) {
    auto AddPhis = [&](const BasicBlock *X) {
      for (const PHINode &Phi : X->phis())
        add(Phi);
    };
    R.walk(B, /*Skip=*/true, AddPhis);
    if (const BasicBlock *Join = R.join(B))
      AddPhis(Join);
    forEachCycleLeft(Cycles, B, CyclesLeft, [&](const Cycle &C) {
      for (const BasicBlock *X : C.blocks())
        for (const Instruction &I : *X)
          for (const User *U : I.users())
            if (!C.contains(cast<Instruction>(U)->getParent()))
              add(*cast<Instruction>(U));
    });
  }

  UniformityInfo &UI;
  const CycleInfo &Cycles;
  Regions R;
  DenseSet<const Value *> Varies;
  DenseSet<const BasicBlock *> Hidden;
  DenseSet<const Cycle *> CyclesLeft;
  SmallVector<const Instruction *, 32> Work;
  SmallVector<const BasicBlock *, 8> Branches;
};
} // namespace

DenseSet<const BasicBlock *> divergentlyExecutedBlocks(ArrayRef<BasicBlock *> Blocks, CtaUniformity &Uniformity,
                                                       const PostDominatorTree &PDT, ValueVariance &Variance) {
  UniformityInfo &UI = Uniformity.UI;
  const CycleInfo &Cycles = *Uniformity.Cycles;
  PathEnds Ends(Blocks);
  HiddenVariance Hidden(Blocks, UI, Cycles, Ends, PDT);
  Regions R(Ends, PDT);
  DenseSet<const BasicBlock *> Divergent;
  DenseSet<const Cycle *> Left;
  for (const BasicBlock *B : Blocks) {
    const BasicBlock &BB = *B;
    if (!UI.hasDivergentTerminator(BB) && !Hidden.branches(BB))
      continue;
    // A value that varies by itself is never uniform, pure as it may look.
    const Value *Cond = condition(BB.getTerminator());
    if (Cond && !Hidden.varies(Cond) && uniformCondition(Cond, Variance))
      continue;
    R.walk(BB, /*Skip=*/true, [&](const BasicBlock *X) { Divergent.insert(X); });
    // All of a cycle the branch leaves runs divergently. The join may lie
    // inside it, reached back through an enclosing cycle (the inner loop's
    // header, when the exit goes to the outer loop's latch), where the walk
    // above stops.
    forEachCycleLeft(Cycles, BB, Left, [&](const Cycle &C) { Divergent.insert(C.block_begin(), C.block_end()); });
  }
  return Divergent;
}

} // namespace xwarp::core
