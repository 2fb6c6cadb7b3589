//===- tests/unit/verify/DeltaProverRandomTest.cpp ------------------------===//
//
// The delta proof against concrete execution. Random address computations
// (integer arithmetic with the IR's poison flags) are paired with rewrites of
// them: equivalent ones (products as shifts, operands swapped, flags dropped),
// wrong ones (flags added, a sign extension read as a zero extension,
// another constant), and unrelated ones. Each pair is proved, then run on
// many inputs with LLVM's poison rules, computed here: a proved rewrite must
// be defined and equal wherever the original is defined, and a refutation's
// inputs must show the difference.
//
//===----------------------------------------------------------------------===//
#include "verify/DeltaProver.h"

#include "llvm/ADT/APInt.h"
#include "llvm/ADT/bit.h"
#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/SourceMgr.h"

#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <optional>
#include <random>
#include <set>
#include <string>
#include <vector>

using namespace llvm;
using xwarp::model::ProofStatus;

namespace {

/// An integer expression with the IR's flags.
struct Expr {
  enum Kind { Input, Const, Add, Sub, Mul, Shl, Or, And, ZExt, SExt, Trunc } K;
  unsigned W;
  std::string Name; // Input: "i", "j" or "k"
  uint64_t Value = 0;
  bool NSW = false, NUW = false, Disjoint = false, NNeg = false;
  std::shared_ptr<Expr> A, B;
  /// The instruction that computes it in the original, when the rewrite may
  /// use it as is (a shared computation).
  std::string Emitted;
};
using ExprP = std::shared_ptr<Expr>;

/// LLVM's semantics: nullopt is poison.
std::optional<APInt> eval(const Expr &E, const std::map<std::string, APInt> &In) {
  switch (E.K) {
  case Expr::Input: return In.at(E.Name);
  case Expr::Const: return APInt(E.W, E.Value);
  default: break;
  }
  std::optional<APInt> A = eval(*E.A, In);
  if (!A)
    return std::nullopt;
  switch (E.K) {
  case Expr::ZExt:
    if (E.NNeg && A->isNegative())
      return std::nullopt;
    return A->zext(E.W);
  case Expr::SExt: return A->sext(E.W);
  case Expr::Trunc:
    if ((E.NUW && !A->isIntN(E.W)) || (E.NSW && !A->isSignedIntN(E.W)))
      return std::nullopt;
    return A->trunc(E.W);
  default: break;
  }
  std::optional<APInt> B = eval(*E.B, In);
  if (!B)
    return std::nullopt;
  bool SO = false, UO = false;
  APInt R;
  switch (E.K) {
  case Expr::Add:
    R = A->sadd_ov(*B, SO);
    (void)A->uadd_ov(*B, UO);
    break;
  case Expr::Sub:
    R = A->ssub_ov(*B, SO);
    (void)A->usub_ov(*B, UO);
    break;
  case Expr::Mul:
    R = A->smul_ov(*B, SO);
    (void)A->umul_ov(*B, UO);
    break;
  case Expr::Shl:
    if (B->uge(E.W))
      return std::nullopt;
    R = A->shl(*B);
    SO = R.ashr(*B) != *A;
    UO = R.lshr(*B) != *A;
    break;
  case Expr::Or:
    if (E.Disjoint && A->intersects(*B))
      return std::nullopt;
    return *A | *B;
  case Expr::And: return *A & *B;
  default: return std::nullopt;
  }
  if ((E.NSW && SO) || (E.NUW && UO))
    return std::nullopt;
  return R;
}

class Generator {
public:
  explicit Generator(std::mt19937_64 &Rng) : Rng(Rng) {}

  ExprP random(unsigned W, unsigned Depth) {
    if (Depth == 0 || pick(4) == 0)
      return leaf(W);
    unsigned Op = pick(10);
    if (Op >= 8 || (W == 32 && pick(3) == 0)) {
      // An extension of a 32-bit value, or a truncation of a 64-bit one.
      if (W == 64)
        return ext(pick(2) ? Expr::SExt : Expr::ZExt, random(32, Depth - 1));
      auto E = node(Expr::Trunc, 32, random(64, Depth - 1));
      E->NUW = pick(5) == 0;
      E->NSW = pick(5) == 0;
      return E;
    }
    static const Expr::Kind Ops[] = {Expr::Add, Expr::Add, Expr::Sub, Expr::Mul, Expr::Mul, Expr::Shl, Expr::Or, Expr::And};
    Expr::Kind K = Ops[Op];
    ExprP L = random(W, Depth - 1);
    ExprP R = K == Expr::Shl && pick(3) ? constant(W, pick(W + 1))
              : K == Expr::Mul && pick(3) ? constant(W, (uint64_t(1) << pick(4)) * (pick(2) ? 1 : 3))
                                          : random(W, Depth - 1);
    auto E = node(K, W, L, R);
    flags(*E);
    return E;
  }

