//===- core/SwappedPointers.h - Two pointers a loop swaps every iteration --===//
//
// Double buffering by pointers: `float *src = a, *dst = b; for (...) { ...;
// swap(src, dst); }` leaves two phis in the loop's header, each the other's
// value from the latch:
//   %src = phi [ @a, %entry ], [ %dst, %latch ]
//   %dst = phi [ @b, %entry ], [ %src, %latch ]
// In every iteration one holds @a and the other @b; which one holds which is
// the iteration's question. The swap may also be taken on some paths only:
// the values carried are then two selects on one condition (clang's `if (c)
// swap(src, dst)`) or two phis of one block (a `break` before the swap) that
// bring the pair, swapped or not, on every side. Over two distinct objects
// the model reads such a pointer as an object of kind Alternating
// (model/Access.h); over two places in one object (`src = s, dst = s + n`)
// as that object, at an offset the pair's turn selects
// (core/AddressBuilder). Which one each pointer holds is the same in every
// thread where UniformityInfo says the pair is uniform
// (core/IterationAlignment asks).
//
//===----------------------------------------------------------------------===//
#ifndef XWARP_CORE_SWAPPEDPOINTERS_H
#define XWARP_CORE_SWAPPEDPOINTERS_H

#include <optional>

namespace llvm {
class LoopInfo;
class PHINode;
class Value;
} // namespace llvm

namespace xwarp::core {

struct SwappedPair {
  /// The pair's phis in the order the header lists them.
  const llvm::PHINode *First = nullptr, *Second = nullptr;
  /// The pointers each phi holds on entry (whether they are distinct
  /// objects, or two places in one, is the caller's question).
  const llvm::Value *FirstStart = nullptr, *SecondStart = nullptr;
};

/// The object Start is the beginning of, through casts only: a global
/// variable, an argument or an alloca; null otherwise.
const llvm::Value *objectAtStart(const llvm::Value *Start);

/// The pair Phi belongs to: Phi and another phi of its loop's header, each
/// entering with one value from every block outside the loop and carrying
/// one value from every block inside it, the two carried values being the
/// pair swapped (or, by path, swapped or not). None otherwise.
std::optional<SwappedPair> swappedPairOf(const llvm::PHINode &Phi, const llvm::LoopInfo &LI);

} // namespace xwarp::core

#endif
