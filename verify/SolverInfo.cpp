//===- verify/SolverInfo.cpp ----------------------------------------------===//
#include "verify/SolverInfo.h"

#include <z3++.h>

namespace xwarp::verify {

std::string solverVersion() {
  unsigned Major = 0, Minor = 0, Build = 0, Revision = 0;
  Z3_get_version(&Major, &Minor, &Build, &Revision);
  return "Z3 " + std::to_string(Major) + "." + std::to_string(Minor) + "." +
         std::to_string(Build) + "." + std::to_string(Revision);
}

} // namespace xwarp::verify
