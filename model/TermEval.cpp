//===- model/TermEval.cpp -------------------------------------------------===//
#include "model/TermEval.h"

#include "model/Guard.h"

#include <unordered_map>

namespace xwarp::model {

namespace {
class Evaluator {
public:
  explicit Evaluator(const EvalEnv &Env) : Env(Env) {}

  std::optional<uint64_t> eval(const Term *T) {
    auto It = Memo.find(T);
    if (It != Memo.end())
      return It->second;
    std::optional<uint64_t> V = compute(T);
    if (V)
      *V &= widthMask(T->width());
    Memo.emplace(T, V);
    return V;
  }

private:
  static std::optional<uint64_t> lookup(const std::map<uint64_t, uint64_t> &M, uint64_t K) {
    auto It = M.find(K);
    if (It == M.end())
      return std::nullopt;
    return It->second;
  }

  std::optional<uint64_t> compute(const Term *T) {
    switch (T->kind()) {
    case TermKind::Const: return T->value();
    case TermKind::ThreadIdx: return Env.Tid.get(T->dim());
    case TermKind::BlockDim: return Env.Ntid.get(T->dim());
    case TermKind::BlockIdx: return Env.Ctaid.get(T->dim());
    case TermKind::GridDim: return Env.Nctaid.get(T->dim());
    case TermKind::Uniform:
    case TermKind::PerThread:
    case TermKind::LoopVariant:
      return leaf(T);
    default: break;
    }
    std::optional<uint64_t> A = eval(T->operand(0));
    if (!A)
      return std::nullopt;
    unsigned InW = T->operand(0)->width();
    switch (T->kind()) {
    case TermKind::ZExt:
    case TermKind::Trunc:
      return *A;
    case TermKind::SExt: {
      uint64_t Sign = uint64_t(1) << (InW - 1);
      return (*A ^ Sign) - Sign;
    }
    default: break;
    }
    std::optional<uint64_t> B = eval(T->operand(1));
    if (!B)
      return std::nullopt;
    switch (T->kind()) {
    case TermKind::Add: return *A + *B;
    case TermKind::Mul: return *A * *B;
    case TermKind::Shl: return *B >= InW ? 0 : *A << *B;
    default: return std::nullopt;
    }
  }

  /// A leaf's value from the environment, else from its definition.
  std::optional<uint64_t> leaf(const Term *T) {
    const std::map<uint64_t, uint64_t> &M = T->kind() == TermKind::Uniform     ? Env.Uniform
                                            : T->kind() == TermKind::PerThread ? Env.PerThread
                                                                               : Env.LoopVariant;
    if (std::optional<uint64_t> V = lookup(M, T->value()))
      return V;
    if (T->definition() == LeafDef::None)
      return std::nullopt;
    return evaluateDefinition(T, [this](const Term *Op) { return eval(Op); });
  }

  const EvalEnv &Env;
  std::unordered_map<const Term *, std::optional<uint64_t>> Memo;
};
} // namespace

/// The comparison a Cmp* definition makes.
static CmpPred comparisonOf(LeafDef Op) {
  switch (Op) {
  case LeafDef::CmpNE: return CmpPred::NE;
  case LeafDef::CmpULT: return CmpPred::ULT;
  case LeafDef::CmpULE: return CmpPred::ULE;
  case LeafDef::CmpSLT: return CmpPred::SLT;
  case LeafDef::CmpSLE: return CmpPred::SLE;
  default: return CmpPred::EQ;
  }
}

std::optional<uint64_t> applyDefinition(const Term *Leaf, const std::array<uint64_t, 3> &Ops) {
  LeafDef Op = Leaf->definition();
  unsigned Width = Leaf->width();
  uint64_t Mask = widthMask(Width);
  if (Op == LeafDef::Select)
    return ((Ops[0] & 1) ? Ops[1] : Ops[2]) & Mask;
  if (Op >= LeafDef::CmpEQ && Op <= LeafDef::CmpSLE) {
    unsigned OpWidth = Leaf->definitionOperands()[0]->width();
    uint64_t OpMask = widthMask(OpWidth);
    return evaluatePredicate(comparisonOf(Op), Ops[0] & OpMask, Ops[1] & OpMask, OpWidth) ? 1 : 0;
  }
  uint64_t A = Ops[0] & Mask, B = Ops[1] & Mask;
  auto S = [Width](uint64_t V) {
    if (Width >= 64)
      return static_cast<int64_t>(V);
    uint64_t Sign = uint64_t(1) << (Width - 1);
    return static_cast<int64_t>((V ^ Sign) - Sign);
  };
  switch (Op) {
  case LeafDef::None:
  case LeafDef::CmpEQ:
  case LeafDef::CmpNE:
  case LeafDef::CmpULT:
  case LeafDef::CmpULE:
  case LeafDef::CmpSLT:
  case LeafDef::CmpSLE:
  case LeafDef::Select: return std::nullopt;
  case LeafDef::And: return A & B;
  case LeafDef::Or: return A | B;
  case LeafDef::Xor: return A ^ B;
  case LeafDef::LShr: return B >= Width ? 0 : A >> B;
  case LeafDef::AShr: return B >= Width ? (S(A) < 0 ? Mask : 0) : static_cast<uint64_t>(S(A) >> B) & Mask;
  case LeafDef::Shl: return B >= Width ? 0 : (A << B) & Mask;
  // Division by zero (and signed overflow) is undefined in the IR: no value.
  case LeafDef::UDiv: return B ? std::optional<uint64_t>(A / B) : std::nullopt;
  case LeafDef::URem: return B ? std::optional<uint64_t>(A % B) : std::nullopt;
  case LeafDef::SDiv:
    return B && !(S(B) == -1 && A == (uint64_t(1) << (Width - 1))) ? std::optional<uint64_t>(static_cast<uint64_t>(S(A) / S(B)) & Mask) : std::nullopt;
  case LeafDef::SRem:
    return B && !(S(B) == -1 && A == (uint64_t(1) << (Width - 1))) ? std::optional<uint64_t>(static_cast<uint64_t>(S(A) % S(B)) & Mask) : std::nullopt;
  }
  return std::nullopt;
}

std::optional<uint64_t> evaluate(const Term *T, const EvalEnv &Env) {
  return Evaluator(Env).eval(T);
}

} // namespace xwarp::model
