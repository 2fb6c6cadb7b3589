//===- core/FourMapOracle.cpp ---------------------------------------------===//
#include "core/FourMapOracle.h"

namespace xwarp::core {

using model::AccessSite;
using model::FunctionModel;
using Region = DependenceGraph::Region;

/// An address class: a known underlying object, or the whole space.
static const model::MemoryObject *classObject(const AccessSite &S) {
  if (!S.Address)
    return nullptr;
  const model::MemoryObject &O = S.Address->Object;
  if (O.Kind == model::ObjectKind::Unknown || !O.UniformBase)
    return nullptr;
  return &O;
}

bool FourMapOracle::mayConflict(const FunctionModel &, const AccessSite &A, const AccessSite &B) {
  if (model::communicatesAcrossCtas(A, B))
    return true;
  if (!spacesAndKindsMayConflict(A, B))
    return false;
  const model::MemoryObject *CA = classObject(A), *CB = classObject(B);
  if (!CA || !CB)
    return true; // a space class aliases everything in its space
  if (!model::mayBeSameObject(*CA, *CB))
    return false;
  // own-address-keys (errata 2, 3): one thread's view, in which two accesses
  // meet only at the same address expression.
  if (Ablate.OwnAddressKeys && CA->Key == CB->Key && A.Address->Offset && B.Address->Offset)
    return A.Address->Offset == B.Address->Offset;
  return true;
}

BarrierAnswer FourMapOracle::decide(const FunctionModel &M, const Region &Above,
                                    const Region &Below) {
  BarrierAnswer Ans = ConflictOracle::decide(M, Above, Below);
  // A crossed block boundary stands for unknown accesses of every kind.
  if (Above.CrossesBlock) {
    Ans.Flags.ReadAbove = Ans.Flags.WriteAbove = true;
  }
  if (Below.CrossesBlock) {
    Ans.Flags.ReadBelow = Ans.Flags.WriteBelow = true;
  }
  bool UpNonEmpty = Above.CrossesBlock || !Above.Accesses.empty();
  bool DownNonEmpty = Below.CrossesBlock || !Below.Accesses.empty();
  if (!Ans.MayConflict && (Above.CrossesBlock || Below.CrossesBlock) && UpNonEmpty &&
      DownNonEmpty) {
    Ans.MayConflict = true;
    Ans.Witness.reset();
    Ans.Reason = std::string("the block boundary ") +
                 (Above.CrossesBlock ? "above" : "below") +
                 " stands for unknown accesses of every kind";
  }
  return Ans;
}

} // namespace xwarp::core
