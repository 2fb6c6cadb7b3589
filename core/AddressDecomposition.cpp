//===- core/AddressDecomposition.cpp --------------------------------------===//
#include "core/AddressDecomposition.h"

#include "core/AddressGroups.h"

#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/GetElementPtrTypeIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Operator.h"

using namespace llvm;

namespace xwarp::core {

const SCEV *DecomposedAddress::address(ScalarEvolution &SE) const {
  return SE.getAddExpr(Variable, SE.getConstant(Constant));
}

namespace {
/// An integer value as Var + C, both of the value's width.
struct Split {
  const SCEV *Var;
  APInt C;
};

class Decomposer {
public:
  Decomposer(ScalarEvolution &SE, const DataLayout &DL, const DecomposeOptions &Opts)
      : SE(SE), DL(DL), Opts(Opts) {}
  bool UsedFlags = false;

  Split integer(const Value *V) {
    Split S = integerSplit(V);
    if (!isa<ConstantInt>(V))
      record(S, V, 0);
    return S;
  }

  /// sext (Signed) or zext of X to Ty, as Var + C of Ty's width.
  Split extended(const Value *X, Type *Ty, bool Signed) {
    Split S = extendedSplit(X, Ty, Signed);
    if (!isa<Constant>(X))
      record(S, X, Signed ? unsigned(Instruction::SExt) : unsigned(Instruction::ZExt));
    return S;
  }

  Split integerSplit(const Value *V) {
    Type *Ty = V->getType();
    unsigned W = Ty->getIntegerBitWidth();
    if (auto *CI = dyn_cast<ConstantInt>(V))
      return {SE.getZero(Ty), CI->getValue()};
    Nesting In(Depth);
    if (Depth > MaxDepth)
      return leaf(V);
    const auto *O = dyn_cast<Operator>(V);
    if (!O || !isAddressOpcode(V) || isa<PHINode>(V))
      return leaf(V);
    switch (O->getOpcode()) {
    case Instruction::Add:
    case Instruction::Or: { // a disjoint or (isAddressOpcode) is an add
      // ... by its flag: without it (a copy drops flags) the or is not one.
      UsedFlags |= O->getOpcode() == Instruction::Or;
      Split A = integer(O->getOperand(0)), B = integer(O->getOperand(1));
      return {SE.getAddExpr(A.Var, B.Var), A.C + B.C};
    }
    case Instruction::Sub: {
      Split A = integer(O->getOperand(0)), B = integer(O->getOperand(1));
      return {SE.getMinusSCEV(A.Var, B.Var), A.C - B.C};
    }
    case Instruction::Mul:
    case Instruction::Shl: {
      std::optional<APInt> K = factor(O, W);
      if (!K && O->getOpcode() == Instruction::Mul && Opts.DistributeExtensions) {
        // (a + c)(b + d) = ab + ad + cb + cd, exact at any width.
        Split A = integer(O->getOperand(0)), B = integer(O->getOperand(1));
        return product(A, B);
      }
      if (!K)
        return leaf(V);
      Split A = integer(O->getOperand(0));
      return {SE.getMulExpr(A.Var, SE.getConstant(*K)), A.C * *K};
    }
    case Instruction::Trunc: {
      Split A = integer(O->getOperand(0));
      return {SE.getTruncateExpr(A.Var, Ty), A.C.trunc(W)};
    }
    case Instruction::SExt:
      return extended(O->getOperand(0), Ty, true);
    case Instruction::ZExt: {
      // Unsigned rules first; zext nneg is also a sext wherever it is not
      // poison, which helps when only the signed rules bring a constant out.
      bool Before = UsedFlags;
      Split U = extended(O->getOperand(0), Ty, false);
      if (!U.C.isZero() || !cast<PossiblyNonNegInst>(O)->hasNonNeg())
        return U;
      bool AfterU = UsedFlags;
      UsedFlags = Before;
      Split S = extended(O->getOperand(0), Ty, true);
      if (!S.C.isZero()) {
        UsedFlags |= !SE.isKnownNonNegative(SE.getSCEV(const_cast<Value *>(O->getOperand(0))));
        return S;
      }
      UsedFlags = AfterU;
      return U;
    }
    default:
      return leaf(V);
    }
  }

