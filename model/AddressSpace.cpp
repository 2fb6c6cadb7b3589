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

bool spacesDisjoint(AddrSpace A, AddrSpace B) {
  if (A == B || A == AddrSpace::Generic || B == AddrSpace::Generic)
    return false;
  return true;
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
