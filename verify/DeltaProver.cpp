//===- verify/DeltaProver.cpp ---------------------------------------------===//
#include "verify/DeltaProver.h"

#include "verify/LinearDelta.h"
#include "verify/SolverInfo.h"

#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/ConstantRange.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/GetElementPtrTypeIterator.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Operator.h"

#include <z3++.h>

#include <chrono>
#include <fstream>
#include <optional>
#include <set>

using namespace llvm;

namespace xwarp::verify {

namespace {
/// Something the encoding does not model: the answer is Unknown.
struct Unmodelled {
  std::string What;
};

/// A value and the condition under which it is poison.
struct Encoded {
  z3::expr V;
  z3::expr Poison;
};

class IREncoder {
public:
  IREncoder(z3::context &C, const DataLayout &DL) : C(C), DL(DL) {}

  Encoded encode(const Value *V) {
    auto It = Memo.find(V);
    if (It != Memo.end())
      return It->second;
    Encoded E = compute(V);
    Memo.emplace(V, E);
    return E;
  }

  unsigned widthOf(Type *T) const {
    if (T->isIntegerTy())
      return T->getIntegerBitWidth();
    if (T->isPointerTy())
      return DL.getPointerSizeInBits(T->getPointerAddressSpace());
    throw Unmodelled{"a value of a non-integer, non-pointer type"};
  }

  /// Encodes V as an unknown value with an unknown poison condition (an
  /// over-approximation: whatever holds for all such values holds for V).
  void abstract(const Value *V) {
    std::string Name = "shared" + std::to_string(Memo.size());
    Memo.emplace(V, Encoded{C.bv_const(Name.c_str(), widthOf(V->getType())),
                            C.bool_const((Name + ".poison").c_str())});
  }

  /// The inputs: arguments, globals and opaque values, by name.
  const std::map<std::string, z3::expr> &inputs() const { return Inputs; }
  /// What is known of the inputs (their ranges).
  const std::vector<z3::expr> &facts() const { return Facts; }

  /// Whether V is computed by the encoding (else an input).
  static bool isComputed(const Value *V) {
    if (isa<Constant>(V) && !isa<GlobalValue>(V))
      return true;
    auto *O = dyn_cast<Operator>(V);
    if (!O || isa<PHINode>(V))
      return false;
    switch (O->getOpcode()) {
    case Instruction::Add: case Instruction::Sub: case Instruction::Mul:
    case Instruction::Shl: case Instruction::LShr: case Instruction::AShr:
    case Instruction::And: case Instruction::Or: case Instruction::Xor:
    case Instruction::UDiv: case Instruction::SDiv: case Instruction::URem: case Instruction::SRem:
    case Instruction::Trunc: case Instruction::ZExt: case Instruction::SExt:
    case Instruction::PtrToInt: case Instruction::IntToPtr: case Instruction::BitCast:
    case Instruction::AddrSpaceCast: case Instruction::GetElementPtr: case Instruction::Select:
    case Instruction::ICmp: case Instruction::Freeze:
      return true;
    default:
      return false;
    }
  }

private:
  z3::expr resize(const z3::expr &E, unsigned W) {
    unsigned From = E.get_sort().bv_size();
    if (From == W)
      return E;
    return From > W ? E.extract(W - 1, 0) : z3::zext(E, W - From);
  }
  z3::expr no() { return C.bool_val(false); }

