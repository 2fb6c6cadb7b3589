//===- passes/BaseRewriterState.h - One merge's state, inside BaseRewriter -===//
//
// Private to BaseRewriter's sources: where a base goes, the undoable edits of
// one merge, and the members it rewrote.
//
//===----------------------------------------------------------------------===//
#ifndef XWARP_PASSES_BASEREWRITERSTATE_H
#define XWARP_PASSES_BASEREWRITERSTATE_H

#include "passes/BaseRewriter.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Transforms/Utils/ScalarEvolutionExpander.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace xwarp::passes {

struct BaseRewriter::Placement {
  llvm::Instruction *At;
  /// At the nearest common dominator (else at a dominating member).
  bool Hoisted;
};

/// One undoable edit: the listed uses of Old (user, operand number) became
/// New. (New may be the shared base: undo restores exactly these uses.)
struct BaseRewriter::Change {
  llvm::Value *Old;
  llvm::Value *New;
  std::vector<std::pair<llvm::User *, unsigned>> Uses;
  bool Undone = false;
};

/// The state of one merge, until it is committed or undone.
struct BaseRewriter::Attempt {
  Attempt(llvm::ScalarEvolution &SE, const llvm::DataLayout &DL) : Exp(SE, DL, "scevcgptmp_", false), Cleaner(Exp) {}
  llvm::SCEVExpander Exp;
  llvm::SCEVExpanderCleaner Cleaner;
  llvm::Value *Base = nullptr;
  /// The base's offset from the class's anchor (a member's copy need not be
  /// the anchor); members are Base + (Offset - BaseOffset).
  int64_t BaseOffset = 0;
  std::string BaseName, ReusedOldName;
  bool BaseReused = false;
  /// Instructions the expander inserted (by dominator-tree order of their
  /// blocks, then position), and the deltas and casts; names are numbered in
  /// this order.
  llvm::SmallSetVector<llvm::Instruction *, 16> Inserted;
  /// Whether Inserted holds copies of a member's computation (made here, so
  /// not the cleaner's to remove) rather than the expander's instructions.
  bool Copied = false;
  std::vector<llvm::Instruction *> Made;
  std::vector<Change> Changes;
  /// Where each member's changes start in Changes.
  std::vector<size_t> MemberStart;
  /// The member whose own address the base is, if one of its accesses comes
  /// before every other member's address is used: the base's flags hold
  /// wherever the rewrites run (an access through poison is undefined), so
  /// they stay, and its own loads and stores (through the base, untouched by
  /// the rewrite) are the delta proof's evidence. Null otherwise.
  const core::AddressMember *AccessedFirst = nullptr;
  /// The loads and stores whose address went through the base in the input
  /// (its own member's, and those of members computed from it).
  std::vector<const llvm::Instruction *> BaseEvidence;
  /// Reused instructions whose poison flags the copy dropped, with an
  /// unlinked clone that remembers them.
  std::vector<std::pair<llvm::Instruction *, llvm::Instruction *>> Dropped;

  ~Attempt() {
    for (auto [I, Saved] : Dropped)
      Saved->deleteValue();
  }
  void restoreFlags() {
    for (auto [I, Saved] : Dropped)
      I->copyIRFlags(Saved);
  }
};

/// A member whose address the merge rewrote: its changes are
/// Changes[Begin, End).
struct BaseRewriter::Rewritten {
  const core::AddressMember *M;
  size_t Begin, End;
  AddressRecord Rec;
};

} // namespace xwarp::passes

#endif
