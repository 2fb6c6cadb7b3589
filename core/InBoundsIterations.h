//===- core/InBoundsIterations.h - Loop bounds from in-bounds accesses -----===//
//
// How many iterations of a loop can start, read off a memory access that
// every complete iteration makes inside an object of known size. The block-
// stride loop `for (i = threadIdx.x; i < n; i += blockDim.x) s[i] = ...` has
// no bound in its exit test (n is a kernel argument), and clang's `add`
// carries no `nsw`, so nothing in the arithmetic stops i from wrapping and
// two threads' sequences from meeting. An access outside its object is
// undefined behaviour, though, and a step of bounded size cannot carry an
// index in bounds past the wrap and back into bounds: in every execution
// without undefined behaviour the index runs exactly start + k * step while
// iterations complete, and they are few.
//
//===----------------------------------------------------------------------===//
#ifndef XWARP_CORE_INBOUNDSITERATIONS_H
#define XWARP_CORE_INBOUNDSITERATIONS_H

#include <cstdint>
#include <optional>
#include <vector>

namespace llvm {
class DataLayout;
class DominatorTree;
class Instruction;
class Loop;
} // namespace llvm

namespace xwarp::model {
class LaunchBounds;
} // namespace xwarp::model

namespace xwarp::core {

/// An access that bounds its loop: in an execution without undefined
/// behaviour, the iteration k (from 0) in which it runs, or an access it
/// dominates in the loop runs, has k <= Steps, and every iteration that
/// starts has k <= Steps + 1.
struct BoundingAccess {
  const llvm::Instruction *Access;
  uint64_t Steps;
};

/// The accesses of L that bound its iterations.
///
/// Such an access is a non-volatile load or store in a block of L that
/// dominates L's only latch (so every iteration that reaches the latch made
/// it), at a GEP off a global variable or alloca of exact size, one of whose
/// variable indices is a header phi i: 64 bits wide, or of at most 32 bits
/// and extended to 64 (by sext, zext, or the GEP's own sign extension). Any
/// other variable index (a tile's column) must be one value, not undef, in
/// every iteration. i must start from outside L with values that are not
/// undef (undef may be another value at each use of i) and step by
/// `add i, s` or `sub i, s` from the latch, with s a nonzero constant, a read
/// of ntid (within Launch's bounds), either extended, or one of those times a
/// positive constant.
///
/// In bounds, ext(i) lies in [lo, hi]; when a step that wraps cannot land
/// back in [lo, hi] (hi + max(s) - 2^w < lo, or lo - max(s) + 2^w > hi),
/// each step between in-bounds iterations is exact, so k <= (hi - lo) / min(s)
/// = Steps. With other indices, or a 64-bit i, the offsets scale * ext(i) + c
/// (modulo 2^64, c the same in every iteration) lie in [0, room]: a step
/// moves them by exactly scale * s when room + scale * max(s) < 2^64 and a
/// wrap of i (scale * (2^w - s) the other way) cannot stay in [0, room], so
/// k <= room / (scale * min(s)) = Steps.
std::vector<BoundingAccess> accessesBoundingIterations(const llvm::Loop &L, const llvm::DominatorTree &DT,
                                                       const llvm::DataLayout &DL,
                                                       const model::LaunchBounds &Launch);

/// The bound on every iteration that starts: the least Steps + 1; none
/// without a bounding access.
std::optional<uint64_t> iterationsBoundedBy(const std::vector<BoundingAccess> &Bounding);

/// iterationsBoundedBy(accessesBoundingIterations(L, ...)).
std::optional<uint64_t> iterationsBoundedByAccesses(const llvm::Loop &L, const llvm::DominatorTree &DT,
                                                    const llvm::DataLayout &DL,
                                                    const model::LaunchBounds &Launch);

} // namespace xwarp::core

#endif
