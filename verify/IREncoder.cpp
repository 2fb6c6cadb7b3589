//===- verify/IREncoder.cpp -----------------------------------------------===//
#include "verify/IREncoder.h"
#include "verify/InductionRange.h"
#include "verify/LoopRecurrence.h"

#include "model/Launch.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/ConstantRange.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/GetElementPtrTypeIterator.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/Operator.h"

using namespace llvm;

namespace xwarp::verify {

Encoded IREncoder::encode(const Value *V) {
  auto It = Memo.find(V);
  if (It != Memo.end())
    return It->second;
  Encoded E = compute(V);
  Memo.emplace(V, E);
  return E;
}

unsigned IREncoder::widthOf(Type *T) const {
  if (T->isIntegerTy())
    return T->getIntegerBitWidth();
  if (T->isPointerTy())
    return DL.getPointerSizeInBits(T->getPointerAddressSpace());
  throw Unmodelled{"a value of a non-integer, non-pointer type"};
}

void IREncoder::relateLoop(const BasicBlock *Header, const DominatorTree &Tree) {
  Related.try_emplace(Header);
  DT = &Tree;
}

z3::expr IREncoder::recurrence(const LoopRecurrence &R, const BasicBlock *Header, unsigned W) {
  if (W > 64)
    throw Unmodelled{"an integer wider than 64 bits"};
  std::optional<z3::expr> &K = Related[Header];
  if (!K) {
    std::string Name = "%k." + std::to_string(Inputs.size());
    K = C.bv_const(Name.c_str(), 64);
    Inputs.emplace(Name, *K);
  }
  // Where the phi is not poison, neither is its start (each step passes
  // poison on), so the start's value is the one it began with.
  z3::expr S = encode(R.Start).V;
  z3::expr Step = C.bv_val(R.Step.sextOrTrunc(W).getZExtValue(), W);
  // No step wrapped before this one (it would have been poison, and so
  // every later value): S + Step * k as integers fits the phi's width.
  unsigned Big = W + 66;
  z3::expr Count = z3::zext(*K, Big - 64);
  if (R.NoUnsignedWrap)
    Facts.push_back((z3::zext(S, Big - W) + z3::zext(Step, Big - W) * Count).extract(Big - 1, W) ==
                    C.bv_val(0, Big - W));
  if (R.NoSignedWrap) {
    z3::expr Sum = z3::sext(S, Big - W) + z3::sext(Step, Big - W) * Count;
    Facts.push_back(z3::sext(Sum.extract(W - 1, 0), Big - W) == Sum);
  }
  return S + Step * resize(*K, W);
}

void IREncoder::abstract(const Value *V) {
  std::string Name = "shared" + std::to_string(Memo.size());
  Memo.emplace(V, Encoded{C.bv_const(Name.c_str(), widthOf(V->getType())),
                          C.bool_const((Name + ".poison").c_str())});
}

bool IREncoder::isComputed(const Value *V) {
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

const Value *IREncoder::mergedValue(const Value *V) {
  // Through a phi of such a phi too (the LCSSA phis of nested loops), a
  // bounded number of times.
  for (unsigned Depth = 0; Depth < 8; ++Depth) {
    auto *Phi = dyn_cast<PHINode>(V);
    const Value *Same = Phi ? Phi->hasConstantValue() : nullptr;
    if (!Same || isa<UndefValue>(Same))
      break;
    V = Same;
  }
  return V;
}

z3::expr IREncoder::resize(const z3::expr &E, unsigned W) {
  unsigned From = E.get_sort().bv_size();
  if (From == W)
    return E;
  return From > W ? E.extract(W - 1, 0) : z3::zext(E, W - From);
}

/// The range CUDA gives a special register read (tid.x < 1024, ...), in
/// which the value lies whatever the IR states of it.
static std::optional<ConstantRange> specialRegisterRange(const Value *V) {
  auto *II = dyn_cast<IntrinsicInst>(V);
  if (!II || !II->getType()->isIntegerTy(32))
    return std::nullopt;
  using model::LaunchBounds;
  auto Below = [](uint64_t Lo, uint64_t Hi) { return ConstantRange(APInt(32, Lo), APInt(32, Hi)); };
  switch (II->getIntrinsicID()) {
  case Intrinsic::nvvm_read_ptx_sreg_tid_x: return Below(0, LaunchBounds::CudaMaxDim[0]);
  case Intrinsic::nvvm_read_ptx_sreg_tid_y: return Below(0, LaunchBounds::CudaMaxDim[1]);
  case Intrinsic::nvvm_read_ptx_sreg_tid_z: return Below(0, LaunchBounds::CudaMaxDim[2]);
  case Intrinsic::nvvm_read_ptx_sreg_ntid_x: return Below(1, LaunchBounds::CudaMaxDim[0] + 1);
  case Intrinsic::nvvm_read_ptx_sreg_ntid_y: return Below(1, LaunchBounds::CudaMaxDim[1] + 1);
  case Intrinsic::nvvm_read_ptx_sreg_ntid_z: return Below(1, LaunchBounds::CudaMaxDim[2] + 1);
  case Intrinsic::nvvm_read_ptx_sreg_ctaid_x: return Below(0, LaunchBounds::CudaMaxGridDim[0]);
  case Intrinsic::nvvm_read_ptx_sreg_ctaid_y: return Below(0, LaunchBounds::CudaMaxGridDim[1]);
  case Intrinsic::nvvm_read_ptx_sreg_ctaid_z: return Below(0, LaunchBounds::CudaMaxGridDim[2]);
  case Intrinsic::nvvm_read_ptx_sreg_nctaid_x: return Below(1, uint64_t(LaunchBounds::CudaMaxGridDim[0]) + 1);
  case Intrinsic::nvvm_read_ptx_sreg_nctaid_y: return Below(1, LaunchBounds::CudaMaxGridDim[1] + 1);
  case Intrinsic::nvvm_read_ptx_sreg_nctaid_z: return Below(1, LaunchBounds::CudaMaxGridDim[2] + 1);
  default: return std::nullopt;
  }
}

Encoded IREncoder::input(const Value *V) {
  std::string Name = V->hasName() ? V->getName().str() : "v" + std::to_string(Inputs.size());
  if (isa<GlobalValue>(V))
    Name = "@" + Name;
  else
    Name = "%" + Name;
  while (Inputs.count(Name))
    Name += "'";
  unsigned W = widthOf(V->getType());
  z3::expr X = C.bv_const(Name.c_str(), W);
  if (auto *Phi = dyn_cast<PHINode>(V); Phi && Related.count(Phi->getParent()))
    if (std::optional<LoopRecurrence> R = loopRecurrence(*Phi, *DT, DL))
      X = recurrence(*R, Phi->getParent(), W);
  Inputs.emplace(Name, X);
  // What the IR states of an input's range (range attributes and metadata,
  // the special registers' bounds) holds wherever it is defined.
  if (V->getType()->isIntegerTy() && W <= 64) {
    ConstantRange R = computeConstantRange(V, /*ForSigned=*/false);
    if (std::optional<ConstantRange> Cuda = specialRegisterRange(V))
      R = R.intersectWith(*Cuda);
    // A counted loop's counter: the range its own IR gives it.
    if (auto *Phi = dyn_cast<PHINode>(V)) {
      if (std::optional<ConstantRange> Counter = inductionRange(*Phi))
        R = R.intersectWith(*Counter);
      else if (R.isFullSet())
        UnboundedPhis.insert(Name);
    }
    if (!R.isFullSet() && !R.isEmptySet())
      Facts.push_back(z3::ult(X - C.bv_val(R.getLower().getZExtValue(), W),
                              C.bv_val((R.getUpper() - R.getLower()).getZExtValue(), W)));
  }
  // Nor does the proof bound a pointer phi: the value a counterexample picks
  // for it may be one it never takes.
  if (isa<PHINode>(V) && !V->getType()->isIntegerTy())
    UnboundedPhis.insert(Name);
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

Encoded IREncoder::compute(const Value *V) {
  if (auto *CI = dyn_cast<ConstantInt>(V)) {
    if (CI->getBitWidth() > 64) // a wide index, say: by its digits
      return {C.bv_val(toString(CI->getValue(), 10, /*Signed=*/false).c_str(), CI->getBitWidth()), no()};
    return {C.bv_val(CI->getZExtValue(), CI->getBitWidth()), no()};
  }
  if (isa<ConstantPointerNull>(V))
    return {C.bv_val(0, widthOf(V->getType())), no()};
  if (isa<UndefValue>(V))
    throw Unmodelled{"undef or poison"};
  if (const Value *Same = mergedValue(V); Same != V)
    return encode(Same);
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
    // Inputs are encoded as never poison, with what the IR states of them (a
    // range attribute, a counter's range) as facts; under a freeze, an input
    // the operand is computed from may be poison all the same (a range
    // violated, a step that wrapped), and the freeze then anything.
    z3::expr Poison = A.Poison;
    if (!isGuaranteedNotToBePoison(O->getOperand(0)))
      Poison = Poison || C.bool_const(("frozen" + std::to_string(Memo.size()) + ".poison").c_str());
    return {z3::ite(Poison, Any.V, A.V), no()};
  }
  default:
    return input(V);
  }
}

z3::expr IREncoder::compare(CmpInst::Predicate P, const z3::expr &A, const z3::expr &B) {
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

z3::expr IREncoder::overflows(unsigned Opcode, const z3::expr &A, const z3::expr &B, bool Signed) {
  unsigned W = A.get_sort().bv_size();
  auto Ext = [&](const z3::expr &X) { return Signed ? z3::sext(X, W) : z3::zext(X, W); };
  z3::expr Wide = Opcode == Instruction::Add   ? Ext(A) + Ext(B)
                  : Opcode == Instruction::Sub ? Ext(A) - Ext(B)
                                               : Ext(A) * Ext(B);
  z3::expr Narrow = Wide.extract(W - 1, 0);
  return Ext(Narrow) != Wide;
}

Encoded IREncoder::arithmetic(const Operator *O, Encoded A, Encoded B) {
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

Encoded IREncoder::division(const Operator *O, Encoded A, Encoded B) {
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

Encoded IREncoder::gep(const GEPOperator *G) {
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
      // The truncation must not lose the signed (nusw) or the unsigned (nuw)
      // value, as trunc nsw and trunc nuw.
      if (IdxW > IW && NUSW)
        P = P || z3::sext(I, IdxW - IW) != Idx.V;
      if (IdxW > IW && NUW)
        P = P || z3::zext(I, IdxW - IW) != Idx.V;
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

} // namespace xwarp::verify
