//===- passes/DeadInstructions.h - What dies with a rewrite -----*- C++ -*-===//
//
// The instructions a rewrite frees, counted before anything is erased: the
// profitability tests of common-base-elim (BaseRewriter) and of index reuse
// (IndexReuse) both weigh what they create against this.
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

} // namespace xwarp::passes

#endif
