//===- passes/CheckedDeletions.h - Soundness-checking mode in the pass -----===//
//
// Runs the checker (core/DeletionChecker) on a function's deletions, turns
// its certificates into report records and, in strict mode, rolls back every
// deletion that is not proved: its decision becomes "kept" before anything is
// erased, so the barrier stays where it was. Deletions made after a rolled
// back one stay proved: with it restored their regions only shrink.
//
//===----------------------------------------------------------------------===//
#ifndef XWARP_PASSES_CHECKEDDELETIONS_H
#define XWARP_PASSES_CHECKEDDELETIONS_H

#include "core/DeadSyncEngine.h"
#include "core/ModelExtractor.h"
#include "passes/DeadSyncElim.h"
#include "passes/SyncResults.h"

#include <vector>

namespace xwarp::passes {

/// Certificates by sync id (unchecked for the sites that were not deleted).
/// Truth is the function's model without ablations.
std::vector<ProofRecord> checkDeletions(const core::ExtractedFunction &Truth,
                                        model::OverlapSolver &Solver, bool PathConditions,
                                        VerifyMode Mode, std::vector<core::SyncDecision> &Decisions);

} // namespace xwarp::passes

#endif
