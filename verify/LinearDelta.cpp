//===- verify/LinearDelta.cpp ---------------------------------------------===//
#include "verify/LinearDelta.h"

#include "verify/IREncoder.h"

#include "llvm/ADT/APInt.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/ConstantRange.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/GetElementPtrTypeIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Operator.h"

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

using namespace llvm;

namespace xwarp::verify {

namespace {
/// C + sum(coefficient * monomial), modulo 2^W: a polynomial over leaves
/// (products of address operands appear in tiled and strided indices).
/// Leaves are keyed structurally (an input by identity, an extension by its
/// kind and operand's form), so that a copy of a computation reads like the
/// computation.
struct Form {
  /// Leaf keys, sorted: a product of leaves.
  using Monomial = std::vector<std::string>;
  /// Terms beyond which a product is not multiplied out.
  static constexpr size_t MaxTerms = 32;

  APInt C;
  std::map<Monomial, APInt> Coef;

  unsigned width() const { return C.getBitWidth(); }
  void addTerm(const Monomial &M, const APInt &V) {
    if (V.isZero())
      return;
    auto [It, New] = Coef.try_emplace(M, APInt(width(), 0));
    It->second += V;
    if (It->second.isZero())
      Coef.erase(It);
  }
  void add(const Form &O, bool Negate = false) {
    C += Negate ? -O.C : O.C;
    for (const auto &[K, V] : O.Coef)
      addTerm(K, Negate ? -V : V);
  }
  void scale(const APInt &K) {
    C *= K;
    for (auto It = Coef.begin(); It != Coef.end();) {
      It->second *= K;
      It = It->second.isZero() ? Coef.erase(It) : std::next(It);
    }
  }
  /// This * O, multiplied out; false (unchanged) if it would be too large.
  bool multiply(const Form &O) {
    if ((Coef.size() + 1) * (O.Coef.size() + 1) > MaxTerms)
      return false;
    Form R{C * O.C, {}};
    for (const auto &[K, V] : Coef)
      R.addTerm(K, V * O.C);
    for (const auto &[K, V] : O.Coef)
      R.addTerm(K, V * C);
    for (const auto &[K1, V1] : Coef)
      for (const auto &[K2, V2] : O.Coef) {
        Monomial M = K1;
        M.insert(M.end(), K2.begin(), K2.end());
        std::sort(M.begin(), M.end());
        R.addTerm(M, V1 * V2);
      }
    *this = std::move(R);
    return true;
  }
  std::string key() const {
    auto Hex = [](const APInt &X) {
      SmallString<20> S;
      X.toString(S, 16, /*Signed=*/false);
      return std::string(S);
    };
    // The width is part of the value: an i16 and an i32 form of the same
    // leaves differ once extended.
    std::string S = "i" + std::to_string(width()) + ":" + Hex(C);
    for (const auto &[K, V] : Coef) {
      S += "+" + Hex(V);
      for (const std::string &L : K)
        S += "*" + L;
    }
    return S;
  }
  bool operator==(const Form &O) const {
    return width() == O.width() && C == O.C && Coef == O.Coef;
  }
};

Form constant(const APInt &C) { return Form{C, {}}; }
Form leaf(const std::string &Key, unsigned W) {
  Form F{APInt(W, 0), {}};
  F.Coef.emplace(Form::Monomial{Key}, APInt(W, 1));
  return F;
}

class Reader {
public:
  /// Original: the flags of every node are assumptions. Rewritten: a node
  /// with a poison flag must be one of Shared (the original's own nodes).
  Reader(const DataLayout &DL, bool Original, const std::set<const Value *> *Shared = nullptr)
      : DL(DL), Original(Original), Shared(Shared) {}

  /// The original's nodes whose poison reaches the address (so their flags
  /// hold wherever the original is defined).
  std::set<const Value *> Seen;

