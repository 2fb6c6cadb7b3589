//===- verify/SolverInfo.h - Which solver the checker runs on -------------===//
//
// verify/ is the only place that includes Z3 (DESIGN "Layout"). Headers here
// never name Z3 types; only verify/*.cpp include <z3++.h>.
//
//===----------------------------------------------------------------------===//
#ifndef XWARP_VERIFY_SOLVERINFO_H
#define XWARP_VERIFY_SOLVERINFO_H

#include <string>

namespace xwarp::verify {

/// "Z3 4.8.12.0", as the linked library reports it.
std::string solverVersion();

} // namespace xwarp::verify

#endif
