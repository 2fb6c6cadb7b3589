//===- model/Launch.cpp ---------------------------------------------------===//
#include "model/Launch.h"

#include <algorithm>

namespace xwarp::model {

char dimName(Dim D) { return "xyz"[static_cast<unsigned>(D)]; }

static std::string triple(uint32_t X, uint32_t Y, uint32_t Z) {
  return "(" + std::to_string(X) + "," + std::to_string(Y) + "," + std::to_string(Z) + ")";
}

std::string ThreadId::str() const { return triple(X, Y, Z); }
std::string BlockDims::str() const { return triple(X, Y, Z); }

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

void LaunchBounds::capThreads(uint32_t N) {
  MaxThreads = std::min(MaxThreads, N);
  // Every other dimension is at least 1, so none exceeds the thread count.
  for (unsigned I = 0; I < 3; ++I)
    Max[I] = std::min(Max[I], MaxThreads);
}

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

void BlockDimSpec::applyTo(LaunchBounds &B) const {
  for (Dim D : AllDims)
    if (const std::optional<uint32_t> &N = Dims[static_cast<unsigned>(D)])
      B.setExact(D, *N);
}

std::string BlockDimSpec::str() const {
  std::string S;
  for (unsigned I = 0; I < 3; ++I) {
    if (I)
      S += "x";
    S += Dims[I] ? std::to_string(*Dims[I]) : "*";
  }
  return S;
}

std::optional<BlockDimSpec> BlockDimSpec::parse(const std::string &Text) {
  BlockDimSpec Spec;
  Spec.Dims[0] = Spec.Dims[1] = Spec.Dims[2] = 1;
  size_t Start = 0;
  unsigned N = 0;
  // "X,Y,Z" or "XxYxZ" (pass pipelines reserve the comma).
  char Sep = Text.find(',') != std::string::npos ? ',' : 'x';
  for (;;) {
    size_t Comma = Text.find(Sep, Start);
    std::string Part = Text.substr(Start, Comma == std::string::npos ? std::string::npos : Comma - Start);
    if (N == 3 || Part.empty())
      return std::nullopt;
    if (Part == "*") {
      Spec.Dims[N] = std::nullopt;
    } else {
      if (Part.size() > 4 || Part.find_first_not_of("0123456789") != std::string::npos)
        return std::nullopt;
      uint32_t V = static_cast<uint32_t>(std::stoul(Part));
      if (V == 0 || V > LaunchBounds::CudaMaxDim[N])
        return std::nullopt;
      Spec.Dims[N] = V;
    }
    ++N;
    if (Comma == std::string::npos)
      break;
    Start = Comma + 1;
  }
  LaunchBounds B;
  Spec.applyTo(B);
  if (!B.satisfiable())
    return std::nullopt;
  return Spec;
}

} // namespace xwarp::model
