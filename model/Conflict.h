//===- model/Conflict.h - The conflict predicate ---------------------------===//
//
// Two events conflict iff they belong to different threads, their byte ranges
// may overlap, and at least one of them writes. Read/read never conflicts;
// atomic/atomic does. This file states the predicate on concrete events and
// its coarsest static form on sites (shared visible space + a writer), plus
// the per-side read/write summaries the flag precision works with.
//
//===----------------------------------------------------------------------===//
#ifndef XWARP_MODEL_CONFLICT_H
#define XWARP_MODEL_CONFLICT_H

#include "model/Access.h"
#include "model/Launch.h"

namespace xwarp::model {

/// One dynamic access with concrete values.
struct ConcreteAccess {
  ThreadId Thread;
  AddrSpace Space = AddrSpace::Generic;
  uint64_t Address = 0;
  uint64_t Size = 1;
  AccessKind Kind = AccessKind::Read;
};

/// The definition: different threads, overlapping bytes in a common space, a writer.
bool eventsConflict(const ConcreteAccess &A, const ConcreteAccess &B);

/// Whether [A, A+SA) and [B, B+SB) share a byte, with addresses modulo 2^64
/// (a range may wrap around the top).
bool rangesOverlap(uint64_t A, uint64_t SA, uint64_t B, uint64_t SB);

/// Static, address-blind form: some visible space is common to both sites and
/// one of them writes. A sound over-approximation of "some two threads' events
/// of these sites conflict".
bool mayConflictBySpaceAndKind(const AccessSite &A, const AccessSite &B);

/// Whether S may touch memory other CTAs see: global memory, or shared memory
/// where other CTAs of a cluster see it (AccessSite::ClusterShared).
bool visibleBeyondCta(const AccessSite &S);

/// Communication beyond the CTA: a strong (atomic or volatile) access to
/// memory other CTAs see may publish to, or acquire from, threads of other
/// CTAs, so a barrier between it and any such access of the other side
/// orders a dependence the one-CTA model does not see (a flag released after
/// data, or data read after a flag was acquired: two reads in this CTA). It
/// comes before the conflict rules: every precision keeps such pairs, whatever
/// their kinds and addresses.
bool communicatesAcrossCtas(const AccessSite &A, const AccessSite &B);

/// Why such a pair is kept (remarks, certificates).
inline constexpr const char *CrossCtaReason =
    "a strong access to global (or cluster-shared) memory may communicate with other CTAs";

/// Which visible spaces one side of a barrier reads and writes.
struct SideSummary {
  SpaceSet Read, Write;
  /// Some access, and some strong access, may touch memory other CTAs see.
  bool BeyondCta = false, StrongBeyondCta = false;
  void add(const AccessSite &S);
  /// Whether the side reads / writes memory (votes are not memory).
  bool reads() const { return !(Read & SpaceSet::allVisible()).empty(); }
  bool writes() const { return !(Write & SpaceSet::allVisible()).empty(); }
};

/// The rule at flag precision: some visible space has a write on one side and
/// an access on the other (write/read, read/write or write/write), or the
/// sides may communicate with other CTAs (communicatesAcrossCtas).
bool summariesMayConflict(const SideSummary &Above, const SideSummary &Below);

/// The four flags the remarks and the report show.
struct AccessFlags {
  bool ReadAbove = false, WriteAbove = false, ReadBelow = false, WriteBelow = false;
  static AccessFlags of(const SideSummary &Above, const SideSummary &Below) {
    return {Above.reads(), Above.writes(), Below.reads(), Below.writes()};
  }
};

} // namespace xwarp::model

#endif