  /// Whether no node of Root's computation but a trusted one can make
  /// poison of defined operands (a flag its operands' ranges do not show, a
  /// shift by an amount that may reach the width). A form drops a term whose
  /// coefficient cancels (x - x, x * 0), and with it that term's poison: the
  /// forms alone cannot show the rewrite defined. Inputs are PoisonInputs'
  /// concern; a phi of one value is that value, as the encoding reads it.
  bool makesNoPoison(const Value *Root) {
    SmallVector<const Value *, 16> Work{Root};
    std::set<const Value *> Visited;
    while (!Work.empty()) {
      const Value *V = IREncoder::mergedValue(Work.pop_back_val());
      if (!Visited.insert(V).second || (Shared && Shared->count(V)))
        continue;
      if (Visited.size() > MaxWalk)
        return false;
      if (isa<ConstantExpr>(V) && cast<Operator>(V)->hasPoisonGeneratingFlags())
        return false;
      auto *I = dyn_cast<Instruction>(V);
      if (!I || !IREncoder::isComputed(I))
        continue;
      if (canCreateUndefOrPoison(cast<Operator>(I), /*ConsiderFlagsAndMetadata=*/false) ||
          (I->hasPoisonGeneratingAnnotations() && !trusted(I)))
        return false;
      Work.append(I->op_begin(), I->op_end());
    }
    return true;
  }

  /// V's form, or null outside the fragment. The form lives in the memo
  /// (node-stable): readers copy only the forms they change.
  const Form *read(const Value *V) {
    auto It = Memo.find(V);
    if (It == Memo.end())
      It = Memo.emplace(V, compute(V)).first;
    return It->second ? &*It->second : nullptr;
  }

private:
  std::optional<unsigned> width(Type *T) const {
    if (T->isIntegerTy())
      return T->getIntegerBitWidth();
    if (T->isPointerTy())
      return DL.getPointerSizeInBits(T->getPointerAddressSpace());
    return std::nullopt;
  }

  /// Whether V's own flags may be relied on: the original's, and a
  /// rewrite's where its operands' ranges show them.
  bool trusted(const Value *V) {
    if (Original || (Shared && Shared->count(V)))
      return true;
    auto *I = dyn_cast<Instruction>(V);
    return I && flagsFollowFromRanges(*I);
  }

  /// Whether I's poison flags hold whenever its operands are defined, by the
  /// ranges of values its operands can take (SCEVExpander puts nuw and nsw
  /// on an i64 add of a zero-extended i32: it cannot wrap). Metadata and
  /// other flags (disjoint, exact, inbounds) are not shown.
  bool flagsFollowFromRanges(const Instruction &I) {
    if (I.hasPoisonGeneratingMetadata() || !I.getType()->isIntegerTy())
      return false;
    unsigned W = I.getType()->getIntegerBitWidth();
    using OR = ConstantRange::OverflowResult;
    if (auto *OB = dyn_cast<OverflowingBinaryOperator>(&I)) {
      ConstantRange A = range(I.getOperand(0)), B = range(I.getOperand(1));
      bool NUW = OB->hasNoUnsignedWrap(), NSW = OB->hasNoSignedWrap();
      switch (I.getOpcode()) {
      case Instruction::Add:
        return (!NUW || A.unsignedAddMayOverflow(B) == OR::NeverOverflows) &&
               (!NSW || A.signedAddMayOverflow(B) == OR::NeverOverflows);
      case Instruction::Sub:
        return (!NUW || A.unsignedSubMayOverflow(B) == OR::NeverOverflows) &&
               (!NSW || A.signedSubMayOverflow(B) == OR::NeverOverflows);
      case Instruction::Mul: {
        // The signed product, exact in twice the width, must fit W bits.
        ConstantRange Wide = A.signExtend(2 * W).multiply(B.signExtend(2 * W));
        return (!NUW || A.unsignedMulMayOverflow(B) == OR::NeverOverflows) &&
               (!NSW || std::max(Wide.getSignedMin().getSignificantBits(),
                                 Wide.getSignedMax().getSignificantBits()) <= W);
      }
      case Instruction::Shl: {
        // nuw: no set bit is shifted out; nsw: none that differs from the
        // result's sign bit (the operand has more than K sign bits).
        const APInt *K = B.getSingleElement();
        if (!K || K->uge(W))
          return false;
        unsigned Shift = K->getZExtValue();
        return (!NUW || A.getUnsignedMax().countl_zero() >= Shift) &&
               (!NSW || std::min(A.getSignedMin().getNumSignBits(), A.getSignedMax().getNumSignBits()) > Shift);
      }
      default:
        return false;
      }
    }
    if (auto *Z = dyn_cast<ZExtInst>(&I))
      return !Z->hasNonNeg() || range(Z->getOperand(0)).isAllNonNegative();
    if (auto *T = dyn_cast<TruncInst>(&I)) {
      ConstantRange A = range(T->getOperand(0));
      return (!T->hasNoUnsignedWrap() || A.getUnsignedMax().getActiveBits() <= W) &&
             (!T->hasNoSignedWrap() ||
              std::max(A.getSignedMin().getSignificantBits(), A.getSignedMax().getSignificantBits()) <= W);
    }
    return false;
  }

