//===- verify/Z3TermEncoder.cpp -------------------------------------------===//
#include "verify/Z3TermEncoder.h"

#include <algorithm>

namespace xwarp::verify {

using model::Dim;
using model::LeafDef;
using model::Term;
using model::TermKind;

static unsigned bitsFor(uint64_t Max) {
  unsigned Bits = 1;
  while (Bits < 64 && (Max >> Bits) != 0)
    ++Bits;
  return Bits;
}

/// A * B, or nullopt when it does not fit in 64 bits.
static std::optional<uint64_t> product(uint64_t A, uint64_t B) {
  unsigned __int128 P = static_cast<unsigned __int128>(A) * B;
  if (P >> 64)
    return std::nullopt;
  return static_cast<uint64_t>(P);
}

z3::expr Z3TermEncoder::var(const std::string &Name, unsigned Width) {
  std::string Key = Name + ":" + std::to_string(Width);
  auto It = Vars.find(Key);
  if (It != Vars.end())
    return It->second;
  z3::expr V = Ctx.bv_const(Key.c_str(), Width);
  Vars.emplace(Key, V);
  return V;
}

Z3TermEncoder::Bounded Z3TermEncoder::narrowVar(const std::string &Name, unsigned Width,
                                                uint64_t Max) {
  Max = std::min(Max, model::widthMask(Width));
  unsigned Bits = bitsFor(Max);
  if (Bits >= Width)
    return {var(Name, Width), Max};
  return {z3::zext(var(Name, Bits), Width - Bits), Max};
}

void Z3TermEncoder::boundLeaf(const Term *L, unsigned Event, uint64_t Max) {
  auto Key = std::make_pair(L, L->variance() == model::Variance::Uniform ? 0u : Event);
  auto [It, New] = LeafMax.emplace(Key, Max);
  if (!New)
    It->second = std::min(It->second, Max);
}

z3::expr Z3TermEncoder::resize(const z3::expr &E, unsigned Width) {
  unsigned W = E.get_sort().bv_size();
  if (W == Width)
    return E;
  return W > Width ? E.extract(Width - 1, 0) : z3::zext(E, Width - W);
}

z3::expr Z3TermEncoder::tid(unsigned Thread, Dim D) {
  return narrowVar(std::string("tid") + std::to_string(Thread) + "." + model::dimName(D), 32,
                   Bounds.maxDim(D) - 1)
      .E;
}

z3::expr Z3TermEncoder::ntid(Dim D) {
  return narrowVar(std::string("ntid.") + model::dimName(D), 32, Bounds.maxDim(D)).E;
}

z3::expr Z3TermEncoder::ctaid(Dim D) { return var(std::string("ctaid.") + model::dimName(D), 32); }

z3::expr Z3TermEncoder::nctaid(Dim D) { return var(std::string("nctaid.") + model::dimName(D), 32); }

Z3TermEncoder::Bounded Z3TermEncoder::multiply(const Bounded &A, const Bounded &B, unsigned W) {
  std::optional<uint64_t> Max = product(A.Max, B.Max);
  if (!Max || *Max > model::widthMask(W))
    return {A.E * B.E, model::widthMask(W)};
  unsigned Bits = bitsFor(*Max);
  if (Bits >= W)
    return {A.E * B.E, *Max};
  z3::expr Narrow = A.E.extract(Bits - 1, 0) * B.E.extract(Bits - 1, 0);
  return {z3::zext(Narrow, W - Bits), *Max};
}

Z3TermEncoder::Bounded Z3TermEncoder::value(const Term *T, unsigned Event) {
  auto Key = std::make_pair(T, T->variance() == model::Variance::Uniform ? 0u : Event);
  auto It = Memo.find(Key);
  if (It != Memo.end())
    return It->second;
  Bounded B = compute(T, Event);
  Memo.emplace(Key, B);
  return B;
}

Z3TermEncoder::Bounded Z3TermEncoder::compute(const Term *T, unsigned Event) {
  unsigned W = T->width();
  uint64_t Mask = model::widthMask(W);
  switch (T->kind()) {
  case TermKind::Const:
    return {Ctx.bv_val(static_cast<uint64_t>(T->value()), W), T->value()};
  case TermKind::ThreadIdx:
    return {resize(tid(Event, T->dim()), W), std::min<uint64_t>(Bounds.maxDim(T->dim()) - 1, Mask)};
  case TermKind::BlockDim:
    return {resize(ntid(T->dim()), W), std::min<uint64_t>(Bounds.maxDim(T->dim()), Mask)};
  case TermKind::BlockIdx:
    return {resize(ctaid(T->dim()), W), Mask};
  case TermKind::GridDim:
    return {resize(nctaid(T->dim()), W), Mask};
  case TermKind::Uniform:
  case TermKind::PerThread:
  case TermKind::LoopVariant:
    return leaf(T, Event);
  case TermKind::Add: {
    Bounded A = value(T->operand(0), Event), B = value(T->operand(1), Event);
    uint64_t Max = A.Max > Mask - B.Max ? Mask : A.Max + B.Max;
    return {A.E + B.E, Max};
  }
  case TermKind::Mul:
    return multiply(value(T->operand(0), Event), value(T->operand(1), Event), W);
  case TermKind::Shl: {
    Bounded A = value(T->operand(0), Event);
    const Term *Amount = T->operand(1);
    if (Amount->isConst() && Amount->value() < W) {
      Bounded Scale{Ctx.bv_val(uint64_t(1) << Amount->value(), W), uint64_t(1) << Amount->value()};
      return multiply(A, Scale, W);
    }
    return {z3::shl(A.E, value(Amount, Event).E), Mask};
  }
  case TermKind::ZExt: {
    Bounded A = value(T->operand(0), Event);
    return {z3::zext(A.E, W - T->operand(0)->width()), A.Max};
  }
  case TermKind::SExt: {
    Bounded A = value(T->operand(0), Event);
    unsigned From = T->operand(0)->width();
    // A value below the sign bit extends with zeros.
    if (A.Max < (uint64_t(1) << (From - 1)))
      return {z3::zext(A.E, W - From), A.Max};
    return {z3::sext(A.E, W - From), Mask};
  }
  case TermKind::Trunc: {
    Bounded A = value(T->operand(0), Event);
    return {A.E.extract(W - 1, 0), std::min(A.Max, Mask)};
  }
  }
  return {Ctx.bv_val(0, W), 0};
}

Z3TermEncoder::Bounded Z3TermEncoder::leaf(const Term *T, unsigned Event) {
  unsigned W = T->width();
  uint64_t Mask = model::widthMask(W);
  if (T->definition() != LeafDef::None) {
    Bounded A = value(T->definitionOperands()[0], Event);
    Bounded B = value(T->definitionOperands()[1], Event);
    auto Bit = [&](const z3::expr &Holds) {
      return Bounded{z3::ite(Holds, Ctx.bv_val(1, 1), Ctx.bv_val(0, 1)), 1};
    };
    switch (T->definition()) {
    case LeafDef::CmpEQ: return Bit(A.E == B.E);
    case LeafDef::CmpNE: return Bit(A.E != B.E);
    case LeafDef::CmpULT: return Bit(z3::ult(A.E, B.E));
    case LeafDef::CmpULE: return Bit(z3::ule(A.E, B.E));
    case LeafDef::CmpSLT: return Bit(A.E < B.E);
    case LeafDef::CmpSLE: return Bit(A.E <= B.E);
    case LeafDef::Select: {
      Bounded C = value(T->definitionOperands()[2], Event);
      return {z3::ite(A.E == Ctx.bv_val(1, 1), B.E, C.E), std::max(B.Max, C.Max)};
    }
    case LeafDef::And: return {A.E & B.E, std::min(A.Max, B.Max)};
    case LeafDef::Or: return {A.E | B.E, Mask};
    case LeafDef::Xor: return {A.E ^ B.E, Mask};
    case LeafDef::LShr: return {z3::lshr(A.E, B.E), A.Max};
    case LeafDef::AShr: return {z3::ashr(A.E, B.E), Mask};
    case LeafDef::Shl: return {z3::shl(A.E, B.E), Mask};
    case LeafDef::UDiv: return {z3::udiv(A.E, B.E), Mask};
    case LeafDef::URem: return {z3::urem(A.E, B.E), Mask};
    case LeafDef::SDiv: return {A.E / B.E, Mask};
    case LeafDef::SRem: return {z3::srem(A.E, B.E), Mask};
    case LeafDef::None: break;
    }
  }
  // Named by creation order (a leaf's key is an address): Z3 sees the same
  // names on every run.
  std::string Id = std::to_string(T->id());
  unsigned Instance = T->kind() == TermKind::Uniform ? 0 : Event;
  auto Bound = LeafMax.find({T, Instance});
  uint64_t Max = Bound == LeafMax.end() ? Mask : Bound->second;
  Bounded V = T->kind() == TermKind::Uniform     ? narrowVar("u" + Id, W, Max)
              : T->kind() == TermKind::PerThread ? narrowVar("p" + std::to_string(Event) + "_" + Id, W, Max)
                                                 : narrowVar("l" + std::to_string(Event) + "_" + Id, W, Max);
  if (T->kind() == TermKind::Uniform)
    Uniforms.emplace(T->name(), V.E);
  LeafVars.emplace(std::make_pair(T, Instance), V.E);
  return V;
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

z3::expr Z3TermEncoder::launch() {
  const model::LaunchBounds &B = Bounds;
  z3::expr C = Ctx.bool_val(true);
  z3::expr Differ = Ctx.bool_val(false);
  uint64_t MaxProduct = 1;
  for (Dim D : model::AllDims) {
    z3::expr N = ntid(D);
    if (B.isExact(D))
      C = C && N == Ctx.bv_val(B.minDim(D), 32);
    else
      C = C && z3::uge(N, Ctx.bv_val(B.minDim(D), 32)) && z3::ule(N, Ctx.bv_val(B.maxDim(D), 32));
    MaxProduct *= B.maxDim(D);
    for (unsigned T = 0; T < 2; ++T)
      C = C && z3::ult(tid(T, D), N);
    Differ = Differ || tid(0, D) != tid(1, D);
    // A collision only a grid no GPU launches would be a false refutation.
    C = C && z3::ult(ctaid(D), nctaid(D)) &&
        z3::ule(nctaid(D), Ctx.bv_val(model::LaunchBounds::CudaMaxGridDim[static_cast<unsigned>(D)], 32));
  }
  // The thread count: each dimension is at most 1024, so 32-bit products
  // cannot wrap; a product the per-dimension bounds already imply is left out.
  if (MaxProduct > B.maxThreads()) {
    z3::expr Threads = ntid(Dim::X) * ntid(Dim::Y) * ntid(Dim::Z);
    C = C && z3::ule(Threads, Ctx.bv_val(B.maxThreads(), 32));
  }
  return C && Differ;
}

} // namespace xwarp::verify
