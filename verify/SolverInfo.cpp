//===- verify/SolverInfo.cpp ----------------------------------------------===//
#include "verify/SolverInfo.h"

#include <z3++.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <map>
#include <mutex>

namespace xwarp::verify {

std::string solverVersion() {
  unsigned Major = 0, Minor = 0, Build = 0, Revision = 0;
  Z3_get_version(&Major, &Minor, &Build, &Revision);
  return "Z3 " + std::to_string(Major) + "." + std::to_string(Minor) + "." +
         std::to_string(Build) + "." + std::to_string(Revision);
}

unsigned resourceLimitFor(unsigned TimeoutMs) {
  // Z3 4.8.12 spends about 3,000 resource units per millisecond on the
  // checker's bit-vector queries (measured with `z3 -st`); 20,000 leaves the
  // timeout to act first. Budgets too large for the limit get none (0).
  const uint64_t UnitsPerMs = 20000;
  uint64_t Limit = std::max<uint64_t>(uint64_t(TimeoutMs) * UnitsPerMs, 1);
  return Limit > std::numeric_limits<unsigned>::max() ? 0 : static_cast<unsigned>(Limit);
}

std::string unknownReason(const std::string &Z3Reason) {
  if (Z3Reason.find("timeout") != std::string::npos || Z3Reason.find("resource") != std::string::npos ||
      Z3Reason == "canceled")
    return "timeout";
  return Z3Reason;
}

std::string dumpPath(const std::string &Kind) {
  static const char *Dir = std::getenv("XWARP_DUMP_SMT");
  static std::mutex Lock;
  static std::map<std::string, unsigned> Count;
  if (!Dir)
    return "";
  std::lock_guard<std::mutex> Guard(Lock);
  return std::string(Dir) + "/" + Kind + "-" + std::to_string(Count[Kind]++) + ".smt2";
}

} // namespace xwarp::verify
