//===- core/ConflictOracle.h - "May these sites conflict across threads?" --===//
//
// The one interface through which every variant of Dead Sync Elimination asks
// its question. An oracle answers for a pair of access sites, and for a whole
// barrier (all pairs of above x below); the variants differ only in the
// precision of the answer. FlagOracle is the `dataflow` precision: boolean
// read/write flags per visible space.
//
//===----------------------------------------------------------------------===//
#ifndef XWARP_CORE_CONFLICTORACLE_H
#define XWARP_CORE_CONFLICTORACLE_H

#include "core/Ablations.h"
#include "core/DependenceGraph.h"
#include "model/Conflict.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace xwarp::core {

/// The answer for one barrier.
struct BarrierAnswer {
  /// Some event above may conflict with some event below: keep the barrier.
  bool MayConflict = true;
  /// The four flags (over all visible spaces) of the two regions.
  model::AccessFlags Flags;
  /// A pair (above site, below site) that may conflict, when there is one.
  std::optional<std::pair<unsigned, unsigned>> Witness;
  /// One line: why the barrier is needed, or why nothing conflicts.
  std::string Reason;
  /// Which precision decided (the oracle's name, a literal).
  const char *DecidedBy = "";
  /// `address` only: "fast-path" when no solver query was needed, else "z3";
  /// the pairs each tier decided for this barrier, and the time taken.
  const char *Tier = "";
  unsigned FastPathPairs = 0, SolverQueries = 0, SolverUnknowns = 0;
  double SolverMs = 0, Ms = 0;
};

class ConflictOracle {
public:
  explicit ConflictOracle(Ablations Ablate = {}) : Ablate(Ablate) {}
  virtual ~ConflictOracle();
  /// The variant name: "dataflow", ...
  virtual const char *name() const = 0;
  /// May an event of A by one thread conflict with an event of B by another?
  virtual bool mayConflict(const model::FunctionModel &M, const model::AccessSite &A,
                           const model::AccessSite &B) = 0;
  /// The question for a barrier. The default asks mayConflict of every pair.
  virtual BarrierAnswer decide(const model::FunctionModel &M, const DependenceGraph::Region &Above,
                               const DependenceGraph::Region &Below);
  /// Says which barrier the next decide() is about, in graph G (whose
  /// separators are the barriers that still order). An oracle that aligns
  /// loop iterations (model/IterationAlignment.h) reads it; by default,
  /// nothing does.
  void aboutToDecide(const DependenceGraph &G, unsigned Sync) {
    Standing = &G;
    Deciding = Sync;
  }

protected:
  /// The kind part of the conflict predicate: one side writes (no-waw,
  /// erratum 1: a write on each side alone is not enough).
  bool kindsMayConflict(const model::AccessSite &A, const model::AccessSite &B) const;
  /// Kinds and a common visible space.
  bool spacesAndKindsMayConflict(const model::AccessSite &A, const model::AccessSite &B) const;

  Ablations Ablate;
  /// From aboutToDecide: null until then.
  const DependenceGraph *Standing = nullptr;
  unsigned Deciding = 0;
};

/// The happens-before edges between conflicting events that barrier Sync
/// contributes: the pairs (a in above, c in below) whose events may conflict
/// across threads under Oracle, at most Limit of them. Deleting the barrier is
/// an identity on the dependence graph exactly when this is empty.
std::vector<std::pair<unsigned, unsigned>> orderedConflicts(const DependenceGraph &G, unsigned Sync,
                                                            ConflictOracle &Oracle,
                                                            size_t Limit = SIZE_MAX);

/// The read/write summaries of a region's access sites.
model::SideSummary summarize(const model::FunctionModel &M, const DependenceGraph::Region &R);

/// Human-readable reason for a conflicting pair.
std::string describeConflict(const model::AccessSite &A, const model::AccessSite &B);

/// `dataflow` precision: a visible space written on one side and accessed on
/// the other keeps the barrier (write/read, read/write, write/write).
class FlagOracle : public ConflictOracle {
public:
  explicit FlagOracle(Ablations Ablate = {}) : ConflictOracle(Ablate) {}
  const char *name() const override { return "dataflow"; }
  bool mayConflict(const model::FunctionModel &M, const model::AccessSite &A,
                   const model::AccessSite &B) override;
  BarrierAnswer decide(const model::FunctionModel &M, const DependenceGraph::Region &Above,
                       const DependenceGraph::Region &Below) override;
};

} // namespace xwarp::core

#endif