  /// A superset of the values integer V takes where it is defined, from
  /// its type and its operations (flags ignored: wrapping arithmetic is a
  /// superset), a few levels deep.
  ConstantRange range(const Value *V, unsigned Depth = 0) {
    unsigned W = V->getType()->getIntegerBitWidth();
    if (auto *CI = dyn_cast<ConstantInt>(V))
      return ConstantRange(CI->getValue());
    auto *I = dyn_cast<Instruction>(V);
    if (!I || Depth >= RangeDepth)
      return ConstantRange::getFull(W);
    if (auto *C = dyn_cast<CastInst>(I); C && C->getSrcTy()->isIntegerTy())
      return range(C->getOperand(0), Depth + 1).castOp(C->getOpcode(), W);
    if (auto *B = dyn_cast<BinaryOperator>(I))
      return range(B->getOperand(0), Depth + 1).binaryOp(B->getOpcode(), range(B->getOperand(1), Depth + 1));
    return ConstantRange::getFull(W);
  }
  /// Levels of operations range() looks through (an expansion is shallow).
  static constexpr unsigned RangeDepth = 6;
  /// Nodes makesNoPoison() looks at before it gives up.
  static constexpr size_t MaxWalk = 64;

  static std::string identity(const Value *V) {
    return "v" + std::to_string(reinterpret_cast<uintptr_t>(V));
  }

