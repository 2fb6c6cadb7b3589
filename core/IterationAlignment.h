//===- core/IterationAlignment.h - Which loops' iterations barriers align --===//
//
// Fills FunctionModel::AlignedLoops and each access site's loop positions
// (model/IterationAlignment.h) from the IR. A loop qualifies when every
// thread of the CTA runs the same iterations of it, once per launch, and the
// barriers' instances pair up in order:
//   - the function is a launched kernel whose CFG is reducible, with no call
//     but to intrinsics, no partial barrier and no barrier reached under
//     divergent control (so every thread runs the same barrier instances);
//   - every exit of the loop and of the loops around it is taken by all
//     threads or none (its block runs non-divergently and its branch is
//     uniform).
// Its aligners are the full barriers in the loop itself (not a subloop) that
// dominate its single latch: run once in every iteration that goes on. In an
// outermost loop a barrier that does not dominate the latch qualifies too
// when every edge into the latch that skips it implies that the latch leaves
// the loop, and no site runs after it in blocks it does not dominate. In a
// subloop, which is entered again in the next iteration of its parent, they
// must dominate its exiting blocks too: then every iteration, the last of a
// visit included, runs each once, and the n-th instance of one is the n-th
// iteration over all visits in every thread. An
// access comes after an aligner that dominates it and before the others (in
// a reducible loop, what the aligner does not dominate it cannot reach
// within the iteration); a valued aligner's own votes are on neither side. The shared leaves are the loop's iteration number and its
// header phis computed only from constants, kernel arguments, ntid, ctaid,
// nctaid and each other: values each iteration fixes for every thread; for a
// subloop, those of the loops around it too (one of its iterations lies in
// one iteration of each).
//
//===----------------------------------------------------------------------===//
#ifndef XWARP_CORE_ITERATIONALIGNMENT_H
#define XWARP_CORE_ITERATIONALIGNMENT_H

#include "core/ModelExtractor.h"

#include "llvm/ADT/DenseSet.h"

namespace llvm {
class BasicBlock;
class DominatorTree;
class LoopInfo;
} // namespace llvm

namespace xwarp::core {

class AddressBuilder;
struct CtaUniformity;

/// CallsBeyondIntrinsics: a block the entry reaches calls a function that
/// is no intrinsic, or inline asm.
void alignIterations(const llvm::LoopInfo &LI, const llvm::DominatorTree &DT,
                     CtaUniformity &Uniformity, const llvm::DenseSet<const llvm::BasicBlock *> &Divergent,
                     bool CallsBeyondIntrinsics, const AddressBuilder &Addresses, ExtractedFunction &Out);

} // namespace xwarp::core

#endif
