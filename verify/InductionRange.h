//===- verify/InductionRange.h - A counted loop's counter, from the IR ----===//
//
// The values the counter of a simple counted loop takes, read from the IR
// alone (the checker shares no analysis with the passes it checks): a phi of
// a constant start and its own increment by a positive constant, without
// wrap, where the latch branches back while the increment compares with a
// constant bound. The delta proof states the range of such a phi, which
// the rewrites ScalarEvolution's ranges justified need.
//
//===----------------------------------------------------------------------===//
#ifndef XWARP_VERIFY_INDUCTIONRANGE_H
#define XWARP_VERIFY_INDUCTIONRANGE_H

#include "llvm/IR/ConstantRange.h"

#include <optional>

namespace llvm {
class PHINode;
}

namespace xwarp::verify {

/// The unsigned range of Phi's values wherever it is defined, if Phi is such
/// a counter: `phi [C0, outside], [P + C1, latch]` with nuw (or nsw and a
/// non-negative start), C1 > 0, and the latch continuing while
/// `P + C1 < N`, `<= N`, or `!= N` for an N the counter reaches exactly.
std::optional<llvm::ConstantRange> inductionRange(const llvm::PHINode &Phi);

} // namespace xwarp::verify

#endif
