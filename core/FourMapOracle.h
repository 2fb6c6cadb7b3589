//===- core/FourMapOracle.h - The `four-map` precision ----------------------===//
//
// After the per-block description of the reference, made sound (DESIGN
// errata 1-3): regions end at the barrier's block, a block boundary that is
// not the kernel's entry or exit counts as an access of every kind to every
// visible space, accesses are keyed by address class (underlying object and
// space; unknown bases collapse to their space), write/write counts, and two
// classes conflict when they may alias across threads, never by comparing one
// thread's own addresses.
//
//===----------------------------------------------------------------------===//
#ifndef XWARP_CORE_FOURMAPORACLE_H
#define XWARP_CORE_FOURMAPORACLE_H

#include "core/ConflictOracle.h"

namespace xwarp::core {

class FourMapOracle : public ConflictOracle {
public:
  explicit FourMapOracle(Ablations Ablate = {}) : ConflictOracle(Ablate) {}
  const char *name() const override { return "four-map"; }
  bool mayConflict(const model::FunctionModel &M, const model::AccessSite &A,
                   const model::AccessSite &B) override;
  /// Needs block-scope regions (DependenceGraph::Scope::Block).
  BarrierAnswer decide(const model::FunctionModel &M, const DependenceGraph::Region &Above,
                       const DependenceGraph::Region &Below) override;
};

} // namespace xwarp::core

#endif
