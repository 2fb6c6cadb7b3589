//===- model/OverlapQuery.h - The two-thread question, as data -------------===//
//
// "Can thread t's access A and another thread t''s access B touch a common
// byte?" stated solver-free: the two sites (with their symbolic addresses into
// the same object), the launch bounds, and whether path conditions count. In a
// query a uniform leaf is one variable, a per-thread leaf one per thread, a
// loop-variant leaf one per event. A solver behind the OverlapSolver
// interface (verify/) answers it; answers are never booleans.
//
//===----------------------------------------------------------------------===//
#ifndef XWARP_MODEL_OVERLAPQUERY_H
#define XWARP_MODEL_OVERLAPQUERY_H

#include "model/Access.h"
#include "model/Launch.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace xwarp::model {

struct OverlapQuery {
  /// Executed by thread t, and by thread t' != t.
  const AccessSite *A = nullptr, *B = nullptr;
  LaunchBounds Bounds;
  /// Add the sites' guards to the query.
  bool PathConditions = true;
};

/// The value of one unknown leaf as one event saw it (Event 0: the first
/// access, by t; 1: the second, by t'). Uniform leaves have one value.
struct LeafValue {
  const Term *Leaf = nullptr;
  unsigned Event = 0;
  uint64_t Value = 0;
  /// The event's offset or guards use the leaf (Counterexample::context()
  /// prints such values; the others only replay).
  bool Used = false;
};

/// Whether Site's offset or guards use Leaf.
bool siteUses(const AccessSite &Site, const Term *Leaf);

/// Concrete values under which the two accesses collide.
struct Counterexample {
  ThreadId T, TPrime;
  BlockDims Ntid;
  /// The CTA both threads are in, and the grid's dimensions. The search
  /// always takes CTA 0 of 1; the solver may need another (an index
  /// tid + ntid * ctaid that wraps around), and a replay must use its choice.
  ThreadId Ctaid;
  BlockDims Nctaid;
  /// The CTA is not the first: the collision depends on the block index.
  bool beyondFirstCta() const { return Ctaid != ThreadId(); }
  /// Byte offsets of the two accesses into their object.
  uint64_t OffsetA = 0, OffsetB = 0;
  /// Values of the uniform leaves (kernel arguments, ...) by name.
  std::map<std::string, uint64_t> Uniforms;
  /// Every unknown leaf's value, to replay the collision.
  std::vector<LeafValue> Leaves;
  /// "t=(x,y,z) t'=(x,y,z) ntid=(x,y,z)".
  std::string threads() const;
  /// " ctaid=(..) nctaid=(..)" beyond the first CTA, then " name=value" for
  /// each uniform leaf and each of leafValues(); empty if none.
  std::string context() const;
  /// The values of per-thread and loop-variant leaves the accesses use, by
  /// name, primed for t' ("iter(loop)'").
  std::vector<std::pair<std::string, int64_t>> leafValues() const;
  /// threads(), the two offsets, context().
  std::string str() const;
  /// Replays the collision with the model's plain evaluator (TermEval): A by
  /// T, B by TPrime, different threads within Ntid, overlapping bytes.
  bool collides(const AccessSite &A, const AccessSite &B) const;
};

enum class QueryStatus : uint8_t {
  Disjoint, ///< No two threads' events overlap (proved).
  Overlap,  ///< Some do: Cex says how.
  Unknown,  ///< Timeout, or a construct the solver does not model.
};
const char *queryStatusName(QueryStatus S);

struct QueryResult {
  QueryStatus Status = QueryStatus::Unknown;
  std::optional<Counterexample> Cex;
  /// For Unknown: "timeout", "solver error: ...".
  std::string Reason;
  double Ms = 0;
};

class OverlapSolver {
public:
  virtual ~OverlapSolver();
  virtual QueryResult solve(const OverlapQuery &Q) = 0;
};

} // namespace xwarp::model

#endif
