//===- model/Launch.cpp ---------------------------------------------------===//
#include "model/Launch.h"

#include <algorithm>

namespace xwarp::model {

char dimName(Dim D) { return "xyz"[static_cast<unsigned>(D)]; }

LaunchBounds::LaunchBounds() : MaxThreads(CudaMaxThreads) {
  for (unsigned I = 0; I < 3; ++I) {
    Min[I] = 1;
    Max[I] = CudaMaxDim[I];
  }
}

void LaunchBounds::setExact(Dim D, uint32_t N) {
  unsigned I = idx(D);
  Min[I] = std::max(Min[I], N);
  Max[I] = std::min(Max[I], N);
}

void LaunchBounds::capDim(Dim D, uint32_t N) {
  unsigned I = idx(D);
  Max[I] = std::min(Max[I], N);
}

void LaunchBounds::capThreads(uint32_t N) { MaxThreads = std::min(MaxThreads, N); }

bool LaunchBounds::admits(const BlockDims &B) const {
  for (Dim D : AllDims)
    if (B.get(D) < Min[idx(D)] || B.get(D) > Max[idx(D)])
      return false;
  return B.threads() <= MaxThreads;
}

bool LaunchBounds::satisfiable() const {
  uint64_t Product = 1;
  for (unsigned I = 0; I < 3; ++I) {
    if (Min[I] > Max[I] || Min[I] == 0)
      return false;
    Product *= Min[I];
  }
  return Product <= MaxThreads;
}

std::string LaunchBounds::str() const {
  if (isFullyKnown())
    return std::to_string(Min[0]) + "x" + std::to_string(Min[1]) + "x" + std::to_string(Min[2]);
  std::string S;
  for (Dim D : AllDims) {
    S += "ntid.";
    S += dimName(D);
    if (isExact(D))
      S += " = " + std::to_string(Min[idx(D)]);
    else
      S += " in [" + std::to_string(Min[idx(D)]) + "," + std::to_string(Max[idx(D)]) + "]";
    S += ", ";
  }
  return S + "threads <= " + std::to_string(MaxThreads);
}

} // namespace xwarp::model
