//===- verify/Z3OverlapSolver.cpp -----------------------------------------===//
//
// One query: launch constraints, t != t', both sites' guards (when asked), and
// "the byte ranges overlap" with wrap-around: (offB - offA) <u sizeA or
// (offA - offB) <u sizeB. sat: Overlap with a counterexample; unsat:
// Disjoint; anything else: Unknown. Z3 exceptions stop here.
//
//===----------------------------------------------------------------------===//
#include "verify/Z3OverlapSolver.h"

#include "verify/SolverInfo.h"
#include "verify/Z3TermEncoder.h"

#include <chrono>
#include <fstream>

namespace xwarp::verify {

using model::QueryResult;
using model::QueryStatus;

namespace {
class Z3OverlapSolver : public model::OverlapSolver {
public:
  explicit Z3OverlapSolver(unsigned TimeoutMs) : TimeoutMs(TimeoutMs) {}

  QueryResult solve(const model::OverlapQuery &Q) override {
    auto Start = std::chrono::steady_clock::now();
    QueryResult R;
    try {
      R = solveOrThrow(Q);
    } catch (const z3::exception &E) {
      R.Status = QueryStatus::Unknown;
      R.Reason = std::string("solver error: ") + E.msg();
    }
    R.Ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - Start).count();
    return R;
  }

private:
  QueryResult solveOrThrow(const model::OverlapQuery &Q) {
    QueryResult R;
    const model::AccessSite &A = *Q.A, &B = *Q.B;
    if (!A.Address || !B.Address || !A.Address->Offset || !B.Address->Offset || A.Size == 0 ||
        B.Size == 0) {
      R.Reason = "address or size not modelled";
      return R;
    }
    // Each query has a context of its own. Z3 reuses the ids of deleted
    // terms, so in a shared context a query's ids, and with them the
    // solver's search and time, would depend on the memory layout of the
    // queries before it: the same run could differ from one time to the
    // next. The price is a few milliseconds a query (the corpus under
    // `address` takes 10% longer); the model's fast path answers most pairs.
    z3::context Ctx;
    Z3TermEncoder Enc(Ctx, Q.Bounds);
    // A one-shot solver from the smt tactic answers these small bit-vector
    // queries several times faster than the default incremental solver.
    z3::solver S = z3::tactic(Ctx, "smt").mk_solver();
    z3::params P(Ctx);
    P.set("timeout", TimeoutMs);
    P.set("rlimit", resourceLimitFor(TimeoutMs));
    S.set(P);
    if (Q.PathConditions) {
      // Constant upper bounds of leaves (loop trip counts, tid < c) narrow
      // their variables; the guards below still state them exactly.
      for (unsigned E = 0; E < 2; ++E)
        for (const model::Guard &G : (E ? B : A).Guards) {
          bool Upper = G.Pred == model::CmpPred::ULE || G.Pred == model::CmpPred::ULT;
          if (Upper && G.L->isLeaf() && !G.L->isConst() && G.R->isConst() &&
              !(G.Pred == model::CmpPred::ULT && G.R->value() == 0))
            Enc.boundLeaf(G.L, E, G.R->value() - (G.Pred == model::CmpPred::ULT));
        }
    }
    S.add(Enc.launch());
    if (Q.PathConditions) {
      for (const model::Guard &G : A.Guards)
        S.add(Enc.guard(G, 0));
      for (const model::Guard &G : B.Guards)
        S.add(Enc.guard(G, 1));
    }
    z3::expr OffA = Enc.term(A.Address->Offset, 0), OffB = Enc.term(B.Address->Offset, 1);
    unsigned W = std::max(OffA.get_sort().bv_size(), OffB.get_sort().bv_size());
    if (OffA.get_sort().bv_size() < W)
      OffA = z3::zext(OffA, W - OffA.get_sort().bv_size());
    if (OffB.get_sort().bv_size() < W)
      OffB = z3::zext(OffB, W - OffB.get_sort().bv_size());
    S.add(z3::ult(OffB - OffA, Ctx.bv_val(A.Size, W)) || z3::ult(OffA - OffB, Ctx.bv_val(B.Size, W)));

    if (std::string Path = dumpPath("query"); !Path.empty())
      std::ofstream(Path) << S.to_smt2();
    switch (S.check()) {
    case z3::unsat:
      R.Status = QueryStatus::Disjoint;
      return R;
    case z3::unknown:
      R.Status = QueryStatus::Unknown;
      R.Reason = unknownReason(S.reason_unknown());
      return R;
    case z3::sat:
      break;
    }
    R.Status = QueryStatus::Overlap;
    z3::model M = S.get_model();
    auto Val = [&](const z3::expr &E) {
      return M.eval(E, /*model_completion=*/true).get_numeral_uint64();
    };
    // A triple's x, y and z from the model (ThreadId or BlockDims).
    auto Xyz = [&](auto Triple, auto Of) {
      Triple.X = uint32_t(Val(Of(model::Dim::X)));
      Triple.Y = uint32_t(Val(Of(model::Dim::Y)));
      Triple.Z = uint32_t(Val(Of(model::Dim::Z)));
      return Triple;
    };
    model::Counterexample C;
    C.T = Xyz(model::ThreadId(), [&](model::Dim D) { return Enc.tid(0, D); });
    C.TPrime = Xyz(model::ThreadId(), [&](model::Dim D) { return Enc.tid(1, D); });
    C.Ntid = Xyz(model::BlockDims(), [&](model::Dim D) { return Enc.ntid(D); });
    C.Ctaid = Xyz(model::ThreadId(), [&](model::Dim D) { return Enc.ctaid(D); });
    C.Nctaid = Xyz(model::BlockDims(), [&](model::Dim D) { return Enc.nctaid(D); });
    C.OffsetA = Val(OffA);
    C.OffsetB = Val(OffB);
    for (const auto &[Name, E] : Enc.uniformLeaves())
      C.Uniforms[Name] = Val(E);
    for (const auto &[Key, E] : Enc.leaves())
      C.Leaves.push_back({Key.first, Key.second, Val(E), model::siteUses(Key.second ? B : A, Key.first)});
    R.Cex = C;
    return R;
  }

  unsigned TimeoutMs;
};
} // namespace

std::unique_ptr<model::OverlapSolver> createZ3OverlapSolver(unsigned TimeoutMs) {
  return std::make_unique<Z3OverlapSolver>(TimeoutMs);
}

} // namespace xwarp::verify