  Split extendedSplit(const Value *X, Type *Ty, bool Signed) {
    unsigned W = Ty->getIntegerBitWidth();
    if (auto *CI = dyn_cast<ConstantInt>(X))
      return {SE.getZero(Ty), Signed ? CI->getValue().sext(W) : CI->getValue().zext(W)};
    const auto *O = dyn_cast<Operator>(X);
    if (O && isAddressOpcode(X) && !isa<PHINode>(X)) {
      unsigned Opc = O->getOpcode();
      auto *OB = dyn_cast<OverflowingBinaryOperator>(O);
      bool NoWrap = OB && (Signed ? OB->hasNoSignedWrap() : OB->hasNoUnsignedWrap());
      // A disjoint or carries nowhere: neither extension can overflow it.
      // Distributing pays only if it brings a constant out; otherwise the
      // plain extension (ScalarEvolution's own) is kept, without flags.
      bool Before = UsedFlags;
      if ((Opc == Instruction::Add && NoWrap) || Opc == Instruction::Or) {
        Split A = extended(O->getOperand(0), Ty, Signed), B = extended(O->getOperand(1), Ty, Signed);
        if (!(A.C + B.C).isZero() || Opts.DistributeExtensions) {
          UsedFlags |= Opc == Instruction::Or || !proven(Instruction::Add, Signed, O);
          return {SE.getAddExpr(A.Var, B.Var), A.C + B.C};
        }
        UsedFlags = Before;
      }
      if (Opc == Instruction::Sub && NoWrap) {
        Split A = extended(O->getOperand(0), Ty, Signed), B = extended(O->getOperand(1), Ty, Signed);
        if (!(A.C - B.C).isZero() || Opts.DistributeExtensions) {
          UsedFlags |= !proven(Instruction::Sub, Signed, O);
          return {SE.getMinusSCEV(A.Var, B.Var), A.C - B.C};
        }
        UsedFlags = Before;
      }
      if (Opc == Instruction::Mul && NoWrap && Opts.DistributeExtensions &&
          !isa<ConstantInt>(O->getOperand(1))) {
        // The product fits the narrow type: the extension of the product is
        // the product of the extensions.
        UsedFlags = true;
        return product(extended(O->getOperand(0), Ty, Signed), extended(O->getOperand(1), Ty, Signed));
      }
      if ((Opc == Instruction::Mul || Opc == Instruction::Shl) && NoWrap) {
        if (std::optional<APInt> K = factor(O, X->getType()->getIntegerBitWidth())) {
          APInt Wide = Opc == Instruction::Shl ? APInt::getOneBitSet(W, K->logBase2())
                                               : (Signed ? K->sext(W) : K->zext(W));
          Split A = extended(O->getOperand(0), Ty, Signed);
          if (!A.C.isZero() || Opts.DistributeExtensions) {
            UsedFlags |= !proven(Instruction::Mul, Signed, O, *K);
            return {SE.getMulExpr(A.Var, SE.getConstant(Wide)), A.C * Wide};
          }
          UsedFlags = Before;
        }
      }
    }
    Split A = integer(X);
    if (A.C.isZero()) {
      // (ScalarEvolution may write one extension as the other: the IR's is
      // the one recorded.)
      return {Signed ? SE.getSignExtendExpr(A.Var, Ty) : SE.getZeroExtendExpr(A.Var, Ty), APInt(W, 0)};
    }
    const SCEV *Whole = SE.getAddExpr(A.Var, SE.getConstant(A.C));
    return {Signed ? SE.getSignExtendExpr(Whole, Ty) : SE.getZeroExtendExpr(Whole, Ty), APInt(W, 0)};
  }

  std::optional<DecomposedAddress> pointer(const Value *P) {
    Nesting In(Depth);
    if (Depth > MaxDepth)
      return std::nullopt;
    if (const auto *G = dyn_cast<GEPOperator>(P))
      return gep(G);
    if (const auto *O = dyn_cast<Operator>(P)) {
      if (O->getOpcode() == Instruction::BitCast)
        return pointer(O->getOperand(0));
      if (O->getOpcode() == Instruction::AddrSpaceCast && sameWidths(O->getOperand(0)->getType(), P->getType()))
        return pointer(O->getOperand(0));
    }
    if (!SE.isSCEVable(P->getType()))
      return std::nullopt;
    unsigned AS = P->getType()->getPointerAddressSpace();
    if (DL.getIndexSizeInBits(AS) != DL.getPointerSizeInBits(AS))
      return std::nullopt;
    DecomposedAddress D;
    D.Variable = SE.getSCEV(const_cast<Value *>(P));
    D.Constant = APInt(DL.getIndexSizeInBits(AS), 0);
    D.Space = AS;
    return D;
  }

private:
  /// A * B with the sums multiplied out (ScalarEvolution distributes only a
  /// constant factor), so that i*(2t+2) - i*(2t+1) folds to i.
  Split product(const Split &A, const Split &B) {
    SmallVector<const SCEV *, 3> Terms{expand(A.Var, B.Var), SE.getMulExpr(A.Var, SE.getConstant(B.C)),
                                       SE.getMulExpr(B.Var, SE.getConstant(A.C))};
    const SCEV *Var = SE.getAddExpr(Terms);
    return {Var, A.C * B.C};
  }
  const SCEV *expand(const SCEV *A, const SCEV *B) {
    // Bounded: a chain of products of sums would grow exponentially.
    auto Terms = [](const SCEV *X) { return isa<SCEVAddExpr>(X) ? cast<SCEVAddExpr>(X)->getNumOperands() : 1; };
    if (Terms(A) * Terms(B) > 16)
      return SE.getMulExpr(A, B);
    if (const auto *Sum = dyn_cast<SCEVAddExpr>(A)) {
      SmallVector<const SCEV *, 4> Terms;
      for (const SCEV *Op : Sum->operands())
        Terms.push_back(expand(Op, B));
      return SE.getAddExpr(Terms);
    }
    if (const auto *Sum = dyn_cast<SCEVAddExpr>(B)) {
      SmallVector<const SCEV *, 4> Terms;
      for (const SCEV *Op : Sum->operands())
        Terms.push_back(expand(A, Op));
      return SE.getAddExpr(Terms);
    }
    return SE.getMulExpr(A, B);
  }

