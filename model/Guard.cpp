//===- model/Guard.cpp ----------------------------------------------------===//
#include "model/Guard.h"

namespace xwarp::model {

CmpPred inverse(CmpPred P) {
  switch (P) {
  case CmpPred::EQ: return CmpPred::NE;
  case CmpPred::NE: return CmpPred::EQ;
  case CmpPred::ULT: return CmpPred::UGE;
  case CmpPred::ULE: return CmpPred::UGT;
  case CmpPred::UGT: return CmpPred::ULE;
  case CmpPred::UGE: return CmpPred::ULT;
  case CmpPred::SLT: return CmpPred::SGE;
  case CmpPred::SLE: return CmpPred::SGT;
  case CmpPred::SGT: return CmpPred::SLE;
  case CmpPred::SGE: return CmpPred::SLT;
  }
  return P;
}

const char *predName(CmpPred P) {
  switch (P) {
  case CmpPred::EQ: return "==";
  case CmpPred::NE: return "!=";
  case CmpPred::ULT: return "<u";
  case CmpPred::ULE: return "<=u";
  case CmpPred::UGT: return ">u";
  case CmpPred::UGE: return ">=u";
  case CmpPred::SLT: return "<s";
  case CmpPred::SLE: return "<=s";
  case CmpPred::SGT: return ">s";
  case CmpPred::SGE: return ">=s";
  }
  return "?";
}

std::string Guard::str() const { return L->str() + " " + predName(Pred) + " " + R->str(); }

bool evaluatePredicate(CmpPred P, uint64_t L, uint64_t R, unsigned Width) {
  uint64_t Mask = widthMask(Width);
  L &= Mask;
  R &= Mask;
  auto S = [Width](uint64_t V) {
    if (Width >= 64)
      return static_cast<int64_t>(V);
    uint64_t Sign = uint64_t(1) << (Width - 1);
    return static_cast<int64_t>((V ^ Sign) - Sign);
  };
  switch (P) {
  case CmpPred::EQ: return L == R;
  case CmpPred::NE: return L != R;
  case CmpPred::ULT: return L < R;
  case CmpPred::ULE: return L <= R;
  case CmpPred::UGT: return L > R;
  case CmpPred::UGE: return L >= R;
  case CmpPred::SLT: return S(L) < S(R);
  case CmpPred::SLE: return S(L) <= S(R);
  case CmpPred::SGT: return S(L) > S(R);
  case CmpPred::SGE: return S(L) >= S(R);
  }
  return false;
}

} // namespace xwarp::model
