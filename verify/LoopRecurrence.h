//===- verify/LoopRecurrence.h - A phi a loop moves by a constant ---------===//
//
// A phi at a loop's head that every latch moves by one constant step, read
// from the IR alone: `phi [S, outside], [P + C, latch]` (an add of a
// constant, or a GEP of constant indices for a pointer). Where it is not
// poison, its value is S + C * k, k the latches taken since the loop was
// last entered: one k for every such phi of one header, which relates a
// pointer a loop advances (`p += 64`) to the counter beside it (`i`).
//
//===----------------------------------------------------------------------===//
#ifndef XWARP_VERIFY_LOOPRECURRENCE_H
#define XWARP_VERIFY_LOOPRECURRENCE_H

#include "llvm/ADT/APInt.h"

#include <optional>

namespace llvm {
class DataLayout;
class DominatorTree;
class PHINode;
class Value;
} // namespace llvm

namespace xwarp::verify {

struct LoopRecurrence {
  /// The value every edge into the loop brings.
  const llvm::Value *Start = nullptr;
  /// Added on every latch, at the phi's width (the index width for a pointer).
  llvm::APInt Step;
  /// Every latch's add carries nuw (the step read unsigned), or nsw.
  bool NoUnsignedWrap = false, NoSignedWrap = false;
};

/// Phi as such a recurrence, if it is one: a back edge comes from a block
/// the phi's block dominates; every other edge brings the same Start, and
/// every back edge the phi plus the same Step.
std::optional<LoopRecurrence> loopRecurrence(const llvm::PHINode &Phi, const llvm::DominatorTree &DT,
                                             const llvm::DataLayout &DL);

} // namespace xwarp::verify

#endif
