//===- model/AddressSpace.cpp ---------------------------------------------===//
#include "model/AddressSpace.h"

namespace xwarp::model {

SpaceSet SpaceSet::ofPointerSpace(AddrSpace AS) {
  switch (AS) {
  case AddrSpace::Shared:
    return shared();
  case AddrSpace::Global:
    return global();
  case AddrSpace::Generic:
    return allVisible();
  case AddrSpace::Const:
  case AddrSpace::Local:
  case AddrSpace::Param:
    return none();
  }
  // An address space the model does not know: assume it may be anything visible.
  return allVisible();
}

std::string SpaceSet::str() const {
  if (hasShared() && hasGlobal())
    return "shared|global";
  if (hasShared())
    return "shared";
  if (hasGlobal())
    return "global";
  if (Bits & VotesBit)
    return "votes";
  return "none";
}

/// A space of its own: no byte of it is in another (generic is all of them;
/// a space the model does not know may be any, as LLVM 20's shared::cluster
/// space 7 holds the CTA's shared memory).
static bool specificSpace(AddrSpace AS) {
  switch (AS) {
  case AddrSpace::Global:
  case AddrSpace::Shared:
  case AddrSpace::Const:
  case AddrSpace::Local:
  case AddrSpace::Param:
    return true;
  case AddrSpace::Generic:
    return false;
  }
  return false;
}

bool spacesDisjoint(AddrSpace A, AddrSpace B) {
  return A != B && specificSpace(A) && specificSpace(B);
}

std::string spaceName(AddrSpace AS) {
  switch (AS) {
  case AddrSpace::Generic: return "generic";
  case AddrSpace::Global: return "global";
  case AddrSpace::Shared: return "shared";
  case AddrSpace::Const: return "const";
  case AddrSpace::Local: return "local";
  case AddrSpace::Param: return "param";
  }
  return "as" + std::to_string(static_cast<unsigned>(AS));
}

} // namespace xwarp::model
