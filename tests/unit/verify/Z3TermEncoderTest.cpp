//===- tests/unit/verify/Z3TermEncoderTest.cpp ----------------------------===//
//
// The solver and the replay must agree on what a term means: the encoder's
// bit-vectors (with their narrowed widths), the evaluator that replays
// counterexamples, and the term builder's folding. Random terms are built
// together with a value computed here, independently, from the same inputs;
// all three must give it.
//
//===----------------------------------------------------------------------===//
#include "model/TermEval.h"
#include "verify/Z3TermEncoder.h"

#include "llvm/Support/MathExtras.h"

#include <gtest/gtest.h>

#include <random>

using namespace xwarp;
using namespace xwarp::model;

namespace {

// LLVM's bit helpers, not the model's: the reference stays independent.
uint64_t mask(unsigned W) { return llvm::maskTrailingOnes<uint64_t>(W); }
int64_t asSigned(uint64_t V, unsigned W) { return llvm::SignExtend64(V, W); }

/// A generated term and its value; nullopt where the IR has none (division
/// by zero, signed overflow of a division, a shift by the width or more).
struct Sample {
  const Term *T;
  std::optional<uint64_t> Value;
};

/// What a leaf's value must be below (a guard the encoder narrows with).
struct LeafBound {
  const Term *Leaf;
  uint64_t Max;
};

class RandomTerms {
public:
  RandomTerms(std::mt19937_64 &Rng, TermContext &C, EvalEnv &Env) : Rng(Rng), C(C), Env(Env) {
    // Often the largest block and its last thread: the edges of the
    // encoder's bounds.
    Env.Ntid = {pick(2) ? 1024 : 1 + pick(1024), 1 + pick(4), 1};
    Env.Tid = {pick(2) ? Env.Ntid.X - 1 : pick(Env.Ntid.X), pick(Env.Ntid.Y), 0};
    Env.Nctaid = {1 + pick(1u << 20), 1, 1};
    Env.Ctaid = {pick(Env.Nctaid.X), 0, 0};
  }

  Sample term(unsigned W, unsigned Depth) {
    if (Depth == 0 || pick(4) == 0)
      return leaf(W);
    // Products are where the encoder narrows, so they come often.
    switch (pick(7)) {
    case 0: {
      Sample A = term(W, Depth - 1), B = term(W, Depth - 1);
      return {C.add(A.T, B.T), both(A, B, [&](uint64_t X, uint64_t Y) { return (X + Y) & mask(W); })};
    }
    case 1:
    case 5: {
      Sample A = term(W, Depth - 1), B = term(W, Depth - 1);
      return {C.mul(A.T, B.T), both(A, B, [&](uint64_t X, uint64_t Y) { return (X * Y) & mask(W); })};
    }
    case 2: {
      Sample A = term(W, Depth - 1);
      Sample B = pick(2) ? Sample{C.constant(W, pick(W + 2)), std::nullopt} : term(W, Depth - 1);
      if (B.T->isConst())
        B.Value = B.T->value();
      std::optional<uint64_t> V;
      if (A.Value && B.Value && *B.Value < W)
        V = (*A.Value << *B.Value) & mask(W);
      return {C.shl(A.T, B.T), V};
    }
    case 3:
    case 4: {
      // An extension from a narrower width, or a truncation from 64 bits.
      if (W == 64) {
        unsigned From = pick(2) ? 32 : 16;
        Sample A = term(From, Depth - 1);
        bool Signed = pick(2);
        std::optional<uint64_t> V;
        if (A.Value)
          V = Signed ? static_cast<uint64_t>(asSigned(*A.Value, From)) : *A.Value;
        return {Signed ? C.sext(A.T, 64) : C.zext(A.T, 64), V};
      }
      Sample A = term(64, Depth - 1);
      return {C.trunc(A.T, W), A.Value ? std::optional<uint64_t>(*A.Value & mask(W)) : std::nullopt};
    }
    default:
      return pick(4) ? defined(W, Depth) : selected(W, Depth);
    }
  }

  const std::vector<LeafBound> &bounds() const { return Bounds; }

private:
  uint32_t pick(uint64_t N) { return static_cast<uint32_t>(Rng() % N); }

  template <typename F> static std::optional<uint64_t> both(const Sample &A, const Sample &B, F Op) {
    if (!A.Value || !B.Value)
      return std::nullopt;
    return Op(*A.Value, *B.Value);
  }

