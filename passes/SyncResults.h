//===- passes/SyncResults.h - What the passes decided, for reports ---------===//
//
// The passes describe every synchronization site they looked at through a
// sink: the driver collects them into its JSON report; opt plugins pass none.
//
//===----------------------------------------------------------------------===//
#ifndef XWARP_PASSES_SYNCRESULTS_H
#define XWARP_PASSES_SYNCRESULTS_H

#include "core/DeadSyncEngine.h"
#include "core/SourceLocation.h"
#include "model/Launch.h"
#include "model/OverlapQuery.h"
#include "model/Sync.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace xwarp::passes {

/// A refuted deletion, as a person reads it.
struct CounterexampleRecord {
  /// The two conflicting accesses ("store at k.cu:12:5").
  std::string Above, Below;
  /// A concrete collision, when there is one (else a rule of the model):
  /// offset A is the access above's, B the one below's. Without its leaves,
  /// which point into the function's model (the record outlives it).
  std::optional<model::Counterexample> Collision;
  /// The object both accesses are in.
  std::string Object;
  /// The model's plain evaluator found the two byte ranges overlapping.
  bool Replayed = false;
};

/// The checker's certificate of a deletion.
struct ProofRecord {
  /// "proved", "refuted", "unknown"; "unchecked" without the checker.
  std::string Status = "unchecked";
  std::string Reason;
  double Ms = 0;
  std::optional<CounterexampleRecord> Cex;
};

struct SyncRecord {
  unsigned Id = 0;
  /// Intrinsic name, "fence" or "inline asm".
  std::string Intrinsic;
  model::SyncKind Kind = model::SyncKind::FullBarrier;
  core::SourceLoc Loc;
  core::Verdict Verdict = core::Verdict::Kept;
  model::AccessFlags Flags;
  std::string Reason;
  /// The variant, or "rule", or "basic-dbe".
  std::string DecidedBy;
  bool Divergent = false;
  /// Labels of a conflicting (above, below) pair, when one was found.
  std::string WitnessAbove, WitnessBelow;
  unsigned DeletionOrder = 0;
  /// address: "fast-path" or "z3", pairs per tier, time of the decision.
  std::string Tier;
  unsigned FastPathPairs = 0, SolverQueries = 0, SolverUnknowns = 0;
  double Ms = 0;
  /// For deletions checked by the checker (and rolled-back ones in strict mode).
  ProofRecord Proof;
};

struct FunctionSyncResult {
  std::string Function;
  bool IsKernel = false;
  /// "dead-sync-elim" or "basic-dbe".
  std::string Pass;
  std::string Variant;
  std::vector<SyncRecord> Syncs;
  double AnalysisMs = 0;
  /// The launch bounds the analysis used ("256x1x1", "ntid.x in [1,1024], ...").
  std::string Launch;
  /// The user's block dimensions contradicted the kernel's and were ignored.
  bool LaunchConflict = false;
};

class SyncResultSink {
public:
  virtual ~SyncResultSink();
  virtual void record(FunctionSyncResult R) = 0;
};

} // namespace xwarp::passes

#endif