  std::optional<Form> compute(const Value *V) {
    if (Record)
      Seen.insert(V);
    std::optional<unsigned> W = width(V->getType());
    if (!W)
      return std::nullopt;
    if (auto *CI = dyn_cast<ConstantInt>(V))
      return constant(CI->getValue());
    if (isa<ConstantPointerNull>(V))
      return constant(APInt(*W, 0));
    const auto *O = dyn_cast<Operator>(V);
    if (!O || isa<GlobalValue>(V) || isa<PHINode>(V))
      return leaf(identity(V), *W);
    // What memory, a call or an alloca yields is not a function of the
    // operands: two loads of one address may differ, two allocas of one size
    // are two objects.
    if (auto *I = dyn_cast<Instruction>(V); I && (I->mayReadOrWriteMemory() || isa<CallBase, AllocaInst>(I)))
      return leaf(identity(V), *W);
    if (auto *I = dyn_cast<Instruction>(V); I && !trusted(V) && I->hasPoisonGeneratingAnnotations())
      return std::nullopt;
    if (isa<ConstantExpr>(V) && !trusted(V) && O->hasPoisonGeneratingFlags())
      return std::nullopt;
    switch (O->getOpcode()) {
    case Instruction::Add:
    case Instruction::Sub: {
      const Form *A = read(O->getOperand(0)), *B = read(O->getOperand(1));
      if (!A || !B)
        return std::nullopt;
      Form R = *A;
      R.add(*B, O->getOpcode() == Instruction::Sub);
      return R;
    }
    case Instruction::Or:
      // An or is an add only by its disjoint flag, which must be trusted.
      if (cast<PossiblyDisjointInst>(O)->isDisjoint() && trusted(V)) {
        const Form *A = read(O->getOperand(0)), *B = read(O->getOperand(1));
        if (!A || !B)
          return std::nullopt;
        Form R = *A;
        R.add(*B);
        return R;
      }
      return opaque(V, *W);
    case Instruction::Mul:
    case Instruction::Shl: {
      std::optional<APInt> K = factor(O, *W);
      if (!K && O->getOpcode() == Instruction::Mul) {
        const Form *A = read(O->getOperand(0)), *B = read(O->getOperand(1));
        if (!A || !B)
          return std::nullopt;
        Form R = *A;
        if (R.multiply(*B))
          return R;
        return opaque(V, *W);
      }
      if (!K)
        return opaque(V, *W);
      const Form *A = read(O->getOperand(0));
      if (!A)
        return std::nullopt;
      Form R = *A;
      R.scale(*K);
      return R;
    }
    case Instruction::Trunc: {
      const Form *A = read(O->getOperand(0));
      if (!A)
        return std::nullopt;
      Form T = constant(A->C.trunc(*W));
      for (const auto &[Key, C] : A->Coef)
        if (APInt K = C.trunc(*W); !K.isZero())
          T.Coef.emplace(Key, K);
      return T;
    }
    case Instruction::SExt:
    case Instruction::ZExt:
      return extended(O->getOperand(0), *W, O->getOpcode() == Instruction::SExt);
    case Instruction::BitCast:
    case Instruction::AddrSpaceCast:
    case Instruction::PtrToInt:
    case Instruction::IntToPtr: {
      // A model assumption shared with the solver's encoding: casts keep the
      // address (at equal widths).
      const Form *A = read(O->getOperand(0));
      if (!A || A->width() != *W)
        return std::nullopt;
      return *A;
    }
    case Instruction::GetElementPtr:
      return gep(cast<GEPOperator>(O), *W);
    default:
      return opaque(V, *W);
    }
  }

  /// An operation outside the linear fragment: a leaf of its own. Only the
  /// very same node on both sides matches it, and only if its operands are
  /// not themselves rewritten (their forms are part of the key).
  std::optional<Form> opaque(const Value *V, unsigned W) {
    unsigned Opc = cast<Operator>(V)->getOpcode();
    std::string Key = "op" + std::to_string(Opc);
    if (auto *Cmp = dyn_cast<CmpInst>(V)) // slt and ult of the same operands differ
      Key += "p" + std::to_string(Cmp->getPredicate());
    Key += "(";
    // A select's arms (and what a freeze hides) may be poison while it is not.
    bool Was = Record;
    Record = Record && Opc != Instruction::Select && Opc != Instruction::Freeze;
    for (const Use &U : cast<User>(V)->operands()) {
      const Form *F = read(U.get());
      if (!F) {
        Record = Was;
        return std::nullopt;
      }
      Key += F->key() + ",";
    }
    Record = Was;
    return leaf(Key + ")", W);
  }

  static std::optional<APInt> factor(const Operator *O, unsigned W) {
    auto *K = dyn_cast<ConstantInt>(O->getOperand(1));
    if (!K)
      return std::nullopt;
    if (O->getOpcode() == Instruction::Mul)
      return K->getValue();
    if (K->getValue().uge(W))
      return std::nullopt;
    return APInt::getOneBitSet(W, K->getZExtValue());
  }

