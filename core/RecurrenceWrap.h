//===- core/RecurrenceWrap.h - Recurrences that never wrap -----------------===//
//
// Whether an add recurrence {S,+,X} of a loop, of 32 bits or fewer, takes
// the value S + k * X without wrapping at every iteration k the loop reaches.
// ScalarEvolution's no-wrap flags say so where it can tell; clang's block-
// stride loops (i = threadIdx.x; i < n; i += blockDim.x) usually have none.
// There the accesses of the loop can: a load or store through a fixed-size
// object that runs in every completed iteration keeps the counter inside
// the object's bounds (anything else is undefined behaviour), so a bounded
// positive step cannot carry it past the wrap. Each premise matters (three
// were missed once, each with a wrong removal): the access is of the loop
// itself and dominates its one latch; it reads or writes at least one byte
// and is not volatile (volatile and empty accesses are defined anywhere);
// the object is a defined global no other definition can replace; its offset
// C * ext(i) + D cannot wrap at the offset's own width.
//
//===----------------------------------------------------------------------===//
#ifndef XWARP_CORE_RECURRENCEWRAP_H
#define XWARP_CORE_RECURRENCEWRAP_H

#include "llvm/ADT/DenseMap.h"

#include <cstdint>
#include <vector>

namespace llvm {
class DataLayout;
class DominatorTree;
class Loop;
class LoopInfo;
class SCEV;
class SCEVAddRecExpr;
class ScalarEvolution;
} // namespace llvm

namespace xwarp::core {

/// How a recurrence's value extends: as a sign or zero extension of
/// S + k * X computed without bounds.
enum class NoWrap : uint8_t { None, Signed, Unsigned };

class RecurrenceWrap {
public:
  /// Without DT only ScalarEvolution's flags are read.
  RecurrenceWrap(const llvm::DataLayout &DL, llvm::ScalarEvolution &SE, const llvm::LoopInfo &LI,
                 const llvm::DominatorTree *DT)
      : DL(DL), SE(SE), LI(LI), DT(DT) {}

  /// How AR never wraps at an iteration its loop reaches (None when that
  /// is not known).
  NoWrap of(const llvm::SCEVAddRecExpr *AR);

private:
  /// An access that runs in every completed iteration of a loop, at a byte
  /// offset into an object of known size.
  struct Witness {
    const llvm::SCEV *Offset;
    uint64_t Size;
    uint64_t ObjectSize;
  };
  const std::vector<Witness> &witnessesOf(const llvm::Loop &L);
  /// Whether W keeps AR within bounds that its step cannot carry past the
  /// wrap of Kind's extension.
  bool bounds(const Witness &W, const llvm::SCEVAddRecExpr *AR, NoWrap Kind);

  const llvm::DataLayout &DL;
  llvm::ScalarEvolution &SE;
  const llvm::LoopInfo &LI;
  const llvm::DominatorTree *DT;
  llvm::DenseMap<const llvm::Loop *, std::vector<Witness>> Witnesses;
};

} // namespace xwarp::core

#endif