  /// A rewrite of E: equivalent in most steps, sometimes not.
  ExprP rewrite(const ExprP &E) {
    if (!E->Emitted.empty() && pick(4) == 0)
      return E; // the original's own instruction, shared
    if (E->K == Expr::Input || E->K == Expr::Const) {
      if (E->K == Expr::Const && pick(12) == 0)
        return constant(E->W, E->Value + 1); // another constant
      return E;
    }
    auto N = std::make_shared<Expr>(*E);
    N->Emitted.clear();
    N->A = rewrite(E->A);
    if (E->B)
      N->B = rewrite(E->B);
    switch (pick(8)) {
    case 0: // flags dropped: always a refinement
      N->NSW = N->NUW = N->Disjoint = N->NNeg = false;
      break;
    case 1:
    case 5: // flags added: poison where the original may not be
      flags(*N);
      break;
    case 2: // commuted
      if (N->K == Expr::Add || N->K == Expr::Mul || N->K == Expr::Or || N->K == Expr::And)
        std::swap(N->A, N->B);
      break;
    case 3: // a multiplication by 2^s as a shift, with the same flags
      if (N->K == Expr::Mul && N->B->K == Expr::Const && N->B->Value && !(N->B->Value & (N->B->Value - 1))) {
        N->K = Expr::Shl;
        N->B = constant(N->W, llvm::countr_zero(N->B->Value));
      }
      break;
    case 4: // sign and zero extension confused
      if (N->K == Expr::SExt || N->K == Expr::ZExt)
        N->K = N->K == Expr::SExt ? Expr::ZExt : Expr::SExt;
      break;
    default: break;
    }
    return N;
  }

private:
  uint32_t pick(uint32_t N) { return static_cast<uint32_t>(Rng() % N); }

  static ExprP node(Expr::Kind K, unsigned W, ExprP A, ExprP B = nullptr) {
    auto E = std::make_shared<Expr>();
    E->K = K;
    E->W = W;
    E->A = std::move(A);
    E->B = std::move(B);
    return E;
  }
  static ExprP constant(unsigned W, uint64_t V) {
    auto E = node(Expr::Const, W, nullptr);
    E->Value = V & maskTrailingOnes<uint64_t>(W);
    return E;
  }
  ExprP ext(Expr::Kind K, ExprP A) {
    auto E = node(K, 64, std::move(A));
    E->NNeg = K == Expr::ZExt && pick(3) == 0;
    return E;
  }
  ExprP leaf(unsigned W) {
    if (pick(4) == 0) {
      static const int64_t Interesting[] = {0, 1, 2, 3, 4, -1, -4, 17, 1024};
      return constant(W, static_cast<uint64_t>(Interesting[pick(9)]));
    }
    if (W == 32)
      return input("j", 32);
    return pick(3) == 0 ? ext(pick(2) ? Expr::SExt : Expr::ZExt, input("j", 32)) : input(pick(2) ? "i" : "k", 64);
  }
  static ExprP input(const char *Name, unsigned W) {
    auto E = node(Expr::Input, W, nullptr);
    E->Name = Name;
    return E;
  }
  void flags(Expr &E) {
    if (E.K == Expr::Or)
      E.Disjoint = pick(2);
    else if (E.K == Expr::ZExt)
      E.NNeg = pick(2);
    else if (E.K != Expr::And && E.K != Expr::SExt) {
      E.NSW = pick(3) == 0;
      E.NUW = pick(3) == 0;
    }
  }

  std::mt19937_64 &Rng;
};

/// Writes E's instructions (operands first) and returns its operand text.
std::string emit(Expr &E, const std::string &Prefix, unsigned &Next, std::string &Out) {
  auto Ty = [](unsigned W) { return "i" + std::to_string(W); };
  if (E.K == Expr::Input)
    return "%" + E.Name;
  if (E.K == Expr::Const)
    return std::to_string(static_cast<int64_t>(SignExtend64(E.Value, E.W)));
  if (!E.Emitted.empty())
    return E.Emitted; // the original's instruction, shared by the rewrite
  std::string A = emit(*E.A, Prefix, Next, Out);
  std::string B = E.B ? emit(*E.B, Prefix, Next, Out) : "";
  std::string Name = "%" + Prefix + std::to_string(Next++);
  std::string Flags = std::string(E.NUW ? " nuw" : "") + (E.NSW ? " nsw" : "");
  std::string Line;
  switch (E.K) {
  case Expr::Add: Line = "add" + Flags; break;
  case Expr::Sub: Line = "sub" + Flags; break;
  case Expr::Mul: Line = "mul" + Flags; break;
  case Expr::Shl: Line = "shl" + Flags; break;
  case Expr::Or: Line = E.Disjoint ? "or disjoint" : "or"; break;
  case Expr::And: Line = "and"; break;
  case Expr::ZExt: Line = std::string("zext") + (E.NNeg ? " nneg" : ""); break;
  case Expr::SExt: Line = "sext"; break;
  case Expr::Trunc: Line = "trunc" + Flags; break;
  default: break;
  }
  if (E.B)
    Out += "  " + Name + " = " + Line + " " + Ty(E.W) + " " + A + ", " + B + "\n";
  else
    Out += "  " + Name + " = " + Line + " " + Ty(E.A->W) + " " + A + " to " + Ty(E.W) + "\n";
  if (Prefix == "o")
    E.Emitted = Name;
  return Name;
}

} // namespace