  /// Whether ScalarEvolution itself shows that O (an add, a disjoint or, or
  /// a multiplication by K) cannot wrap: then the split needs no IR flag.
  bool proven(Instruction::BinaryOps Op, bool Signed, const Operator *O,
              std::optional<APInt> K = std::nullopt) {
    const SCEV *L = SE.getSCEV(const_cast<Value *>(O->getOperand(0)));
    const SCEV *R = K ? SE.getConstant(*K) : SE.getSCEV(const_cast<Value *>(O->getOperand(1)));
    return SE.willNotOverflow(Op, Signed, L, R);
  }

  Split leaf(const Value *V) {
    return {SE.getSCEV(const_cast<Value *>(V)), APInt(V->getType()->getIntegerBitWidth(), 0)};
  }

  void record(const Split &S, const Value *V, unsigned ExtOpcode) {
    if (Opts.Values)
      Opts.Values->push_back({SE.getAddExpr(S.Var, SE.getConstant(S.C)), V, ExtOpcode});
  }

  /// The constant a mul or shl multiplies its first operand by.
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

  bool sameWidths(Type *A, Type *B) const {
    unsigned SA = A->getPointerAddressSpace(), SB = B->getPointerAddressSpace();
    return DL.getPointerSizeInBits(SA) == DL.getPointerSizeInBits(SB) &&
           DL.getIndexSizeInBits(SA) == DL.getIndexSizeInBits(SB);
  }

  std::optional<DecomposedAddress> gep(const GEPOperator *G) {
    if (G->getType()->isVectorTy())
      return std::nullopt;
    std::optional<DecomposedAddress> D = pointer(G->getPointerOperand());
    if (!D)
      return std::nullopt;
    unsigned IW = D->Constant.getBitWidth();
    Type *IndexTy = IntegerType::get(G->getContext(), IW);
    for (gep_type_iterator GTI = gep_type_begin(G), E = gep_type_end(G); GTI != E; ++GTI) {
      if (StructType *ST = GTI.getStructTypeOrNull()) {
        uint64_t Field = cast<ConstantInt>(GTI.getOperand())->getZExtValue();
        D->Constant += APInt(IW, DL.getStructLayout(ST)->getElementOffset(Field));
        continue;
      }
      TypeSize Stride = GTI.getSequentialElementStride(DL);
      const Value *Idx = GTI.getOperand();
      if (Stride.isScalable() || !Idx->getType()->isIntegerTy())
        return std::nullopt;
      unsigned W = Idx->getType()->getIntegerBitWidth();
      // A GEP sign-extends or truncates its indices to the index width.
      Split T = W < IW ? extended(Idx, IndexTy, true) : integer(Idx);
      if (W > IW)
        T = {SE.getTruncateExpr(T.Var, IndexTy), T.C.trunc(IW)};
      APInt S(IW, Stride.getFixedValue());
      D->Variable = SE.getAddExpr(D->Variable, SE.getMulExpr(T.Var, SE.getConstant(S)));
      D->Constant += T.C * S;
    }
    return D;
  }

  /// Recursion deeper than this gives up (a leaf, or no decomposition): in
  /// unreachable code an instruction may be its own operand.
  static constexpr unsigned MaxDepth = 256;
  unsigned Depth = 0;
  struct Nesting {
    unsigned &Level;
    explicit Nesting(unsigned &L) : Level(L) { ++Level; }
    ~Nesting() { --Level; }
  };

  ScalarEvolution &SE;
  const DataLayout &DL;
  const DecomposeOptions &Opts;
};
} // namespace

std::optional<DecomposedAddress> decomposeAddress(const Value *Ptr, ScalarEvolution &SE,
                                                  const DataLayout &DL, const DecomposeOptions &Opts) {
  Decomposer D(SE, DL, Opts);
  std::optional<DecomposedAddress> A = D.pointer(Ptr);
  if (A)
    A->UsesIRFlags = D.UsedFlags;
  return A;
}

const SCEV *decomposeInteger(const Value *V, unsigned ExtOpcode, Type *Ty, ScalarEvolution &SE,
                             const DataLayout &DL, const DecomposeOptions &Opts) {
  Decomposer D(SE, DL, Opts);
  Split S = ExtOpcode ? D.extended(V, Ty, ExtOpcode == Instruction::SExt) : D.integer(V);
  return SE.getAddExpr(S.Var, SE.getConstant(S.C));
}

} // namespace xwarp::core
