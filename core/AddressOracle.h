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

#include "llvm/ADT/DenseMap.h"

#include <array>
#include <cstdint>
#include <deque>
#include <map>
#include <optional>
#include <tuple>
#include <utility>
#include <vector>

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
                         const model::AccessSite &B) {
    return *lookup(M, A, B).first;
  }

private:
  /// The pair's answer, and whether it was computed by this call.
  std::pair<const PairAnswer *, bool> lookup(const model::FunctionModel &M, const model::AccessSite &A,
                                             const model::AccessSite &B);
  /// The same, for a pair the first rules leave and that runs in one
  /// iteration of the aligned Loops whenever it is unordered
  /// (model/IterationAlignment.h).
  std::pair<const PairAnswer *, bool> lookupAligned(const model::FunctionModel &M, const model::AccessSite &A,
                                                    const model::AccessSite &B, const std::vector<unsigned> &Loops);
  /// Pairs the first rules rule out are answered without the pair cache.
  bool ruledOut(const model::AccessSite &A, const model::AccessSite &B) const;
  /// Sizes the tables by access id for M, at the first pair (one function's
  /// model per oracle).
  void sizeFor(const model::FunctionModel &M);
  /// The answer for a pair ruledOut does not rule out. Sites made for one
  /// question (aligned copies) are Fresh: their fast-path sides are not
  /// those kept by access id.
  PairAnswer compute(const model::FunctionModel &M, const model::AccessSite &A,
                     const model::AccessSite &B, bool Fresh = false);

  model::OverlapSolver *Solver;
  bool PathConditions;
  /// Keeps A, shared when it carries nothing but a "cannot conflict" and its
  /// tier (most pairs); returns its index in Answers.
  uint32_t store(PairAnswer A);
  /// The index of the shared "cannot conflict" answer of tier By.
  uint32_t neverAnswer(Tier By);

  /// Answers as indices into Answers (a kernel has pairs by the hundred
  /// thousand, and an answer is big), by above access id (one function's),
  /// then below access id: a region's pairs are asked above site by above
  /// site, so each row stays in the cache while it is asked.
  std::vector<llvm::DenseMap<uint32_t, uint32_t>> Cache;
  /// Aligned pairs, by access ids and the loops that align them (an answer
  /// holds only while those loops' aligners stand).
  std::map<std::tuple<unsigned, unsigned, std::vector<unsigned>>, uint32_t> AlignedCache;
  /// A deque, so the references pair() hands out stay valid.
  std::deque<PairAnswer> Answers;
  /// By tier: the index of the shared "cannot conflict" answer, once made.
  static constexpr uint32_t NoAnswer = ~0u;
  std::array<uint32_t, 4> Never = {NoAnswer, NoAnswer, NoAnswer, NoAnswer};
  /// Fast-path sides by access id, made on first use (sized by sizeFor).
  std::optional<model::AffineSideCache> Sides;
};

} // namespace xwarp::core

#endif
