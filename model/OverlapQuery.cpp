//===- model/OverlapQuery.cpp ---------------------------------------------===//
#include "model/OverlapQuery.h"

namespace xwarp::model {

OverlapSolver::~OverlapSolver() = default;

const char *queryStatusName(QueryStatus S) {
  switch (S) {
  case QueryStatus::Disjoint: return "disjoint";
  case QueryStatus::Overlap: return "overlap";
  case QueryStatus::Unknown: return "unknown";
  }
  return "?";
}

static std::string tuple(uint32_t X, uint32_t Y, uint32_t Z) {
  return "(" + std::to_string(X) + "," + std::to_string(Y) + "," + std::to_string(Z) + ")";
}

std::string Counterexample::str() const {
  std::string S = "t=" + tuple(T.X, T.Y, T.Z) + " t'=" + tuple(TPrime.X, TPrime.Y, TPrime.Z) +
                  " ntid=" + tuple(Ntid.X, Ntid.Y, Ntid.Z) + " offsets " + std::to_string(OffsetA) +
                  " and " + std::to_string(OffsetB);
  for (const auto &[Name, V] : Uniforms)
    S += " " + Name + "=" + std::to_string(static_cast<int64_t>(V));
  return S;
}

} // namespace xwarp::model
