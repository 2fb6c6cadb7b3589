//===- passes/BaseRewriter.h - One canonical base for a class of addresses -===//
//
// The transformation half of Common Base Elimination. For one class of
// addresses (core/AddressGroups.h) it places the canonical base (the anchor,
// expanded by SCEVExpander) where it dominates every member: at the nearest
// common dominator of the memory operations when the anchor's operands are
// available there and the hoist stays within the idom-level limit, else at a
// member that dominates the others. The base is the cheaper of
// SCEVExpander's expansion (which reuses values only through
// ScalarEvolution::canReuseInstruction) and a copy of the anchor's own
// computation without poison flags (a member's own address keeps its flags
// when an access through it comes before every other member). Every member becomes the base plus a
// constant (a GEP on i8 without poison flags; an addrspacecast, bitCastEnd,
// when the member lives in another address space).
//
// A rewrite is kept only if it removes more instructions than it creates (or
// as many, while thinning computations another class shares);
// with a delta prover, each rewritten address is proved equal to the original
// and, in strict mode, every one not proved is put back.
//
//===----------------------------------------------------------------------===//
#ifndef XWARP_PASSES_BASEREWRITER_H
#define XWARP_PASSES_BASEREWRITER_H

#include "core/AddressGroups.h"
#include "passes/AddressResults.h"
#include "passes/IRText.h"
#include "passes/VerifyMode.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/ValueHandle.h"

#include <string>
#include <vector>

namespace llvm {
class BasicBlock;
class DominatorTree;
class Function;
class Instruction;
class SCEV;
class ScalarEvolution;
class Value;
} // namespace llvm

namespace xwarp::verify {
class DeltaProver;
}

namespace xwarp::passes {

struct BaseRewriterOptions {
  /// Bases placed in one block at most (scev-cgp-cross-block-limit).
  unsigned CrossBlockLimit = 16;
  /// Dominator-tree levels a base may rise above a use (scev-cgp-idom-level-limit).
  unsigned IdomLevelLimit = 8;
  VerifyMode Verify = VerifyMode::Off;
  /// Build bases only with SCEVExpander, from the (possibly ablated) SCEV.
  bool ExpandOnly = false;
  /// Ask ScalarEvolution for each new base's expression at once, so that a
  /// later round's expander may reuse it. Off where the pass's
  /// ScalarEvolution must not read the IR's flags: its prime builds it.
  bool RecordBases = true;
};

struct MergeOutcome {
  bool Merged = false;
  /// Not merged: why. Merged: where the base went.
  std::string Reason;
  std::string BaseName;
  /// The member that anchors remarks.
  llvm::Instruction *At = nullptr;
  unsigned Created = 0, Removed = 0;
  std::vector<AddressRecord> Records;
};

class BaseRewriter {
public:
  BaseRewriter(llvm::Function &F, llvm::ScalarEvolution &SE, llvm::DominatorTree &DT,
               const BaseRewriterOptions &Opts, verify::DeltaProver *Prover, IRPrinter &Printer);

  /// Whether every member of C already is a base of an earlier round, or a
  /// constant offset of the same one: nothing left to merge.
  bool isCanonical(const core::AddressClass &C) const;

  MergeOutcome merge(const core::AddressClass &C);

  /// Tells the rewriter the classes a round is about to merge: what their
  /// members' computations would free, were they rewritten, weighs a member
  /// that would stand for its class as it is against a copy of another
  /// (cheapestMemberCopy).
  void beginRound(const std::vector<core::AddressClass> &Classes);

  /// The canonical bases placed so far (leaves for later rounds).
  const llvm::SmallPtrSetImpl<const llvm::Value *> &bases() const { return Bases; }
  /// The casts committed merges inserted (null once erased).
  const std::vector<llvm::WeakTrackingVH> &madeCasts() const { return MadeCasts; }

private:
  struct Placement;
  struct Change;
  struct Attempt;
  struct Rewritten;

  bool expandableAt(const llvm::SCEV *S, llvm::Instruction *At) const;
  std::optional<Placement> place(const core::AddressClass &C, std::string &Why);
  /// cheapestMemberCopy, or null where only SCEVExpander may build bases
  /// (the drop-sext ablation).
  const core::AddressMember *cheapestCopy(const core::AddressClass &C, llvm::Instruction *At,
                                          std::vector<llvm::Instruction *> &Order,
                                          std::vector<llvm::Instruction *> &Drop, unsigned &Cost) const;
  /// Whether an access through Base comes before every other member's
  /// address is computed or accessed.
  bool accessedFirst(const core::AddressMember &Base, const core::AddressClass &C) const;
  void buildBase(Attempt &A, const core::AddressClass &C, llvm::Instruction *At);
  void rewriteMember(Attempt &A, const core::AddressMember &M);
  /// Restores the uses Changes[Begin, End) took; drops deltas left unused.
  void undo(Attempt &A, size_t Begin, size_t End);
  struct Removal {
    unsigned Dead = 0, Thinned = 0;
  };
  Removal countRemovable(const Attempt &A) const;
  void commit(Attempt &A);
  /// Proves the rewrites of Done (with a prover) and puts back each one that
  /// may not stay, adding every record to Records; whether any was put back.
  /// (BaseRewriterChecks.cpp)
  bool checkRewrites(Attempt &A, std::vector<Rewritten> &Done, std::vector<AddressRecord> &Records);

  llvm::Function &F;
  llvm::ScalarEvolution &SE;
  llvm::DominatorTree &DT;
  /// F's phis and selects with an undef or poison operand (readsRefinedValue).
  std::vector<llvm::Value *> RefinedValues;
  BaseRewriterOptions Opts;
  verify::DeltaProver *Prover;
  IRPrinter &Printer;

  llvm::SmallPtrSet<const llvm::Value *, 16> Bases;
  std::vector<llvm::WeakTrackingVH> MadeCasts;
  /// The instructions that die when every member of the round's classes
  /// is rewritten (beginRound).
  llvm::SmallPtrSet<llvm::Instruction *, 32> RoundFreed;
  /// Of Member's own computation (Member aside), what only it keeps alive
  /// once the round's other members are rewritten.
  unsigned keptAlive(const core::AddressMember &Member) const;
  /// Each delta or cast the rewriter made, to its base.
  llvm::DenseMap<const llvm::Value *, const llvm::Value *> BaseOf;
  llvm::DenseMap<const llvm::BasicBlock *, unsigned> BasesIn;
  /// Addresses whose rewrite strict mode put back: not tried again.
  llvm::SmallPtrSet<const llvm::Value *, 8> Refused;
  unsigned NextId = 0;
};

} // namespace xwarp::passes

#endif
