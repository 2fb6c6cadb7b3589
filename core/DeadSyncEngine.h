//===- core/DeadSyncEngine.h - Deciding which synchronization sites die ----===//
//
// Runs Dead Sync Elimination's decision procedure on a function model with a
// given conflict oracle: barriers are decided one at a time in program order,
// each against the regions left by the deletions before it (the cascade);
// fences are decided afterwards, against the final regions. Pure decision:
// the caller deletes instructions and reports.
//
//===----------------------------------------------------------------------===//
#ifndef XWARP_CORE_DEADSYNCENGINE_H
#define XWARP_CORE_DEADSYNCENGINE_H

#include "core/Ablations.h"
#include "core/ConflictOracle.h"
#include "core/DependenceGraph.h"

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace xwarp::core {

enum class Verdict : uint8_t { Removed, Kept, Exempt };
const char *verdictName(Verdict V);

struct SyncDecision {
  unsigned Sync = 0;
  Verdict V = Verdict::Kept;
  model::AccessFlags Flags;
  std::string Reason;
  /// "dataflow", ... or "rule" for decisions no oracle was asked about.
  const char *DecidedBy = "";
  std::optional<std::pair<unsigned, unsigned>> Witness;
  /// 1-based position among the deletions; 0 if not removed.
  unsigned DeletionOrder = 0;
  /// How the oracle worked (address: "fast-path" or "z3"), and how long.
  const char *Tier = "";
  unsigned FastPathPairs = 0, SolverQueries = 0, SolverUnknowns = 0;
  double Ms = 0;
};

struct EngineOptions {
  /// The reference engine's full restart (for benchmarks and the tests that
  /// compare the two): after each deletion, rebuild the graph from scratch
  /// instead of dissolving the barrier, and judge every remaining barrier
  /// again from the first.
  bool RebuildAfterDeletion = false;
  /// exempt-splits and popc-one-use act here.
  Ablations Ablate;
};

class DeadSyncEngine {
public:
  /// Asked before each deletion; false keeps the barrier (debug counters).
  using Approver = std::function<bool(unsigned Sync)>;

  DeadSyncEngine(const model::FunctionModel &M, ConflictOracle &Oracle,
                 DependenceGraph::Scope Scope = DependenceGraph::Scope::Function,
                 EngineOptions Opts = {});

  /// Decides every synchronization site; the result is indexed by sync id.
  std::vector<SyncDecision> run(const Approver &Approve = nullptr);

  const DependenceGraph &graph() const { return *Graph; }
  unsigned rebuilds() const { return Rebuilds; }

private:
  SyncDecision decideBarrier(unsigned S, const Approver &Approve);
  SyncDecision decideFence(unsigned S);
  void remove(unsigned S);

  const model::FunctionModel &M;
  ConflictOracle &Oracle;
  DependenceGraph::Scope Scope;
  EngineOptions Opts;
  std::unique_ptr<DependenceGraph> Graph;
  std::vector<bool> Removed;
  /// Dead barriers the approver kept: not asked about again on a restart.
  std::vector<bool> Refused;
  unsigned Deletions = 0;
  unsigned Rebuilds = 0;
};

} // namespace xwarp::core

#endif