  uint64_t interesting(unsigned W) {
    // Small values and powers of two make the encoder narrow its
    // bit-vectors, right at the edges of their bounds.
    switch (pick(8)) {
    case 0: return pick(4);
    case 1: return mask(W);
    case 2: return uint64_t(1) << (W - 1);
    case 3: return (uint64_t(1) << (W - 1)) - 1;
    case 4: return uint64_t(1) << pick(W);
    case 5: return (uint64_t(1) << pick(W)) - 1;
    case 6: return pick(300);
    default: return Rng() & mask(W);
    }
  }

  Sample leaf(unsigned W) {
    unsigned Choice = pick(W == 32 ? 8 : 4);
    if (Choice >= 4) {
      // The launch's registers are 32 bits wide.
      switch (Choice) {
      case 4: return {C.threadIdx(Dim::X), Env.Tid.X};
      case 5: return {C.threadIdx(Dim::Y), Env.Tid.Y};
      case 6: return {C.blockDim(Dim::X), Env.Ntid.X};
      default: return pick(2) ? Sample{C.blockIdx(Dim::X), Env.Ctaid.X} : Sample{C.gridDim(Dim::X), Env.Nctaid.X};
      }
    }
    if (Choice == 0) {
      const Term *K = C.constant(W, interesting(W));
      return {K, K->value()};
    }
    uint64_t V = interesting(W);
    uint64_t Key = NextKey++;
    const Term *L = Choice == 1   ? C.uniform(Key, "%u", W)
                    : Choice == 2 ? C.perThread(Key, "%p", W)
                                  : C.loopVariant(Key, "iter", W);
    (Choice == 1 ? Env.Uniform : Choice == 2 ? Env.PerThread : Env.LoopVariant)[Key] = V;
    // A guard "leaf <= Max" that the value satisfies, often tightly.
    if (pick(2))
      Bounds.push_back({L, pick(2) ? V : V | (Rng() & mask(W) >> pick(W))});
    return {L, V};
  }

  /// A per-thread leaf with a definition A op B (the IR's bit operations,
  /// divisions and variable shifts).
  Sample defined(unsigned W, unsigned Depth) {
    Sample A = term(W, Depth - 1), B = term(W, Depth - 1);
    LeafDef Op = static_cast<LeafDef>(1 + pick(static_cast<unsigned>(LeafDef::SRem)));
    const Term *L = C.perThread(NextKey++, "%d", W);
    C.define(L, Op, A.T, B.T);
    std::optional<uint64_t> V;
    if (A.Value && B.Value)
      V = apply(Op, *A.Value, *B.Value, W);
    return {L, V};
  }

  /// A per-thread leaf `A cmp B ? X : Y`: a 1-bit comparison leaf (clamped
  /// neighbour indices, `t > 0 ? t - 1 : t`) under a select.
  Sample selected(unsigned W, unsigned Depth) {
    Sample A = term(W, Depth - 1), B = term(W, Depth - 1), X = term(W, Depth - 1), Y = term(W, Depth - 1);
    LeafDef Cmp = static_cast<LeafDef>(static_cast<unsigned>(LeafDef::CmpEQ) + pick(6));
    const Term *Cond = C.perThread(NextKey++, "%c", 1);
    C.define(Cond, Cmp, A.T, B.T);
    const Term *L = C.perThread(NextKey++, "%s", W);
    C.define(L, LeafDef::Select, Cond, X.T, Y.T);
    // The IR computes both values before it selects one.
    if (!A.Value || !B.Value || !X.Value || !Y.Value)
      return {L, std::nullopt};
    uint64_t UA = *A.Value, UB = *B.Value;
    int64_t SA = asSigned(UA, W), SB = asSigned(UB, W);
    bool Holds = Cmp == LeafDef::CmpEQ    ? UA == UB
                 : Cmp == LeafDef::CmpNE  ? UA != UB
                 : Cmp == LeafDef::CmpULT ? UA < UB
                 : Cmp == LeafDef::CmpULE ? UA <= UB
                 : Cmp == LeafDef::CmpSLT ? SA < SB
                                          : SA <= SB;
    return {L, Holds ? X.Value : Y.Value};
  }

