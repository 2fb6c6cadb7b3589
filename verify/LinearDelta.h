//===- verify/LinearDelta.h - Solver-free delta proofs ----------------------===//
//
// The fast path of the delta proof: both address computations as linear
// forms (a constant plus coefficients of leaves, modulo the type's width).
// The original is read with its own flags as assumptions (it is not poison,
// so neither is any node of its computation: every operation walked here
// propagates poison), which lets an extension distribute over an add nsw
// (sext), add nuw (zext) or disjoint or. The rewrite is read exactly: a
// poison flag on a node it does not share with the original must follow
// from the ranges of its operands (an i64 add of a zero-extended i32 and a
// small constant cannot wrap); any other is left to the solver.
// Equal forms prove the rewrite; anything else (different forms, an
// operation outside the linear fragment) is left to the solver.
//
// An independent implementation on purpose: it shares no code with the
// ScalarEvolution-based decomposition whose rewrites it checks.
//
//===----------------------------------------------------------------------===//
#ifndef XWARP_VERIFY_LINEARDELTA_H
#define XWARP_VERIFY_LINEARDELTA_H

#include <set>

namespace llvm {
class DataLayout;
class Value;
} // namespace llvm

namespace xwarp::verify {

/// Whether the linear forms prove Rewritten equal to Original wherever
/// Original and every value of Defined are defined (false: not shown, not
/// refuted). The flags of Defined's computations are trusted like the
/// original's.
bool linearlyEqual(const llvm::Value *Original, const llvm::Value *Rewritten,
                   const llvm::DataLayout &DL, const std::set<const llvm::Value *> &Defined = {});

} // namespace xwarp::verify

#endif