  Encoded input(const Value *V) {
    std::string Name = V->hasName() ? V->getName().str() : "v" + std::to_string(Inputs.size());
    if (isa<GlobalValue>(V))
      Name = "@" + Name;
    else
      Name = "%" + Name;
    while (Inputs.count(Name))
      Name += "'";
    unsigned W = widthOf(V->getType());
    z3::expr X = C.bv_const(Name.c_str(), W);
    Inputs.emplace(Name, X);
    // What the IR states of an input's range (range attributes and metadata,
    // the special registers' bounds) holds wherever it is defined.
    if (V->getType()->isIntegerTy() && W <= 64) {
      ConstantRange R = computeConstantRange(V, /*ForSigned=*/false);
      if (!R.isFullSet() && !R.isEmptySet())
        Facts.push_back(z3::ult(X - C.bv_val(R.getLower().getZExtValue(), W),
                                C.bv_val((R.getUpper() - R.getLower()).getZExtValue(), W)));
    }
    // A global's bytes lie in the address space: @g + size does not pass
    // 2^W. (Sized globals only; a zero-sized one, such as extern dynamic
    // shared memory, states nothing.)
    if (auto *GV = dyn_cast<GlobalVariable>(V); GV && GV->getValueType()->isSized()) {
      uint64_t Size = DL.getTypeAllocSize(GV->getValueType()).getKnownMinValue();
      if (Size > 0 && (W == 64 || Size < (uint64_t(1) << W)))
        Facts.push_back(z3::ule(X, C.bv_val(0, W) - C.bv_val(Size, W)));
    }
    // Inputs are never undef or poison (kernel arguments are noundef).
    return {X, no()};
  }

  Encoded compute(const Value *V) {
    if (auto *CI = dyn_cast<ConstantInt>(V)) {
      if (CI->getBitWidth() > 64)
        throw Unmodelled{"an integer wider than 64 bits"};
      return {C.bv_val(CI->getZExtValue(), CI->getBitWidth()), no()};
    }
    if (isa<ConstantPointerNull>(V))
      return {C.bv_val(0, widthOf(V->getType())), no()};
    if (isa<UndefValue>(V))
      throw Unmodelled{"undef or poison"};
    if (!isComputed(V))
      return input(V);
    const auto *O = cast<Operator>(V);
    unsigned W = widthOf(V->getType());
    auto Op = [&](unsigned I) { return encode(O->getOperand(I)); };
    switch (O->getOpcode()) {
    case Instruction::Add:
    case Instruction::Sub:
    case Instruction::Mul:
      return arithmetic(O, Op(0), Op(1));
    case Instruction::Shl: {
      Encoded A = Op(0), B = Op(1);
      z3::expr R = z3::shl(A.V, B.V);
      z3::expr P = A.Poison || B.Poison || z3::uge(B.V, C.bv_val(W, W));
      auto *OB = cast<OverflowingBinaryOperator>(O);
      if (OB->hasNoSignedWrap())
        P = P || z3::ashr(R, B.V) != A.V;
      if (OB->hasNoUnsignedWrap())
        P = P || z3::lshr(R, B.V) != A.V;
      return {R, P};
    }
    case Instruction::LShr:
    case Instruction::AShr: {
      Encoded A = Op(0), B = Op(1);
      z3::expr R = O->getOpcode() == Instruction::LShr ? z3::lshr(A.V, B.V) : z3::ashr(A.V, B.V);
      z3::expr P = A.Poison || B.Poison || z3::uge(B.V, C.bv_val(W, W));
      if (cast<PossiblyExactOperator>(O)->isExact())
        P = P || z3::shl(R, B.V) != A.V;
      return {R, P};
    }
    case Instruction::And: {
      Encoded A = Op(0), B = Op(1);
      return {A.V & B.V, A.Poison || B.Poison};
    }
    case Instruction::Xor: {
      Encoded A = Op(0), B = Op(1);
      return {A.V ^ B.V, A.Poison || B.Poison};
    }
    case Instruction::Or: {
      Encoded A = Op(0), B = Op(1);
      z3::expr P = A.Poison || B.Poison;
      if (auto *I = dyn_cast<PossiblyDisjointInst>(O); I && I->isDisjoint())
        P = P || (A.V & B.V) != C.bv_val(0, W);
      return {A.V | B.V, P};
    }
    case Instruction::UDiv:
    case Instruction::URem:
    case Instruction::SDiv:
    case Instruction::SRem:
      return division(O, Op(0), Op(1));
    case Instruction::Trunc: {
      Encoded A = Op(0);
      z3::expr R = A.V.extract(W - 1, 0);
      z3::expr P = A.Poison;
      unsigned From = A.V.get_sort().bv_size();
      if (auto *T = dyn_cast<TruncInst>(O)) {
        if (T->hasNoUnsignedWrap())
          P = P || z3::zext(R, From - W) != A.V;
        if (T->hasNoSignedWrap())
          P = P || z3::sext(R, From - W) != A.V;
      }
      return {R, P};
    }
    case Instruction::ZExt: {
      Encoded A = Op(0);
      z3::expr P = A.Poison;
      if (auto *I = dyn_cast<PossiblyNonNegInst>(O); I && I->hasNonNeg())
        P = P || A.V < C.bv_val(0, A.V.get_sort().bv_size());
      return {z3::zext(A.V, W - A.V.get_sort().bv_size()), P};
    }
    case Instruction::SExt: {
      Encoded A = Op(0);
      return {z3::sext(A.V, W - A.V.get_sort().bv_size()), A.Poison};
    }
    case Instruction::PtrToInt:
    case Instruction::IntToPtr:
    case Instruction::BitCast:
    case Instruction::AddrSpaceCast: {
      // A model assumption: casts keep the address (widths adjusted).
      Encoded A = Op(0);
      return {resize(A.V, W), A.Poison};
    }
    case Instruction::GetElementPtr:
      return gep(cast<GEPOperator>(O));
    case Instruction::Select: {
      Encoded Cond = Op(0), T = Op(1), F = Op(2);
      z3::expr Pick = Cond.V == C.bv_val(1, 1);
      return {z3::ite(Pick, T.V, F.V), Cond.Poison || z3::ite(Pick, T.Poison, F.Poison)};
    }
    case Instruction::ICmp: {
      Encoded A = Op(0), B = Op(1);
      z3::expr R = compare(cast<CmpInst>(O)->getPredicate(), A.V, B.V);
      return {z3::ite(R, C.bv_val(1, 1), C.bv_val(0, 1)), A.Poison || B.Poison};
    }
    case Instruction::Freeze: {
      Encoded A = Op(0);
      Encoded Any = input(V);
      return {z3::ite(A.Poison, Any.V, A.V), no()};
    }
    default:
      return input(V);
    }
  }

