//===- core/ProgramOrder.h - The order in which extraction visits blocks ---===//
//
// Program order of a function's blocks: reverse post-order from the entry
// (successors in terminator order, exactly as LLVM's
// ReversePostOrderTraversal), then the blocks no path reaches, in layout
// order; and each block's successors as positions in that order.
//
//===----------------------------------------------------------------------===//
#ifndef XWARP_CORE_PROGRAMORDER_H
#define XWARP_CORE_PROGRAMORDER_H

#include "llvm/ADT/ArrayRef.h"

#include <vector>

namespace llvm {
class BasicBlock;
class Function;
} // namespace llvm

namespace xwarp::core {

class ProgramOrder {
public:
  explicit ProgramOrder(llvm::Function &F);

  /// The blocks, in program order.
  llvm::ArrayRef<llvm::BasicBlock *> blocks() const { return Blocks; }
  /// How many of them, first in the order, a path from the entry reaches.
  unsigned reachable() const { return Reachable; }
  /// The successors of the block at position P, as positions, in terminator
  /// order (a target named twice appears twice).
  llvm::ArrayRef<unsigned> successors(unsigned P) const {
    return llvm::ArrayRef<unsigned>(Succs).slice(SuccBegin[P], SuccBegin[P + 1] - SuccBegin[P]);
  }

private:
  std::vector<llvm::BasicBlock *> Blocks;
  unsigned Reachable = 0;
  /// Successor lists, one after another: those of P are
  /// Succs[SuccBegin[P] .. SuccBegin[P + 1]).
  std::vector<unsigned> SuccBegin, Succs;
};

} // namespace xwarp::core

#endif
