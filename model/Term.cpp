//===- model/Term.cpp - Term construction, folding and printing ----------===//
#include "model/Term.h"

#include <algorithm>
#include <cassert>

namespace xwarp::model {

int64_t Term::signedValue() const {
  if (Width >= 64 || Width == 0)
    return static_cast<int64_t>(Value);
  uint64_t Sign = uint64_t(1) << (Width - 1);
  return static_cast<int64_t>((Value ^ Sign) - Sign);
}

static const char *opSymbol(TermKind K) {
  switch (K) {
  case TermKind::Add: return " + ";
  case TermKind::Mul: return " * ";
  case TermKind::Shl: return " << ";
  default: return "?";
  }
}

std::string Term::str() const {
  auto DimSuffix = [this](const char *Base) {
    return std::string(Base) + "." + dimName(dim());
  };
  switch (Kind) {
  case TermKind::Const:
    return std::to_string(signedValue());
  case TermKind::ThreadIdx: return DimSuffix("tid");
  case TermKind::BlockDim: return DimSuffix("ntid");
  case TermKind::BlockIdx: return DimSuffix("ctaid");
  case TermKind::GridDim: return DimSuffix("nctaid");
  case TermKind::Uniform:
  case TermKind::PerThread:
  case TermKind::LoopVariant:
    return Name;
  case TermKind::Add:
  case TermKind::Mul:
  case TermKind::Shl:
    return "(" + Ops[0]->str() + opSymbol(Kind) + Ops[1]->str() + ")";
  case TermKind::ZExt:
    return "zext" + std::to_string(Width) + "(" + Ops[0]->str() + ")";
  case TermKind::SExt:
    return "sext" + std::to_string(Width) + "(" + Ops[0]->str() + ")";
  case TermKind::Trunc:
    return "trunc" + std::to_string(Width) + "(" + Ops[0]->str() + ")";
  }
  return "?";
}

const Term *TermContext::make(TermKind K, unsigned Width, uint64_t Value,
                              const std::string &Name, std::initializer_list<const Term *> Ops,
                              Variance LeafVariance) {
  assert(Width > 0 && Width <= 64 && "terms are 1..64 bits wide");
  // FNV-1a over the fields; operands by id.
  uint64_t H = 1469598103934665603ULL;
  auto Mix = [&H](uint64_t X) {
    H ^= X;
    H *= 1099511628211ULL;
  };
  Mix(static_cast<uint64_t>(K));
  Mix(Width);
  Mix(Value);
  Mix(std::hash<std::string>()(Name));
  for (const Term *Op : Ops)
    Mix(Op->id());
  auto [Begin, End] = Unique.equal_range(H);
  for (auto It = Begin; It != End; ++It) {
    const Term *T = It->second;
    if (T->Kind == K && T->Width == Width && T->Value == Value && T->Name == Name &&
        std::equal(T->Ops.begin(), T->Ops.end(), Ops.begin(), Ops.end()))
      return T;
  }
  Variance V = Ops.size() == 0 ? LeafVariance : Variance::Uniform;
  for (const Term *Op : Ops)
    V = std::max(V, Op->variance());
  Term &T = Nodes.emplace_back(Term());
  T.Kind = K;
  T.Width = Width;
  T.Value = Value;
  T.Name = Name;
  T.Ops.assign(Ops.begin(), Ops.end());
  T.Var = V;
  T.Id = static_cast<unsigned>(Nodes.size() - 1);
  Unique.emplace(H, &T);
  return &T;
}

const Term *TermContext::leaf(TermKind K, unsigned Width, uint64_t Value,
                              const std::string &Name, Variance V) {
  return make(K, Width, Value, Name, {}, V);
}

const Term *TermContext::constant(unsigned Width, uint64_t V) {
  return leaf(TermKind::Const, Width, V & widthMask(Width), "", Variance::Uniform);
}

const Term *TermContext::threadIdx(Dim D, unsigned Width) {
  return leaf(TermKind::ThreadIdx, Width, static_cast<uint64_t>(D), "", Variance::PerThread);
}
const Term *TermContext::blockDim(Dim D, unsigned Width) {
  return leaf(TermKind::BlockDim, Width, static_cast<uint64_t>(D), "", Variance::Uniform);
}
const Term *TermContext::blockIdx(Dim D, unsigned Width) {
  return leaf(TermKind::BlockIdx, Width, static_cast<uint64_t>(D), "", Variance::Uniform);
}
const Term *TermContext::gridDim(Dim D, unsigned Width) {
  return leaf(TermKind::GridDim, Width, static_cast<uint64_t>(D), "", Variance::Uniform);
}
const Term *TermContext::uniform(uint64_t Key, const std::string &Name, unsigned Width) {
  return leaf(TermKind::Uniform, Width, Key, Name, Variance::Uniform);
}
const Term *TermContext::perThread(uint64_t Key, const std::string &Name, unsigned Width) {
  return leaf(TermKind::PerThread, Width, Key, Name, Variance::PerThread);
}
const Term *TermContext::loopVariant(uint64_t Key, const std::string &Name, unsigned Width) {
  return leaf(TermKind::LoopVariant, Width, Key, Name, Variance::LoopVariant);
}

const Term *TermContext::unknown(Variance V, uint64_t Key, const std::string &Name, unsigned Width) {
  switch (V) {
  case Variance::Uniform: return uniform(Key, Name, Width);
  case Variance::PerThread: return perThread(Key, Name, Width);
  case Variance::LoopVariant: break;
  }
  return loopVariant(Key, Name, Width);
}

void TermContext::define(const Term *L, LeafDef Op, const Term *A, const Term *B) { define(L, Op, {A, B}); }

void TermContext::define(const Term *L, LeafDef Op, const Term *A, const Term *B, const Term *C) {
  define(L, Op, {A, B, C});
}

void TermContext::define(const Term *L, LeafDef Op, const std::vector<const Term *> &Ops) {
  assert(L->isLeaf() && (L->kind() == TermKind::Uniform || L->kind() == TermKind::PerThread ||
                         L->kind() == TermKind::LoopVariant));
  assert(Ops.size() == (Op == LeafDef::Select ? 3u : 2u) && "a definition's operand count");
  // Terms are immutable to their users; only the owning context completes
  // a leaf it just created.
  Term &T = const_cast<Term &>(*L);
  if (T.Def != LeafDef::None)
    return;
  T.Def = Op;
  T.DefOps = Ops;
}

const Term *TermContext::redefined(const Term *T, const std::vector<const Term *> &Ops) {
  auto [It, New] = Redefined.try_emplace({T, Ops}, nullptr);
  if (!New)
    return It->second;
  Variance V = Variance::Uniform;
  for (const Term *Op : Ops)
    V = std::max(V, Op->variance());
  const Term *L = unknown(V, reinterpret_cast<uintptr_t>(&It->second), T->name(), T->width());
  define(L, T->definition(), Ops);
  return It->second = L;
}

// Commutative operands: non-constants by id, the constant last.
static void orderCommutative(const Term *&A, const Term *&B) {
  bool Swap = A->isConst() ? !B->isConst() : (!B->isConst() && B->id() < A->id());
  if (Swap)
    std::swap(A, B);
}

const Term *TermContext::add(const Term *A, const Term *B) {
  assert(A->width() == B->width() && "add of different widths");
  unsigned W = A->width();
  if (A->isConst() && B->isConst())
    return constant(W, A->value() + B->value());
  orderCommutative(A, B);
  if (B->isConst(0))
    return A;
  // (x + c1) + c2 -> x + (c1 + c2): keeps affine offsets in one constant.
  if (B->isConst() && A->kind() == TermKind::Add && A->operand(1)->isConst())
    return add(A->operand(0), constant(W, A->operand(1)->value() + B->value()));
  return make(TermKind::Add, W, 0, "", {A, B}, Variance::Uniform);
}

const Term *TermContext::mul(const Term *A, const Term *B) {
  assert(A->width() == B->width() && "mul of different widths");
  unsigned W = A->width();
  if (A->isConst() && B->isConst())
    return constant(W, A->value() * B->value());
  orderCommutative(A, B);
  if (B->isConst(0))
    return B;
  if (B->isConst(1))
    return A;
  return make(TermKind::Mul, W, 0, "", {A, B}, Variance::Uniform);
}

const Term *TermContext::shl(const Term *A, const Term *B) {
  assert(A->width() == B->width() && "shl of different widths");
  unsigned W = A->width();
  if (B->isConst()) {
    if (B->value() >= W)
      return constant(W, 0); // poison in the IR; any value is a refinement
    if (A->isConst())
      return constant(W, A->value() << B->value());
    if (B->value() == 0)
      return A;
  }
  return make(TermKind::Shl, W, 0, "", {A, B}, Variance::Uniform);
}

const Term *TermContext::zext(const Term *A, unsigned Width) {
  assert(Width > A->width());
  if (A->isConst())
    return constant(Width, A->value());
  return make(TermKind::ZExt, Width, 0, "", {A}, Variance::Uniform);
}

const Term *TermContext::sext(const Term *A, unsigned Width) {
  assert(Width > A->width());
  if (A->isConst())
    return constant(Width, static_cast<uint64_t>(A->signedValue()));
  return make(TermKind::SExt, Width, 0, "", {A}, Variance::Uniform);
}

const Term *TermContext::trunc(const Term *A, unsigned Width) {
  assert(Width < A->width());
  if (A->isConst())
    return constant(Width, A->value());
  // trunc(ext(x)) back to x's width is x.
  if ((A->kind() == TermKind::ZExt || A->kind() == TermKind::SExt) &&
      A->operand(0)->width() == Width)
    return A->operand(0);
  return make(TermKind::Trunc, Width, 0, "", {A}, Variance::Uniform);
}

const Term *TermContext::resize(const Term *A, unsigned Width, bool Signed) {
  if (A->width() == Width)
    return A;
  if (A->width() > Width)
    return trunc(A, Width);
  return Signed ? sext(A, Width) : zext(A, Width);
}

bool containsKind(const Term *T, TermKind K) {
  if (T->kind() == K)
    return true;
  for (const Term *Op : T->operands())
    if (containsKind(Op, K))
      return true;
  return false;
}

void collectLeaves(const Term *T, std::set<const Term *, TermIdLess> &Out) {
  switch (T->kind()) {
  case TermKind::Uniform:
  case TermKind::PerThread:
  case TermKind::LoopVariant:
    if (T->definition() == LeafDef::None) {
      Out.insert(T);
      return;
    }
    for (const Term *Op : T->definitionOperands())
      collectLeaves(Op, Out);
    return;
  default:
    for (const Term *Op : T->operands())
      collectLeaves(Op, Out);
  }
}

bool containsTerm(const Term *T, const Term *X) {
  if (T == X)
    return true;
  for (const Term *Op : T->operands())
    if (containsTerm(Op, X))
      return true;
  for (const Term *Op : T->definitionOperands())
    if (containsTerm(Op, X))
      return true;
  return false;
}

bool mentionsThreadIdx(const Term *T) { return containsKind(T, TermKind::ThreadIdx); }

} // namespace xwarp::model
