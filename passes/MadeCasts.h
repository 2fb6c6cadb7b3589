//===- passes/MadeCasts.h - Casts the pass made, and their later twins -*- C++ -*-===//
//
// Common Base Elimination places an extension of an index where its base
// goes, often above an extension of the same value that the input computes
// later for an address of its own (tid.y extended for a tile's row at the
// entry, and again after the barrier). The later one is then redundant: the
// pass's cast has no poison flags, so it is defined wherever the later one
// is and equal to it there (a zext nneg is a zext where it is not poison).
//
//===----------------------------------------------------------------------===//
#ifndef XWARP_PASSES_MADECASTS_H
#define XWARP_PASSES_MADECASTS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/IR/ValueHandle.h"

#include <functional>

namespace llvm {
class CastInst;
class DominatorTree;
class Value;
} // namespace llvm

namespace xwarp::passes {

/// Replaces each cast that one of Made (extensions and truncations without
/// poison flags; the erased ones null) dominates and that computes the same
/// cast of the same value to the same type by that one, where Allowed(made,
/// twin) says so (strict mode asks the delta proof), and erases it. Forget
/// is told of each value erased, Reused(made, twin) of each replacement;
/// returns how many were replaced.
unsigned reuseMadeCasts(llvm::ArrayRef<llvm::WeakTrackingVH> Made, const llvm::DominatorTree &DT,
                        const std::function<bool(llvm::CastInst &, llvm::CastInst &)> &Allowed,
                        const std::function<void(llvm::Value *)> &Forget,
                        const std::function<void(llvm::CastInst &, llvm::CastInst &)> &Reused);

} // namespace xwarp::passes

#endif
