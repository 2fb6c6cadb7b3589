//===- core/DeletionChecker.h - Proving or refuting each deletion ----------===//
//
// The checker of soundness-checking mode (DESIGN "The checker"). Independent
// of the variant that proposed the deletions: it takes the function's model as
// the IR says (no ablation), re-derives above/below for every deleted
// barrier with the earlier deletions applied, and asks the exact two-thread
// question of every pair through a solver. A deletion is Proved when no pair
// can conflict, Refuted with a counterexample (or a rule of the model that
// makes the pair conflict), and Unknown when a query times out or a construct
// is not modelled. Never a boolean.
//
//===----------------------------------------------------------------------===//
#ifndef XWARP_CORE_DELETIONCHECKER_H
#define XWARP_CORE_DELETIONCHECKER_H

#include "core/DependenceGraph.h"
#include "model/AffineOverlap.h"
#include "model/FunctionModel.h"
#include "model/OverlapQuery.h"
#include "model/Proof.h"

#include <optional>
#include <string>
#include <vector>

namespace xwarp::core {

using model::ProofStatus;
using model::proofStatusName;

/// Why a deletion is wrong: the two sites and, for a collision, the values.
struct Refutation {
  unsigned Above = 0, Below = 0; ///< access ids
  /// A collision found by evaluation or by the solver (replayed); none when a
  /// rule of the model makes the pair conflict (unknown caller, may-alias
  /// objects, communication with other CTAs).
  std::optional<model::Counterexample> Collision;
  /// The aligned loops whose iteration values both events share: the
  /// collision is stated over the sites model::alignIterations makes.
  std::vector<unsigned> AlignedLoops;
};

struct Certificate {
  ProofStatus Status = ProofStatus::Unknown;
  /// One line: what was proved, the conflict, or why no answer ("timeout").
  std::string Reason;
  std::optional<Refutation> Cex;
  /// Pairs with a writer and a common space; of those, separated by the
  /// model's affine lemma and by the solver.
  unsigned Pairs = 0, ModelPairs = 0, SolverQueries = 0;
  double Ms = 0;
};

class DeletionChecker {
public:
  /// Truth is the model without ablations; the solver answers pair queries.
  DeletionChecker(const model::FunctionModel &Truth, model::OverlapSolver &Solver,
                  bool PathConditions = true)
      : M(Truth), Solver(Solver), PathConditions(PathConditions), Sides(Truth.Accesses.size()) {}

  /// Certificates for deletions given in the order they were made (by sync id).
  std::vector<Certificate> check(const std::vector<unsigned> &DeletedInOrder);

private:
  using Region = DependenceGraph::Region;
  /// Above/Below: the deleted sync's regions as the program stands once the
  /// earlier deletions are made, the sync itself still present in G. Pairs
  /// that G's other barriers keep in one iteration of a loop are asked with
  /// that iteration's values shared (model/IterationAlignment.h).
  Certificate checkBarrier(const DependenceGraph &G, unsigned Sync, const Region &Above, const Region &Below);
  Certificate checkFence(unsigned Sync, const Region &Above, const Region &Below);

  const model::FunctionModel &M;
  model::OverlapSolver &Solver;
  bool PathConditions;
  /// The model's sites prepared for the affine lemma, each once: a site
  /// meets many others over the deletions.
  model::AffineSideCache Sides;
};

} // namespace xwarp::core

#endif
