//===- core/ConflictOracle.cpp --------------------------------------------===//
#include "core/ConflictOracle.h"

namespace xwarp::core {

using xwarp::model::AccessSite;
using xwarp::model::FunctionModel;
using xwarp::model::SideSummary;
using xwarp::model::SpaceSet;
using Region = DependenceGraph::Region;

ConflictOracle::~ConflictOracle() = default;

bool ConflictOracle::kindsMayConflict(const AccessSite &A, const AccessSite &B) const {
  if (Ablate.NoWaw)
    return (model::writes(A.Kind) && model::reads(B.Kind)) ||
           (model::reads(A.Kind) && model::writes(B.Kind));
  return model::writes(A.Kind) || model::writes(B.Kind);
}

bool ConflictOracle::spacesAndKindsMayConflict(const AccessSite &A, const AccessSite &B) const {
  return kindsMayConflict(A, B) && !(A.Spaces & B.Spaces).empty();
}

SideSummary summarize(const FunctionModel &M, const Region &R) {
  SideSummary S;
  for (unsigned A : R.Accesses)
    S.add(M.Accesses[A]);
  return S;
}

std::string describeConflict(const AccessSite &A, const AccessSite &B) {
  // Built in one buffer: every barrier that stays needs this line, and a
  // large kernel keeps thousands.
  std::string S;
  S.reserve(128);
  S += model::writes(A.Kind) ? "write" : "read";
  S += " above / ";
  S += model::writes(B.Kind) ? "write" : "read";
  S += " below in ";
  S += (A.Spaces & B.Spaces).str();
  S += " memory: ";
  A.Label.appendTo(S);
  S += " vs ";
  B.Label.appendTo(S);
  return S;
}

static std::string noConflictReason(const model::AccessFlags &F) {
  if (!F.ReadAbove && !F.WriteAbove)
    return "no visible access above";
  if (!F.ReadBelow && !F.WriteBelow)
    return "no visible access below";
  return "no space written on one side and accessed on the other";
}

BarrierAnswer ConflictOracle::decide(const FunctionModel &M, const Region &Above,
                                     const Region &Below) {
  BarrierAnswer Ans;
  Ans.Flags = model::AccessFlags::of(summarize(M, Above), summarize(M, Below));
  Ans.DecidedBy = name();
  for (unsigned A : Above.Accesses)
    for (unsigned B : Below.Accesses)
      if (mayConflict(M, M.Accesses[A], M.Accesses[B])) {
        Ans.MayConflict = true;
        Ans.Witness = {A, B};
        Ans.Reason = describeConflict(M.Accesses[A], M.Accesses[B]);
        return Ans;
      }
  Ans.MayConflict = false;
  Ans.Reason = noConflictReason(Ans.Flags);
  return Ans;
}

std::vector<std::pair<unsigned, unsigned>> orderedConflicts(const DependenceGraph &G, unsigned Sync,
                                                            ConflictOracle &Oracle, size_t Limit) {
  const FunctionModel &M = G.model();
  std::vector<std::pair<unsigned, unsigned>> Pairs;
  for (unsigned A : G.above(Sync).Accesses)
    for (unsigned B : G.below(Sync).Accesses) {
      if (Pairs.size() >= Limit)
        return Pairs;
      if (Oracle.mayConflict(M, M.Accesses[A], M.Accesses[B]))
        Pairs.emplace_back(A, B);
    }
  return Pairs;
}

bool FlagOracle::mayConflict(const FunctionModel &, const AccessSite &A, const AccessSite &B) {
  return spacesAndKindsMayConflict(A, B);
}

/// The first site of R touching Space with the wanted kind of access.
static std::optional<unsigned> firstSite(const FunctionModel &M, const Region &R, SpaceSet Space,
                                         bool WantWrite) {
  for (unsigned A : R.Accesses) {
    const AccessSite &S = M.Accesses[A];
    if ((S.Spaces & Space).empty())
      continue;
    if (!WantWrite || model::writes(S.Kind))
      return A;
  }
  return std::nullopt;
}

BarrierAnswer FlagOracle::decide(const FunctionModel &M, const Region &Above, const Region &Below) {
  SideSummary Up = summarize(M, Above), Down = summarize(M, Below);
  BarrierAnswer Ans;
  Ans.Flags = model::AccessFlags::of(Up, Down);
  Ans.DecidedBy = name();
  Ans.MayConflict = model::summariesMayConflict(Up, Down);
  if (Ablate.NoWaw)
    Ans.MayConflict = !(Up.Write & Down.Read).empty() || !(Up.Read & Down.Write).empty();
  // seed-dead-conditions (erratum 4): also "dead" without reads above and
  // writes below, or without writes above and reads below.
  const model::AccessFlags &F = Ans.Flags;
  if (Ablate.SeedDeadConditions &&
      ((!F.ReadAbove && !F.WriteBelow) || (!F.WriteAbove && !F.ReadBelow)))
    Ans.MayConflict = false;
  if (!Ans.MayConflict) {
    Ans.Reason = noConflictReason(Ans.Flags);
    return Ans;
  }
  // A witness in linear time: a writer on one side, any access on the other
  // (votes too: a valued barrier's vote read on one side and another's vote
  // on the other conflict at flag precision).
  for (SpaceSet Space : {SpaceSet::shared(), SpaceSet::global(), SpaceSet::votes()}) {
    std::optional<unsigned> A, B;
    if (!(Up.Write & Space).empty() && !((Down.Read | Down.Write) & Space).empty()) {
      A = firstSite(M, Above, Space, true);
      B = firstSite(M, Below, Space, false);
    } else if (!(Up.Read & Space).empty() && !(Down.Write & Space).empty()) {
      A = firstSite(M, Above, Space, false);
      B = firstSite(M, Below, Space, true);
    }
    if (A && B) {
      Ans.Witness = {*A, *B};
      Ans.Reason = describeConflict(M.Accesses[*A], M.Accesses[*B]);
      return Ans;
    }
  }
  // No writer: a strong access other CTAs see on one side, and any such
  // access on the other.
  for (unsigned A : Above.Accesses)
    for (unsigned B : Below.Accesses)
      if (model::communicatesAcrossCtas(M.Accesses[A], M.Accesses[B])) {
        Ans.Witness = {A, B};
        Ans.Reason = std::string(model::CrossCtaReason) + ": " + describeConflict(M.Accesses[A], M.Accesses[B]);
        return Ans;
      }
  return Ans;
}

} // namespace xwarp::core
