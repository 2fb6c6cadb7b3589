//===- passes/MemberCopy.h - A member's address computation, copied ---*- C++ -*-===//
//
// Where SCEVExpander cannot build a class's base (or would build it dearer),
// a member's own address computation, copied to the base's place without
// poison flags, stands for the class (as upstream's
// separate-const-offset-from-gep keeps a member's computation).
//
//===----------------------------------------------------------------------===//
#ifndef XWARP_PASSES_MEMBERCOPY_H
#define XWARP_PASSES_MEMBERCOPY_H

#include "core/AddressGroups.h"

#include "llvm/ADT/STLFunctionalExtras.h"

#include <vector>

namespace llvm {
class DominatorTree;
class Instruction;
} // namespace llvm

namespace xwarp::passes {

/// The member whose own computation is cheapest to copy to At, or null if
/// none can stand for the class (its split relied on its own flags, it lives
/// in another space, or a leaf of it is not available at At). A member whose
/// split relied on its own flags, or that reads a constant that may be poison
/// (`getelementptr inbounds (@dyn, 256)` of an extern array), stands only as
/// it is, with nothing to copy and its flags kept, and only if AccessedFirst
/// says one of its accesses comes before every other member's use: its flags
/// then hold, and its constant is not poison, wherever the others run (an
/// access through a poison address is undefined). Order gets the
/// instructions of the opcode set to copy (operands first), Drop those
/// available at At but carrying poison flags (dropped in place, as
/// SCEVExpander does when it reuses). Leaves are shared with the members
/// (ScalarEvolution-equal addresses have the same unknowns), so they are
/// reused as they are. The cost beside the base's own address (into Cost):
/// for a member as it is, what KeptAlive says it alone keeps alive; for a
/// copy, the rest of the copy. On a tie the anchor wins, then a member as
/// it is.
const core::AddressMember *cheapestMemberCopy(const core::AddressClass &C, llvm::Instruction *At,
                                              const llvm::DominatorTree &DT,
                                              std::vector<llvm::Instruction *> &Order,
                                              std::vector<llvm::Instruction *> &Drop, unsigned &Cost,
                                              llvm::function_ref<bool(const core::AddressMember &)> AccessedFirst,
                                              llvm::function_ref<unsigned(const core::AddressMember &)> KeptAlive);

} // namespace xwarp::passes

#endif
