//===- model/TermEval.h - Concrete evaluation of terms ---------------------===//
//
// Evaluates a term for one thread of a concrete launch: used to replay a
// counterexample (do the two addresses really collide?) and by tests.
//
//===----------------------------------------------------------------------===//
#ifndef XWARP_MODEL_TERMEVAL_H
#define XWARP_MODEL_TERMEVAL_H

#include "model/Launch.h"
#include "model/Term.h"

#include <map>
#include <optional>

namespace xwarp::model {

/// Values of every leaf as one event of one thread sees them.
struct EvalEnv {
  BlockDims Ntid;
  ThreadId Tid;
  /// The CTA (0 unless told) and the grid (1 x 1 x 1).
  ThreadId Ctaid;
  BlockDims Nctaid;
  /// Values of Uniform, PerThread and LoopVariant leaves, by leaf key.
  std::map<uint64_t, uint64_t> Uniform, PerThread, LoopVariant;
};

/// The value of Op over A and B at Width bits (nullopt where the IR has none,
/// such as a division by zero).
std::optional<uint64_t> applyDefinition(LeafDef Op, uint64_t A, uint64_t B, unsigned Width);

/// The value of T (masked to its width), or nullopt if a leaf has no value in
/// Env and no definition to compute it from.
std::optional<uint64_t> evaluate(const Term *T, const EvalEnv &Env);

} // namespace xwarp::model

#endif
