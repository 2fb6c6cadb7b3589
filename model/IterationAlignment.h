//===- model/IterationAlignment.h - Loops whose iterations barriers align --===//
//
// In a loop that every thread of the CTA runs the same number of times, a
// barrier executed once in every iteration orders whatever a thread does
// before it in iteration k before whatever another thread does in a later
// iteration, and likewise what a thread does after it. Two accesses on the
// same side of such a barrier in their iterations (both before it, or both
// after it) are therefore unordered only within one iteration, where the
// values the iteration fixes (its number, the loop's uniform recurrences such
// as a double buffer's parity) are the same in both threads. A query may then
// take those leaves as one value for both events, instead of one per event.
// Extraction (core/IterationAlignment) decides which loops qualify.
//
//===----------------------------------------------------------------------===//
#ifndef XWARP_MODEL_ITERATIONALIGNMENT_H
#define XWARP_MODEL_ITERATIONALIGNMENT_H

#include "model/Term.h"

#include <functional>
#include <optional>
#include <utility>
#include <vector>

namespace xwarp::model {

struct AccessSite;
struct MemoryObject;
class FunctionModel;

/// A loop whose iterations its barriers align.
struct AlignedLoop {
  /// Loop-variant leaves that one iteration fixes for every thread.
  std::vector<const Term *> Leaves;
  /// The barriers (sync ids) executed once in every iteration by every
  /// thread, in the order an iteration runs them.
  std::vector<unsigned> Aligners;
  /// Keys of the swapped pointer pairs (ObjectKind::Alternating) in its
  /// header: one iteration fixes which object each pointer holds.
  std::vector<uint64_t> Pairs;
};

/// An access site in an aligned loop: in every iteration it runs in, it
/// comes after Aligners[..First) and before Aligners[First..].
struct LoopPosition {
  unsigned Loop = 0;
  unsigned First = 0;
};

/// The aligned loops (indices into M.AlignedLoops) in which A and B can be
/// unordered only within one iteration: both are on the same side of one of
/// the loop's barriers that IsSeparator (by sync id) says still orders.
std::vector<unsigned> loopsAligning(const FunctionModel &M, const AccessSite &A, const AccessSite &B,
                                    const std::function<bool(unsigned)> &IsSeparator);

/// Copies of A and B in which each leaf of Loops is one value for both
/// events: a uniform leaf of the same name stands for it in offsets, guards
/// and the definitions built on it. Nullopt when neither site uses one.
std::optional<std::pair<AccessSite, AccessSite>> alignIterations(const FunctionModel &M, const AccessSite &A,
                                                                 const AccessSite &B,
                                                                 const std::vector<unsigned> &Loops);

/// Whether A and B are the two pointers of one alternating pair
/// (ObjectKind::Alternating, different turns) that hold different objects in
/// two events unordered only within one iteration of one of Loops (none:
/// any two events): a pair a loop swaps, which one of Loops fixes, or a
/// pair of selects whose condition is one value for both events, by itself
/// (uniform) or within one iteration of Loops. Such events never share a
/// byte.
bool heldApart(const FunctionModel &M, const MemoryObject &A, const MemoryObject &B,
               const std::vector<unsigned> &Loops);

} // namespace xwarp::model

#endif
