//===- verify/Z3TermEncoder.cpp -------------------------------------------===//
#include "verify/Z3TermEncoder.h"

namespace xwarp::verify {

using model::Dim;
using model::Term;
using model::TermKind;

z3::expr Z3TermEncoder::var(const std::string &Name, unsigned Width) {
  std::string Key = Name + ":" + std::to_string(Width);
  auto It = Vars.find(Key);
  if (It != Vars.end())
    return It->second;
  z3::expr V = Ctx.bv_const(Key.c_str(), Width);
  Vars.emplace(Key, V);
  return V;
}

z3::expr Z3TermEncoder::resize(const z3::expr &E, unsigned Width) {
  unsigned W = E.get_sort().bv_size();
  if (W == Width)
    return E;
  return W > Width ? E.extract(Width - 1, 0) : z3::zext(E, Width - W);
}

z3::expr Z3TermEncoder::tid(unsigned Thread, Dim D) {
  return var(std::string("tid") + std::to_string(Thread) + "." + model::dimName(D), 32);
}

z3::expr Z3TermEncoder::ntid(Dim D) { return var(std::string("ntid.") + model::dimName(D), 32); }

z3::expr Z3TermEncoder::term(const Term *T, unsigned Event) {
  auto Key = std::make_pair(T, T->variance() == model::Variance::Uniform ? 0u : Event);
  auto It = Memo.find(Key);
  if (It != Memo.end())
    return It->second;
  unsigned W = T->width();
  std::string Id = std::to_string(T->value());
  z3::expr E = Ctx.bv_val(0, W);
  switch (T->kind()) {
  case TermKind::Const:
    E = Ctx.bv_val(static_cast<uint64_t>(T->value()), W);
    break;
  case TermKind::ThreadIdx:
    E = resize(tid(Event, T->dim()), W);
    break;
  case TermKind::BlockDim:
    E = resize(ntid(T->dim()), W);
    break;
  case TermKind::BlockIdx:
    E = resize(var(std::string("ctaid.") + model::dimName(T->dim()), 32), W);
    break;
  case TermKind::GridDim:
    E = resize(var(std::string("nctaid.") + model::dimName(T->dim()), 32), W);
    break;
  case TermKind::Uniform:
    E = var("u" + Id, W);
    Uniforms.emplace(T->name(), E);
    break;
  case TermKind::PerThread:
    E = var("p" + std::to_string(Event) + "_" + Id, W);
    break;
  case TermKind::LoopVariant:
    E = var("l" + std::to_string(Event) + "_" + Id, W);
    break;
  case TermKind::Add:
    E = term(T->operand(0), Event) + term(T->operand(1), Event);
    break;
  case TermKind::Mul:
    E = term(T->operand(0), Event) * term(T->operand(1), Event);
    break;
  case TermKind::Shl:
    E = z3::shl(term(T->operand(0), Event), term(T->operand(1), Event));
    break;
  case TermKind::ZExt:
    E = z3::zext(term(T->operand(0), Event), W - T->operand(0)->width());
    break;
  case TermKind::SExt:
    E = z3::sext(term(T->operand(0), Event), W - T->operand(0)->width());
    break;
  case TermKind::Trunc:
    E = term(T->operand(0), Event).extract(W - 1, 0);
    break;
  }
  Memo.emplace(Key, E);
  return E;
}

z3::expr Z3TermEncoder::guard(const model::Guard &G, unsigned Event) {
  z3::expr L = term(G.L, Event), R = term(G.R, Event);
  using model::CmpPred;
  switch (G.Pred) {
  case CmpPred::EQ: return L == R;
  case CmpPred::NE: return L != R;
  case CmpPred::ULT: return z3::ult(L, R);
  case CmpPred::ULE: return z3::ule(L, R);
  case CmpPred::UGT: return z3::ugt(L, R);
  case CmpPred::UGE: return z3::uge(L, R);
  case CmpPred::SLT: return L < R;
  case CmpPred::SLE: return L <= R;
  case CmpPred::SGT: return L > R;
  case CmpPred::SGE: return L >= R;
  }
  return Ctx.bool_val(true);
}

z3::expr Z3TermEncoder::launch(const model::LaunchBounds &B) {
  z3::expr C = Ctx.bool_val(true);
  z3::expr Threads = Ctx.bv_val(1, 64);
  z3::expr Differ = Ctx.bool_val(false);
  for (Dim D : model::AllDims) {
    z3::expr N = ntid(D);
    C = C && z3::uge(N, Ctx.bv_val(B.minDim(D), 32)) && z3::ule(N, Ctx.bv_val(B.maxDim(D), 32));
    Threads = Threads * z3::zext(N, 32);
    for (unsigned T = 0; T < 2; ++T)
      C = C && z3::ult(tid(T, D), N);
    Differ = Differ || tid(0, D) != tid(1, D);
    z3::expr Cta = var(std::string("ctaid.") + model::dimName(D), 32);
    z3::expr Grid = var(std::string("nctaid.") + model::dimName(D), 32);
    C = C && z3::ult(Cta, Grid);
  }
  return C && z3::ule(Threads, Ctx.bv_val(B.maxThreads(), 64)) && Differ;
}

} // namespace xwarp::verify