  z3::expr compare(CmpInst::Predicate P, const z3::expr &A, const z3::expr &B) {
    switch (P) {
    case CmpInst::ICMP_EQ: return A == B;
    case CmpInst::ICMP_NE: return A != B;
    case CmpInst::ICMP_ULT: return z3::ult(A, B);
    case CmpInst::ICMP_ULE: return z3::ule(A, B);
    case CmpInst::ICMP_UGT: return z3::ugt(A, B);
    case CmpInst::ICMP_UGE: return z3::uge(A, B);
    case CmpInst::ICMP_SLT: return A < B;
    case CmpInst::ICMP_SLE: return A <= B;
    case CmpInst::ICMP_SGT: return A > B;
    default: return A >= B;
    }
  }

  /// Overflow of A op B at their width, signed or unsigned, computed exactly
  /// at double width.
  z3::expr overflows(unsigned Opcode, const z3::expr &A, const z3::expr &B, bool Signed) {
    unsigned W = A.get_sort().bv_size();
    auto Ext = [&](const z3::expr &X) { return Signed ? z3::sext(X, W) : z3::zext(X, W); };
    z3::expr Wide = Opcode == Instruction::Add   ? Ext(A) + Ext(B)
                    : Opcode == Instruction::Sub ? Ext(A) - Ext(B)
                                                 : Ext(A) * Ext(B);
    z3::expr Narrow = Wide.extract(W - 1, 0);
    return Ext(Narrow) != Wide;
  }

  Encoded arithmetic(const Operator *O, Encoded A, Encoded B) {
    unsigned Opc = O->getOpcode();
    z3::expr R = Opc == Instruction::Add ? A.V + B.V : Opc == Instruction::Sub ? A.V - B.V : A.V * B.V;
    z3::expr P = A.Poison || B.Poison;
    auto *OB = cast<OverflowingBinaryOperator>(O);
    if (OB->hasNoSignedWrap())
      P = P || overflows(Opc, A.V, B.V, true);
    if (OB->hasNoUnsignedWrap())
      P = P || overflows(Opc, A.V, B.V, false);
    return {R, P};
  }

