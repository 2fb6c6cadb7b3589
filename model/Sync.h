//===- model/Sync.h - Synchronization sites: barriers, fences, exempt ------===//
//
// What a synchronization site means for the cross-warp model: whether it is a
// full CTA barrier (a separator of above/below regions), a partial barrier, a
// barrier that returns data, a fence, or an intrinsic exempt from deletion.
//
//===----------------------------------------------------------------------===//
#ifndef XWARP_MODEL_SYNC_H
#define XWARP_MODEL_SYNC_H

#include <cstdint>
#include <string>
#include <string_view>

namespace xwarp::model {

enum class SyncKind : uint8_t {
  /// Every thread of the CTA takes part: barrier0, barrier.sync(id), bar.sync(id).
  FullBarrier,
  /// A counted or named subset of threads: orders only its participants, so
  /// never a separator and never deleted.
  PartialBarrier,
  /// barrier0.popc/and/or: a full barrier that also returns data.
  ValuedBarrier,
  /// membar.* and `fence`: no cross-thread order on their own.
  Fence,
  /// Never deleted and never a separator (bar.warp.sync, exit, trap, ...).
  Exempt,
};

enum class ValuedOp : uint8_t { None, Popc, And, Or };
enum class FenceScope : uint8_t { None, CTA, GPU, System, Cluster };

struct SyncSite {
  unsigned Id = 0;
  SyncKind Kind = SyncKind::Exempt;
  ValuedOp Valued = ValuedOp::None;
  FenceScope Scope = FenceScope::None;
  /// The barrier's returned value has uses (valued barriers only), and how many.
  bool ResultUsed = false;
  unsigned ResultUses = 0;
  /// Reached under thread-divergent control flow: undefined behaviour for an
  /// aligned barrier (__syncthreads), a thread skipping an instance for
  /// barrier.sync.
  /// Such a barrier is neither deleted nor trusted as a separator.
  bool Divergent = false;
  /// A path reaching this site ends here (exit, trap).
  bool EndsPath = false;
  /// Why this site is exempt or partial, for the report (a literal: notes
  /// are fixed texts, so a large kernel's syncs carry no strings of their own).
  std::string_view Note;

  /// Full CTA barriers order everything before them against everything after
  /// them, so above/below regions stop at them.
  bool isSeparator() const {
    return (Kind == SyncKind::FullBarrier || Kind == SyncKind::ValuedBarrier) && !Divergent;
  }
  /// Whether the analysis may consider deleting this barrier (a full barrier,
  /// or a valued one whose result nobody reads). Fences are decided separately.
  bool isDeletableBarrier() const {
    if (Divergent)
      return false;
    if (Kind == SyncKind::FullBarrier)
      return true;
    return Kind == SyncKind::ValuedBarrier && !ResultUsed;
  }
};

const char *syncKindName(SyncKind K);
const char *fenceScopeName(FenceScope S);

} // namespace xwarp::model

#endif
