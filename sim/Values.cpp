//===- sim/Values.cpp -----------------------------------------------------===//
#include "sim/Values.h"
#include "sim/Memory.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/Type.h"

#include <algorithm>
#include <cmath>

using namespace llvm;

namespace xwarp::sim {

uint64_t mask(unsigned W) { return W >= 64 ? ~uint64_t(0) : (uint64_t(1) << W) - 1; }

int64_t signExtend(uint64_t V, unsigned W) {
  if (W >= 64)
    return static_cast<int64_t>(V);
  uint64_t Sign = uint64_t(1) << (W - 1);
  return static_cast<int64_t>(((V & mask(W)) ^ Sign) - Sign);
}

bool isModelledFp(Type *T) { return T->isHalfTy() || T->isBFloatTy() || T->isFloatTy() || T->isDoubleTy(); }

double toDouble(Type *T, uint64_t V) {
  if (T->isFloatTy())
    return llvm::bit_cast<float>(static_cast<uint32_t>(V));
  if (T->isDoubleTy())
    return llvm::bit_cast<double>(V);
  APFloat F(T->getFltSemantics(), APInt(T->getPrimitiveSizeInBits(), V));
  bool Lost;
  F.convert(APFloat::IEEEdouble(), APFloat::rmNearestTiesToEven, &Lost);
  return F.convertToDouble();
}

uint64_t fromDouble(Type *T, double D) {
  if (T->isFloatTy())
    return llvm::bit_cast<uint32_t>(static_cast<float>(D));
  if (T->isDoubleTy())
    return llvm::bit_cast<uint64_t>(D);
  APFloat F(D);
  bool Lost;
  F.convert(T->getFltSemantics(), APFloat::rmNearestTiesToEven, &Lost);
  return F.bitcastToAPInt().getZExtValue();
}

unsigned widthOf(Type *T) {
  if (T->isIntegerTy())
    return T->getIntegerBitWidth();
  return T->isFloatingPointTy() ? static_cast<unsigned>(T->getPrimitiveSizeInBits()) : 64;
}

uint64_t movePointer(const DataLayout &DL, Type *PtrTy, uint64_t P, uint64_t Delta) {
  unsigned Bits = std::min(DL.getIndexSizeInBits(PtrTy->getPointerAddressSpace()), 48u);
  return makePointer(objectOf(P), (offsetOf(P) + Delta) & mask(Bits));
}

bool compare(CmpInst::Predicate P, uint64_t A, uint64_t B, unsigned W, Type *T) {
  if (CmpInst::isFPPredicate(P)) {
    double X = toDouble(T, A), Y = toDouble(T, B);
    bool Unordered = std::isnan(X) || std::isnan(Y);
    switch (P) {
    case CmpInst::FCMP_FALSE: return false;
    case CmpInst::FCMP_TRUE: return true;
    case CmpInst::FCMP_ORD: return !Unordered;
    case CmpInst::FCMP_UNO: return Unordered;
    case CmpInst::FCMP_OEQ: return !Unordered && X == Y;
    case CmpInst::FCMP_ONE: return !Unordered && X != Y;
    case CmpInst::FCMP_OGT: return !Unordered && X > Y;
    case CmpInst::FCMP_OGE: return !Unordered && X >= Y;
    case CmpInst::FCMP_OLT: return !Unordered && X < Y;
    case CmpInst::FCMP_OLE: return !Unordered && X <= Y;
    case CmpInst::FCMP_UEQ: return Unordered || X == Y;
    case CmpInst::FCMP_UNE: return Unordered || X != Y;
    case CmpInst::FCMP_UGT: return Unordered || X > Y;
    case CmpInst::FCMP_UGE: return Unordered || X >= Y;
    case CmpInst::FCMP_ULT: return Unordered || X < Y;
    default: return Unordered || X <= Y;
    }
  }
  int64_t SA = signExtend(A, W), SB = signExtend(B, W);
  switch (P) {
  case CmpInst::ICMP_EQ: return A == B;
  case CmpInst::ICMP_NE: return A != B;
  case CmpInst::ICMP_UGT: return A > B;
  case CmpInst::ICMP_UGE: return A >= B;
  case CmpInst::ICMP_ULT: return A < B;
  case CmpInst::ICMP_ULE: return A <= B;
  case CmpInst::ICMP_SGT: return SA > SB;
  case CmpInst::ICMP_SGE: return SA >= SB;
  case CmpInst::ICMP_SLT: return SA < SB;
  default: return SA <= SB;
  }
}

} // namespace xwarp::sim
