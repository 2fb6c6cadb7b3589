//===- model/WitnessSearch.h - Looking for a collision by evaluation -------===//
//
// Before a solver is asked to prove two accesses disjoint, a short,
// deterministic search evaluates both offsets on concrete launches, thread
// pairs and leaf values (guards included): first a small grid (the ends and
// the middle of x, matching values for two leaves), then random trials. A collision found this way is a
// real counterexample, so the solver is needed only when none turns up.
//
//===----------------------------------------------------------------------===//
#ifndef XWARP_MODEL_WITNESSSEARCH_H
#define XWARP_MODEL_WITNESSSEARCH_H

#include "model/OverlapQuery.h"

#include <optional>

namespace xwarp::model {

/// A collision of Q's two accesses within Budget trials, or nullopt.
std::optional<Counterexample> searchCollision(const OverlapQuery &Q, unsigned Budget = 1024);

/// Replays C on Q: whether, with C's threads, launch and leaf values, both
/// guards hold and the two byte ranges really overlap (a counterexample is
/// checked by evaluation, never trusted).
bool replaysCollision(const OverlapQuery &Q, const Counterexample &C);

} // namespace xwarp::model

#endif
