//===- model/Conflict.cpp -------------------------------------------------===//
#include "model/Conflict.h"

namespace xwarp::model {

bool rangesOverlap(uint64_t A, uint64_t SA, uint64_t B, uint64_t SB) {
  if (SA == 0 || SB == 0)
    return false;
  // Offsets are taken modulo 2^64, as the IR computes them and as the solver
  // encodes them: an 8-byte access at offset -4 covers offsets 0 to 3.
  return B - A < SA || A - B < SB;
}

bool eventsConflict(const ConcreteAccess &A, const ConcreteAccess &B) {
  if (A.Thread == B.Thread)
    return false;
  if (!writes(A.Kind) && !writes(B.Kind))
    return false;
  if (A.Space != B.Space)
    return false;
  if (SpaceSet::ofPointerSpace(A.Space).empty())
    return false; // local, const, param: not shared between threads
  return rangesOverlap(A.Address, A.Size, B.Address, B.Size);
}

bool mayConflictBySpaceAndKind(const AccessSite &A, const AccessSite &B) {
  if (!writes(A.Kind) && !writes(B.Kind))
    return false;
  return !(A.Spaces & B.Spaces).empty();
}

bool visibleBeyondCta(const AccessSite &S) {
  return S.Spaces.hasGlobal() || (S.ClusterShared && S.Spaces.hasShared());
}

bool communicatesAcrossCtas(const AccessSite &A, const AccessSite &B) {
  return visibleBeyondCta(A) && visibleBeyondCta(B) && (A.Strong || B.Strong);
}

void SideSummary::add(const AccessSite &S) {
  if (model::reads(S.Kind))
    Read |= S.Spaces;
  if (model::writes(S.Kind))
    Write |= S.Spaces;
  if (visibleBeyondCta(S)) {
    BeyondCta = true;
    StrongBeyondCta |= S.Strong;
  }
}

bool summariesMayConflict(const SideSummary &Above, const SideSummary &Below) {
  return !(Above.Write & Below.Read).empty() || !(Above.Read & Below.Write).empty() ||
         !(Above.Write & Below.Write).empty() || (Above.StrongBeyondCta && Below.BeyondCta) ||
         (Below.StrongBeyondCta && Above.BeyondCta);
}

} // namespace xwarp::model
