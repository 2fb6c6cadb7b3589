//===- verify/SolverInfo.h - The solver the checker runs on, its budget ---===//
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

/// The resource limit (Z3's `rlimit`) set beside a query's wall-clock timeout:
/// several times the work Z3 does in TimeoutMs, so that the timeout normally
/// ends a query first. Z3 4.8 (Debian 12's) sometimes misses its own timer
/// under load; the resource limit, counted on the solving thread, still ends
/// the query, at the same point on every machine.
unsigned resourceLimitFor(unsigned TimeoutMs);

/// A query's "unknown" reason as reports give it: "timeout" when the time or
/// resource budget ran out, else Z3's own words.
std::string unknownReason(const std::string &Z3Reason);

/// Where to write the next query of a kind ("query", "delta") as SMT-LIB
/// when XWARP_DUMP_SMT=DIR is set: DIR/KIND-N.smt2, N counting the process's
/// queries of that kind; empty when it is not set (debugging).
std::string dumpPath(const std::string &Kind);

} // namespace xwarp::verify

#endif
