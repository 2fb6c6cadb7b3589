//===- model/TermEval.cpp -------------------------------------------------===//
#include "model/TermEval.h"

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
    unsigned D = static_cast<unsigned>(T->dim());
    switch (T->kind()) {
    case TermKind::Const: return T->value();
    case TermKind::ThreadIdx: return Env.Tid.get(T->dim());
    case TermKind::BlockDim: return Env.Ntid.get(T->dim());
    case TermKind::BlockIdx: return Env.Ctaid[D];
    case TermKind::GridDim: return Env.Nctaid[D];
    case TermKind::Uniform: return lookup(Env.Uniform, T->value());
    case TermKind::PerThread: return lookup(Env.PerThread, T->value());
    case TermKind::LoopVariant: return lookup(Env.LoopVariant, T->value());
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

  const EvalEnv &Env;
  std::unordered_map<const Term *, std::optional<uint64_t>> Memo;
};
} // namespace

std::optional<uint64_t> evaluate(const Term *T, const EvalEnv &Env) {
  return Evaluator(Env).eval(T);
}

} // namespace xwarp::model
