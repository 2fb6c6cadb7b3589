//===- core/AddressOracle.h - The `address` precision ----------------------===//
//
// This project's precision: asks of the symbolic addresses whether some pair
// of threads t != t' within the launch bounds makes a write of one overlap an
// access of the other. Cheap answers first (kinds, spaces, distinct or
// restrict objects), then the solver-free affine fast path, then a short
// search for a concrete collision, then the solver (verify/, behind
// model::OverlapSolver). A solver timeout, an unmodelled term
// or an unknown object means "may conflict": the barrier stays.
//
//===----------------------------------------------------------------------===//
#ifndef XWARP_CORE_ADDRESSORACLE_H
#define XWARP_CORE_ADDRESSORACLE_H

#include "core/ConflictOracle.h"
#include "model/AffineOverlap.h"
#include "model/OverlapQuery.h"

#include <map>
#include <optional>

namespace xwarp::core {

class AddressOracle : public ConflictOracle {
public:
  /// Solver may be null: then what the fast path cannot decide may conflict.
  AddressOracle(model::OverlapSolver *Solver, bool PathConditions, Ablations Ablate = {})
      : ConflictOracle(Ablate), Solver(Solver), PathConditions(PathConditions) {}

  const char *name() const override { return "address"; }
  bool mayConflict(const model::FunctionModel &M, const model::AccessSite &A,
                   const model::AccessSite &B) override;
  BarrierAnswer decide(const model::FunctionModel &M, const DependenceGraph::Region &Above,
                       const DependenceGraph::Region &Below) override;

  /// How one pair was decided: a rule (kinds, spaces, objects), the affine
  /// fast path, a concrete collision found by evaluation, or the solver.
  enum class Tier : uint8_t { Rule, FastPath, Search, Solver };
  struct PairAnswer {
    bool MayConflict = true;
    Tier By = Tier::Rule;
    /// Why the pair may conflict (empty when it cannot).
    std::string Why;
    model::QueryResult Query; // when By == Solver
  };
  const PairAnswer &pair(const model::FunctionModel &M, const model::AccessSite &A,
                         const model::AccessSite &B);

private:
  /// A's offset prepared for the fast path, once per site.
  const std::optional<model::AffineSide> &side(const model::FunctionModel &M, const model::AccessSite &A);
  PairAnswer compute(const model::FunctionModel &M, const model::AccessSite &A,
                     const model::AccessSite &B);

  model::OverlapSolver *Solver;
  bool PathConditions;
  std::map<std::pair<unsigned, unsigned>, PairAnswer> Cache;
  std::map<unsigned, std::optional<model::AffineSide>> Sides;
};

} // namespace xwarp::core

#endif