  Encoded division(const Operator *O, Encoded A, Encoded B) {
    unsigned W = A.V.get_sort().bv_size();
    unsigned Opc = O->getOpcode();
    // Division by zero (and signed overflow) is undefined: counted as poison.
    z3::expr P = A.Poison || B.Poison || B.V == C.bv_val(0, W);
    bool Signed = Opc == Instruction::SDiv || Opc == Instruction::SRem;
    if (Signed)
      P = P || (A.V == C.bv_val(uint64_t(1) << (W - 1), W) && B.V == C.bv_val(~uint64_t(0), W));
    z3::expr R = Opc == Instruction::UDiv   ? z3::udiv(A.V, B.V)
                 : Opc == Instruction::URem ? z3::urem(A.V, B.V)
                 : Opc == Instruction::SDiv ? A.V / B.V
                                            : z3::srem(A.V, B.V);
    if (cast<PossiblyExactOperator>(O)->isExact() && (Opc == Instruction::UDiv || Opc == Instruction::SDiv))
      P = P || (Signed ? z3::srem(A.V, B.V) : z3::urem(A.V, B.V)) != C.bv_val(0, W);
    return {R, P};
  }

  /// base + sum(index * stride), with the GEP's flags as LangRef states them:
  /// nusw (implied by inbounds): index*stride and the running offset do not
  /// wrap signed, and address + offset does not wrap unsigned; nuw: none of
  /// them wraps unsigned. inbounds' "within an allocated object" is not
  /// modelled (assumed on the original, never shown for a rewrite).
  Encoded gep(const GEPOperator *G) {
    Encoded Base = encode(G->getPointerOperand());
    unsigned AS = G->getPointerAddressSpace();
    unsigned IW = DL.getIndexSizeInBits(AS);
    unsigned PW = DL.getPointerSizeInBits(AS);
    if (IW != PW)
      throw Unmodelled{"a pointer wider than its index"};
    if (G->getType()->isVectorTy())
      throw Unmodelled{"a vector GEP"};
    bool NUSW = G->hasNoUnsignedSignedWrap(), NUW = G->hasNoUnsignedWrap();
    z3::expr Offset = C.bv_val(0, IW);
    z3::expr P = Base.Poison;
    for (gep_type_iterator GTI = gep_type_begin(G), E = gep_type_end(G); GTI != E; ++GTI) {
      z3::expr Term = C.bv_val(0, IW);
      if (StructType *ST = GTI.getStructTypeOrNull()) {
        uint64_t Field = cast<ConstantInt>(GTI.getOperand())->getZExtValue();
        Term = C.bv_val(DL.getStructLayout(ST)->getElementOffset(Field), IW);
      } else {
        TypeSize Stride = GTI.getSequentialElementStride(DL);
        if (Stride.isScalable())
          throw Unmodelled{"a scalable GEP stride"};
        Encoded Idx = encode(GTI.getOperand());
        P = P || Idx.Poison;
        unsigned IdxW = Idx.V.get_sort().bv_size();
        z3::expr I = IdxW == IW ? Idx.V : IdxW < IW ? z3::sext(Idx.V, IW - IdxW) : Idx.V.extract(IW - 1, 0);
        if (IdxW > IW && (NUSW || NUW))
          P = P || z3::sext(I, IdxW - IW) != Idx.V; // the truncation must not lose bits
        z3::expr S = C.bv_val(Stride.getFixedValue(), IW);
        if (NUSW)
          P = P || overflows(Instruction::Mul, I, S, true);
        if (NUW)
          P = P || overflows(Instruction::Mul, I, S, false);
        Term = I * S;
      }
      if (NUSW)
        P = P || overflows(Instruction::Add, Offset, Term, true);
      if (NUW)
        P = P || overflows(Instruction::Add, Offset, Term, false);
      Offset = Offset + Term;
    }
    z3::expr Address = Base.V + Offset;
    if (NUSW) // unsigned address + signed offset
      P = P || z3::ite(Offset >= C.bv_val(0, IW), z3::ult(Address, Base.V), z3::ugt(Address, Base.V));
    if (NUW)
      P = P || z3::ult(Address, Base.V);
    return {Address, P};
  }