  /// sext (Signed) or zext of X to W bits.
  std::optional<Form> extended(const Value *X, unsigned W, bool Signed) {
    if (auto *CI = dyn_cast<ConstantInt>(X))
      return constant(Signed ? CI->getValue().sext(W) : CI->getValue().zext(W));
    const auto *O = dyn_cast<Operator>(X);
    if (O && !isa<PHINode>(X) && trusted(X) && isa<Instruction>(X)) {
      unsigned Opc = O->getOpcode();
      auto *OB = dyn_cast<OverflowingBinaryOperator>(O);
      bool NoWrap = OB && (Signed ? OB->hasNoSignedWrap() : OB->hasNoUnsignedWrap());
      bool Disjoint = Opc == Instruction::Or && cast<PossiblyDisjointInst>(O)->isDisjoint();
      if ((Opc == Instruction::Add && NoWrap) || Disjoint) {
        if (Record)
          Seen.insert(X);
        std::optional<Form> A = extended(O->getOperand(0), W, Signed), B = extended(O->getOperand(1), W, Signed);
        if (!A || !B)
          return std::nullopt;
        A->add(*B);
        return A;
      }
      if (Opc == Instruction::Mul && NoWrap && !isa<ConstantInt>(O->getOperand(1))) {
        // The product fits the narrow type: the extension of the product is
        // the product of the extensions.
        std::optional<Form> A = extended(O->getOperand(0), W, Signed), B = extended(O->getOperand(1), W, Signed);
        if (!A || !B)
          return std::nullopt;
        if (A->multiply(*B)) {
          if (Record)
            Seen.insert(X);
          return A;
        }
      }
      if ((Opc == Instruction::Mul || Opc == Instruction::Shl) && NoWrap) {
        if (std::optional<APInt> K = factor(O, X->getType()->getIntegerBitWidth())) {
          if (Record)
            Seen.insert(X);
          std::optional<Form> A = extended(O->getOperand(0), W, Signed);
          if (!A)
            return std::nullopt;
          A->scale(Opc == Instruction::Shl ? APInt::getOneBitSet(W, K->logBase2())
                                           : (Signed ? K->sext(W) : K->zext(W)));
          return A;
        }
      }
    }
    const Form *Inner = read(X);
    if (!Inner)
      return std::nullopt;
    if (Inner->Coef.empty())
      return constant(Signed ? Inner->C.sext(W) : Inner->C.zext(W));
    return leaf(std::string(Signed ? "s" : "z") + std::to_string(W) + "[" + Inner->key() + "]", W);
  }

  std::optional<Form> gep(const GEPOperator *G, unsigned W) {
    if (G->getType()->isVectorTy() || DL.getIndexSizeInBits(G->getPointerAddressSpace()) != W)
      return std::nullopt;
    const Form *Base = read(G->getPointerOperand());
    if (!Base || Base->width() != W)
      return std::nullopt;
    Form F = *Base;
    for (gep_type_iterator GTI = gep_type_begin(G), E = gep_type_end(G); GTI != E; ++GTI) {
      if (StructType *ST = GTI.getStructTypeOrNull()) {
        uint64_t Field = cast<ConstantInt>(GTI.getOperand())->getZExtValue();
        F.C += APInt(W, DL.getStructLayout(ST)->getElementOffset(Field));
        continue;
      }
      TypeSize Stride = GTI.getSequentialElementStride(DL);
      const Value *Idx = GTI.getOperand();
      if (Stride.isScalable() || !Idx->getType()->isIntegerTy())
        return std::nullopt;
      unsigned IW = Idx->getType()->getIntegerBitWidth();
      std::optional<Form> T;
      if (IW < W)
        T = extended(Idx, W, true);
      else if (const Form *R = read(Idx))
        T = *R;
      if (!T || T->width() != W) // wider indices are truncated: left to the solver
        return std::nullopt;
      T->scale(APInt(W, Stride.getFixedValue()));
      F.add(*T);
    }
    return F;
  }

  const DataLayout &DL;
  bool Original;
  const std::set<const Value *> *Shared;
  bool Record = true;
  std::map<const Value *, std::optional<Form>> Memo;
};
} // namespace

bool linearlyEqual(const Value *Original, const Value *Rewritten, const DataLayout &DL,
                   const std::set<const Value *> &Defined) {
  Reader O(DL, true);
  const Form *A = O.read(Original);
  if (!A)
    return false;
  std::set<const Value *> Trusted = O.Seen;
  for (const Value *V : Defined) {
    Reader D(DL, true);
    D.read(V);
    Trusted.insert(D.Seen.begin(), D.Seen.end());
  }
  Reader N(DL, false, &Trusted);
  const Form *B = N.read(Rewritten);
  return B && *A == *B && N.makesNoPoison(Rewritten);
}

} // namespace xwarp::verify