  static std::optional<uint64_t> apply(LeafDef Op, uint64_t A, uint64_t B, unsigned W) {
    int64_t SA = asSigned(A, W), SB = asSigned(B, W);
    bool SignedOverflow = SB == -1 && SA == asSigned(uint64_t(1) << (W - 1), W);
    switch (Op) {
    case LeafDef::And: return A & B;
    case LeafDef::Or: return A | B;
    case LeafDef::Xor: return A ^ B;
    case LeafDef::Shl: return B < W ? std::optional<uint64_t>((A << B) & mask(W)) : std::nullopt;
    case LeafDef::LShr: return B < W ? std::optional<uint64_t>(A >> B) : std::nullopt;
    case LeafDef::AShr: return B < W ? std::optional<uint64_t>(uint64_t(SA >> B) & mask(W)) : std::nullopt;
    case LeafDef::UDiv: return B ? std::optional<uint64_t>(A / B) : std::nullopt;
    case LeafDef::URem: return B ? std::optional<uint64_t>(A % B) : std::nullopt;
    case LeafDef::SDiv:
      return B && !SignedOverflow ? std::optional<uint64_t>(uint64_t(SA / SB) & mask(W)) : std::nullopt;
    case LeafDef::SRem:
      return B && !SignedOverflow ? std::optional<uint64_t>(uint64_t(SA % SB) & mask(W)) : std::nullopt;
    default: break;
    }
    return std::nullopt;
  }

  std::mt19937_64 &Rng;
  TermContext &C;
  EvalEnv &Env;
  std::vector<LeafBound> Bounds;
  uint64_t NextKey = 1;
};

uint64_t leafValue(const Term *L, const EvalEnv &Env) {
  const std::map<uint64_t, uint64_t> &M = L->kind() == TermKind::Uniform     ? Env.Uniform
                                          : L->kind() == TermKind::PerThread ? Env.PerThread
                                                                             : Env.LoopVariant;
  return M.at(L->value());
}

} // namespace

TEST(Z3TermEncoder, AgreesWithTheEvaluatorAndTheBuilderOnRandomTerms) {
  z3::context Z3;
  std::mt19937_64 Rng(7);
  unsigned Compared = 0;
  for (unsigned Trial = 0; Trial < 5000; ++Trial) {
    TermContext C;
    EvalEnv Env;
    RandomTerms Gen(Rng, C, Env);
    unsigned W = Trial % 2 ? 64 : 32;
    Sample S = Gen.term(W, 4);
    // The term's meaning for the thread of one event (0 or 1), pinned to
    // the inputs chosen above.
    unsigned Event = Trial % 3 == 0;
    LaunchBounds Bounds;
    verify::Z3TermEncoder Enc(Z3, Bounds);
    for (const LeafBound &B : Gen.bounds())
      Enc.boundLeaf(B.Leaf, Event, B.Max);
    z3::expr E = Enc.term(S.T, Event);
    // Pin every input and let Z3's rewriter compute the value (no search).
    z3::expr_vector From(Z3), To(Z3);
    auto Pin = [&](const z3::expr &Var, uint64_t V) {
      From.push_back(Var);
      To.push_back(Z3.bv_val(V, Var.get_sort().bv_size()));
    };
    for (Dim D : AllDims) {
      Pin(Enc.tid(Event, D), Env.Tid.get(D));
      Pin(Enc.ntid(D), Env.Ntid.get(D));
      Pin(Enc.ctaid(D), Env.Ctaid.get(D));
      Pin(Enc.nctaid(D), Env.Nctaid.get(D));
    }
    for (const auto &[Key, Var] : Enc.leaves())
      Pin(Var, leafValue(Key.first, Env));
    z3::expr Value = E.substitute(From, To).simplify();
    ASSERT_TRUE(Value.is_numeral()) << S.T->str() << " -> " << Value;
    uint64_t Solved = Value.get_numeral_uint64();
    std::optional<uint64_t> Evaluated = evaluate(S.T, Env);
    if (S.Value) {
      // Where the IR has a value, all three agree on it.
      ++Compared;
      EXPECT_EQ(Evaluated, S.Value) << "evaluator: " << S.T->str();
      EXPECT_EQ(Solved, *S.Value) << "encoder: " << S.T->str();
    } else if (Evaluated) {
      // Elsewhere the replay must still see what the solver saw.
      EXPECT_EQ(Solved, *Evaluated) << "encoder vs evaluator: " << S.T->str();
    }
  }
  EXPECT_GT(Compared, 3000u);
}