  z3::context &C;
  const DataLayout &DL;
  std::map<const Value *, Encoded> Memo;
  std::map<std::string, z3::expr> Inputs;
  std::vector<z3::expr> Facts;
};

/// The values V is computed from, down to the ones the encoding treats as
/// inputs (not IREncoder::isComputed), in the order of first visit.
void collectReached(const Value *V, std::set<const Value *> &Seen, std::vector<const Value *> &Order) {
  if (!Seen.insert(V).second)
    return;
  Order.push_back(V);
  if (!IREncoder::isComputed(V))
    return;
  if (auto *U = dyn_cast<User>(V))
    for (const Use &Op : U->operands())
      collectReached(Op.get(), Seen, Order);
}

/// The byte offset of a constant address into the global it is computed
/// from, when every inbounds step of the computation stays within the global
/// (one past its end included), as inbounds requires. Clang emits such
/// constants for a pointer moved off a shared array (`s + 26`).
std::optional<int64_t> inBoundsConstantOffset(const Value *V, const DataLayout &DL, uint64_t &Size) {
  if (auto *GV = dyn_cast<GlobalVariable>(V)) {
    if (!GV->getValueType()->isSized())
      return std::nullopt;
    Size = DL.getTypeAllocSize(GV->getValueType()).getKnownMinValue();
    return 0;
  }
  auto *G = dyn_cast<GEPOperator>(V);
  if (!G || !isa<Constant>(G))
    return std::nullopt;
  std::optional<int64_t> Base = inBoundsConstantOffset(G->getPointerOperand(), DL, Size);
  APInt Step(DL.getIndexTypeSizeInBits(G->getType()), 0);
  int64_t Offset;
  if (!Base || !G->accumulateConstantOffset(DL, Step) || Step.getSignificantBits() > 63 ||
      __builtin_add_overflow(*Base, Step.getSExtValue(), &Offset))
    return std::nullopt;
  if (G->isInBounds() && (*Base < 0 || Offset < 0 || static_cast<uint64_t>(Offset) > Size))
    return std::nullopt;
  return Offset;
}

/// Inbounds GEPs reached from V that are not among Known and not a constant
/// shown to stay within its global. (The no-wrap part of inbounds is in the
/// encoding; this is the "within the allocated object" part.)
const Value *unprovableInbounds(const Value *V, const std::set<const Value *> &Known,
                                const DataLayout &DL, std::set<const Value *> &Seen) {
  if (!Seen.insert(V).second || Known.count(V) || !IREncoder::isComputed(V))
    return nullptr;
  uint64_t Size;
  if (auto *G = dyn_cast<GEPOperator>(V); G && G->isInBounds() && !inBoundsConstantOffset(G, DL, Size))
    return V;
  if (auto *U = dyn_cast<User>(V))
    for (const Use &Op : U->operands())
      if (const Value *X = unprovableInbounds(Op.get(), Known, DL, Seen))
        return X;
  return nullptr;
}

/// V as it appears as an operand in the IR (`%x`, `%12`, a constant).
std::string operandText(const Value *V) {
  std::string S;
  raw_string_ostream OS(S);
  V->printAsOperand(OS, /*PrintType=*/false);
  return S;
}
} // namespace

struct DeltaProver::Impl {
  const DataLayout &DL;
  unsigned TimeoutMs;
  const DominatorTree *DT;
  unsigned SmtUnits;
};

DeltaProver::DeltaProver(const DataLayout &DL, unsigned TimeoutMs, const DominatorTree *DT, unsigned SmtUnits)
    : P(std::make_unique<Impl>(Impl{DL, TimeoutMs, DT, SmtUnits})) {}

/// The pointer a load, store or atomic accesses memory through.
static const Value *accessedPointer(const User *U) {
  if (auto *L = dyn_cast<LoadInst>(U))
    return L->getPointerOperand();
  if (auto *S = dyn_cast<StoreInst>(U))
    return S->getPointerOperand();
  if (auto *A = dyn_cast<AtomicRMWInst>(U))
    return A->getPointerOperand();
  if (auto *X = dyn_cast<AtomicCmpXchgInst>(U))
    return X->getPointerOperand();
  return nullptr;
}

std::set<const Value *> DeltaProver::checkedDefined(const Value *Original,
                                                    const std::set<const Value *> &Defined) const {
  std::set<const Value *> Out;
  const auto *At = dyn_cast<Instruction>(Original);
  if (!P->DT || !At)
    return Out;
  for (const Value *V : Defined)
    if (any_of(V->users(), [&](const User *U) {
          return accessedPointer(U) == V && P->DT->dominates(cast<Instruction>(U), At);
        }))
      Out.insert(V);
  return Out;
}
DeltaProver::~DeltaProver() = default;

bool DeltaProver::settle(const Value *Original, const Value *Rewritten,
                         const std::vector<const Value *> &Abstract,
                         const std::vector<const Value *> &Defined, DeltaProof &R) {
  // A context of its own (a few milliseconds; most rewrites never reach
  // the solver): Z3 reuses the ids of deleted terms, so in a shared context
  // a query's ids, and with them the solver's search, would depend on the
  // memory layout of the queries before it. One query took 15 ms or ran into
  // the timeout from one run to the next.
  z3::context Ctx;
  IREncoder Enc(Ctx, P->DL);
  for (const Value *V : Abstract)
    Enc.abstract(V);
  Encoded O = Enc.encode(Original), N = Enc.encode(Rewritten);
  unsigned W = std::max(O.V.get_sort().bv_size(), N.V.get_sort().bv_size());
  auto Wide = [W](const z3::expr &E) {
    unsigned From = E.get_sort().bv_size();
    return From == W ? E : z3::zext(E, W - From);
  };
  // Refinement: the original defined implies the rewrite defined and equal.
  z3::expr_vector Query(Ctx);
  Query.push_back(!O.Poison);
  for (const z3::expr &Fact : Enc.facts())
    Query.push_back(Fact);
  for (const Value *V : Defined)
    Query.push_back(!Enc.encode(V).Poison);
  Query.push_back(N.Poison || Wide(O.V) != Wide(N.V));
  auto Solver = [&](const char *Tactic, unsigned ResourceLimit) {
    z3::solver S = z3::tactic(Ctx, Tactic).mk_solver();
    z3::params Prm(Ctx);
    Prm.set("timeout", P->TimeoutMs);
    Prm.set("rlimit", ResourceLimit);
    S.set(Prm);
    S.add(Query);
    return S;
  };
  // The smt tactic answers most of these queries in a few milliseconds, but
  // on some it searches for seconds where bit-blasting (qfbv) takes 20 ms:
  // it gets a small budget of resource units first (counted work, so the
  // switch happens at the same point on every run and machine; the queries
  // seen take 3,000 to 50,000 units; the default 200,000 is about 100 ms).
  unsigned Full = resourceLimitFor(P->TimeoutMs);
  z3::solver S = Solver("smt", Full == 0 ? P->SmtUnits : std::min(P->SmtUnits, Full));
  if (std::string Path = dumpPath("delta"); !Path.empty())
    std::ofstream(Path) << S.to_smt2();
  z3::check_result Result = S.check();
  if (Result == z3::unknown) {
    S = Solver("qfbv", Full);
    Result = S.check();
  }
  switch (Result) {
  case z3::unsat:
    R.Status = model::ProofStatus::Proved;
    R.Reason = "the rewritten address equals the original wherever the original is defined";
    return true;
  case z3::sat: {
    R.Status = model::ProofStatus::Refuted;
    z3::model M = S.get_model();
    for (const auto &[Name, E] : Enc.inputs())
      R.Inputs[Name] = M.eval(E, true).get_numeral_uint64();
    bool Poison = M.eval(N.Poison, true).is_true();
    R.Reason = Poison ? "the rewritten address is poison where the original is not"
                      : "the rewritten address differs from the original";
    return true;
  }
  case z3::unknown:
    R.Reason = unknownReason(S.reason_unknown());
    return false;
  }
  return false;
}

std::string DeltaProver::precheck(const Value *Original, const Value *Rewritten,
                                  const std::set<const Value *> &Created,
                                  const std::set<const Value *> &Defined,
                                  std::vector<const Value *> &Shared,
                                  std::vector<const Value *> &Reached) {
  // The rewrite may use inputs only the original uses (others could be
  // poison where the original is not; arguments, globals and allocas never
  // are), and no inbounds GEP the original does not contain (its object
  // bounds cannot be shown).
  std::set<const Value *> SeenA, SeenB, SeenC;
  std::vector<const Value *> OrderA, OrderB;
  collectReached(Original, SeenA, OrderA);
  collectReached(Rewritten, SeenB, OrderB);
  bool Foreign = false, New = false;
  for (const Value *V : OrderB)
    if (!IREncoder::isComputed(V) && !SeenA.count(V) && !isa<Argument>(V) && !isa<GlobalValue>(V) &&
        !isa<AllocaInst>(V)) {
      Foreign = true;
      New |= Created.count(V) != 0;
    }
  if (Foreign)
    return std::string("the rewritten address depends on ") + (New ? "a new" : "another") +
           " value the original does not use";
  // The flags of a defined value (inbounds included) hold.
  std::set<const Value *> Known = SeenA;
  Known.insert(Defined.begin(), Defined.end());
  if (const Value *G = unprovableInbounds(Rewritten, Known, P->DL, SeenC))
    return "the rewritten address uses an inbounds GEP (" + operandText(G) +
           ") whose object bounds cannot be shown";
  // Computations both addresses share are abstracted first (each an unknown
  // value that may be poison): a proof of the abstraction is a proof, and it
  // spares the solver e.g. the products of a thread index. Both lists follow
  // the IR's operands, so every run asks the solver the same query.
  for (const Value *V : OrderA)
    if (SeenB.count(V) && !Created.count(V) && !isa<Constant>(V) && IREncoder::isComputed(V))
      Shared.push_back(V);
  Reached = std::move(OrderA);
  for (const Value *V : OrderB)
    if (!SeenA.count(V))
      Reached.push_back(V);
  return "";
}

DeltaProof DeltaProver::prove(const Value *Original, const Value *Rewritten,
                              const std::set<const Value *> &Created,
                              const std::set<const Value *> &Claimed) {
  auto Start = std::chrono::steady_clock::now();
  DeltaProof R;
  std::set<const Value *> Defined = checkedDefined(Original, Claimed);
  std::vector<const Value *> Shared, Reached;
  R.Reason = precheck(Original, Rewritten, Created, Defined, Shared, Reached);
  // The defined values the addresses are computed from (a fact about any
  // other would be about variables of its own), in the IR's order.
  std::vector<const Value *> DefinedReached;
  for (const Value *V : Reached)
    if (Defined.count(V))
      DefinedReached.push_back(V);
  if (R.Reason.empty() && linearlyEqual(Original, Rewritten, P->DL, Defined)) {
    R.Status = model::ProofStatus::Proved;
    R.Reason = "the rewritten address equals the original wherever the original is defined (linear forms)";
  } else if (R.Reason.empty()) {
    try {
      // Anything the abstraction does not prove is decided on the full encoding.
      if (Shared.empty() || !settle(Original, Rewritten, Shared, DefinedReached, R) ||
          R.Status != model::ProofStatus::Proved) {
        R = DeltaProof();
        settle(Original, Rewritten, {}, DefinedReached, R);
      }
    } catch (const Unmodelled &U) {
      R.Reason = "not modelled: " + U.What;
    } catch (const z3::exception &E) {
      R.Reason = std::string("solver error: ") + E.msg();
    }
  }
  R.Ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - Start).count();
  return R;
}

std::vector<DeltaProof> DeltaProver::proveAll(const std::vector<std::pair<const Value *, const Value *>> &Pairs,
                                              const std::set<const Value *> &Created,
                                              const std::set<const Value *> &Defined) {
  // One query per pair: a single query over a whole class (measured on the
  // synthetic kernels) is slower than its parts, and most pairs never reach
  // the solver (linear forms).
  std::vector<DeltaProof> Out;
  for (const auto &[Original, Rewritten] : Pairs)
    Out.push_back(prove(Original, Rewritten, Created, Defined));
  return Out;
}

} // namespace xwarp::verify
