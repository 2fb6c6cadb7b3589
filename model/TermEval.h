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

#include <array>
#include <map>
#include <optional>
#include <vector>

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

/// The value of Leaf's definition over the values of its definition
/// operands, in order (nullopt where the IR has none, such as a division by
/// zero).
std::optional<uint64_t> applyDefinition(const Term *Leaf, const std::array<uint64_t, 3> &Ops);
/// The same, from a way to evaluate the operands (nullopt if one has no value).
template <typename EvalT> std::optional<uint64_t> evaluateDefinition(const Term *Leaf, EvalT &&Eval) {
  std::array<uint64_t, 3> Ops{};
  const std::vector<const Term *> &Defs = Leaf->definitionOperands();
  for (size_t I = 0; I < Defs.size(); ++I) {
    std::optional<uint64_t> V = Eval(Defs[I]);
    if (!V)
      return std::nullopt;
    Ops[I] = *V;
  }
  return applyDefinition(Leaf, Ops);
}

/// The value of T (masked to its width), or nullopt if a leaf has no value in
/// Env and no definition to compute it from.
std::optional<uint64_t> evaluate(const Term *T, const EvalEnv &Env);

} // namespace xwarp::model

#endif