TEST(DeltaProver, ProvedRewritesAgreeWithExecutionAndRefutationsShowWhy) {
  std::mt19937_64 Rng(11);
  Generator Gen(Rng);
  unsigned Proved = 0, Refuted = 0;
  for (unsigned Trial = 0; Trial < 300; ++Trial) {
    ExprP Orig = Gen.random(64, 3);
    std::string Body;
    unsigned Next = 0;
    std::string X = emit(*Orig, "o", Next, Body);
    Body += "  %orig = getelementptr i8, ptr %p, i64 " + X + "\n";
    ExprP New = Trial % 5 == 4 ? Gen.random(64, 3) : Gen.rewrite(Orig);
    Next = 0;
    std::string Y = emit(*New, "new", Next, Body);
    Body += "  %new = getelementptr i8, ptr %p, i64 " + Y + "\n";

    LLVMContext Ctx;
    SMDiagnostic Err;
    std::unique_ptr<Module> M = parseAssemblyString(
        "target datalayout = \"e-i64:64-i128:128-v16:16-v32:32-n16:32:64\"\n"
        "define void @f(ptr %p, i64 %i, i32 %j, i64 %k) {\n" + Body + "  ret void\n}\n",
        Err, Ctx);
    ASSERT_TRUE(M) << Err.getMessage().str() << "\n" << Body;
    std::set<const Value *> Created;
    const Value *OrigV = nullptr, *NewV = nullptr;
    for (Instruction &I : instructions(*M->getFunction("f"))) {
      if (I.getName().starts_with("new"))
        Created.insert(&I);
      if (I.getName() == "orig")
        OrigV = &I;
      if (I.getName() == "new")
        NewV = &I;
    }
    xwarp::verify::DeltaProver Prover(M->getDataLayout(), 100);
    xwarp::verify::DeltaProof R = Prover.prove(OrigV, NewV, Created);

    auto Run = [&](const std::map<std::string, APInt> &In) {
      return std::make_pair(eval(*Orig, In), eval(*New, In));
    };
    if (R.Status == ProofStatus::Proved) {
      ++Proved;
      static const int64_t Edges[] = {0, 1, -1, 2, -2, 3, 4, 17, 255, 256, 1024, INT32_MAX, INT32_MIN,
                                      INT64_MAX, INT64_MIN, 0x80000000LL, 0xffffffffLL};
      for (unsigned Sample = 0; Sample < 300; ++Sample) {
        auto Value = [&](unsigned W) {
          int64_t V = Sample < 17 * 3 ? Edges[(Sample + W) % 17] : static_cast<int64_t>(Rng());
          return APInt(W, static_cast<uint64_t>(V));
        };
        std::map<std::string, APInt> In{{"i", Value(64)}, {"j", Value(32)}, {"k", Value(64)}};
        auto [O, N] = Run(In);
        if (!O)
          continue;
        ASSERT_TRUE(N && *N == *O) << "proved, but not equal where the original is defined:\n"
                                   << Body << "i=" << In.at("i").getSExtValue() << " j=" << In.at("j").getSExtValue()
                                   << " k=" << In.at("k").getSExtValue();
      }
    } else if (R.Status == ProofStatus::Refuted) {
      ++Refuted;
      std::map<std::string, APInt> In{{"i", APInt(64, 0)}, {"j", APInt(32, 0)}, {"k", APInt(64, 0)}};
      for (const auto &[Name, V] : R.Inputs)
        if (Name.size() > 1 && In.count(Name.substr(1)))
          In[Name.substr(1)] = APInt(In[Name.substr(1)].getBitWidth(), V);
      auto [O, N] = Run(In);
      EXPECT_TRUE(O && (!N || *N != *O)) << "a refutation whose inputs show no difference:\n" << Body;
    }
    // An equivalent rewrite that is not proved costs only an optimization;
    // unknown is always allowed.
  }
  EXPECT_GT(Proved, 60u);
  EXPECT_GT(Refuted, 20u); // about 75; a loaded machine may time some out
}
