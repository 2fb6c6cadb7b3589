//===- passes/DeadInstructions.h - What dies with a rewrite -----*- C++ -*-===//
//
// The instructions a rewrite frees, counted before anything is erased: the
// profitability tests of common-base-elim (BaseRewriter), index reuse
// (IndexReuse) and the address join (AddressJoin) weigh what they create
// against this.
//
//===----------------------------------------------------------------------===//
#ifndef XWARP_PASSES_DEADINSTRUCTIONS_H
#define XWARP_PASSES_DEADINSTRUCTIONS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <vector>

namespace llvm {
class Instruction;
} // namespace llvm

namespace xwarp::passes {

/// Grows Dead by every instruction that would be trivially dead once all of
/// Dead is gone (no side effects, every user in Dead), searching from Roots up
/// through operands until nothing changes. Keep never dies. Returns the
/// instructions the search visited, Roots first, each once.
std::vector<llvm::Instruction *> growDeadSet(llvm::ArrayRef<llvm::Instruction *> Roots,
                                             llvm::SmallPtrSetImpl<llvm::Instruction *> &Dead,
                                             const llvm::Instruction *Keep = nullptr);

/// The instructions that die when P's uses are all taken over by a rewrite: P
/// itself, whatever its users, and the computations only it needs. Dead holds
/// what earlier rewrites already let go and grows by these; Kept survives
/// whatever its users. Returns how many were added.
unsigned deadWithReplaced(llvm::Instruction *P, const llvm::Instruction *Kept,
                          llvm::SmallPtrSetImpl<llvm::Instruction *> &Dead);

} // namespace xwarp::passes

#endif
