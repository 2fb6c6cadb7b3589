//===- passes/AddressResults.h - What Common Base Elimination did ----------===//
//
// Like SyncResults.h for barriers: common-base-elim describes every address
// it rewrote (or rolled back) through a sink; the driver puts them into the
// JSON report's per-function "addresses" list.
//
//===----------------------------------------------------------------------===//
#ifndef XWARP_PASSES_ADDRESSRESULTS_H
#define XWARP_PASSES_ADDRESSRESULTS_H

#include "core/SourceLocation.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace xwarp::passes {

/// The delta proof of one rewritten address.
struct DeltaProofRecord {
  /// "proved", "refuted", "unknown"; "unchecked" without the checker.
  std::string Status = "unchecked";
  std::string Reason;
  double Ms = 0;
  /// Refuted: input values under which the addresses differ, by IR name.
  std::map<std::string, uint64_t> Inputs;
};

struct AddressRecord {
  /// The canonical base's name ("scevcgp_0") and the class's object.
  std::string Base;
  std::string Object;
  unsigned Space = 0;
  /// The first memory operation that uses the address.
  core::SourceLoc Loc;
  /// The original address value as printed IR, and its offset from the base:
  /// Delta bytes, plus Scale times Index for an address rewritten as an
  /// earlier one plus an index (passes/IndexReuse.h; Index "zext(%5)" or
  /// "%5", empty otherwise).
  std::string Original;
  int64_t Delta = 0;
  std::string Index;
  int64_t Scale = 0;

  /// "12", "4 * zext(%5)".
  std::string offsetText() const;
  /// "rewritten", or "rolled-back" (strict mode: its proof was not proved;
  /// any mode: it would read an input that may be poison or undef, which
  /// PoisonInputs refuses; or its merge no longer paid once those were put
  /// back).
  std::string Status = "rewritten";
  DeltaProofRecord Proof;
};

struct FunctionAddressResult {
  std::string Function;
  bool IsKernel = false;
  std::vector<AddressRecord> Addresses;
  /// Canonical bases kept in the function, and the rounds that ran.
  unsigned BasesMerged = 0;
  /// Allocas the alloca step replaced by one in the entry block (their
  /// lifetimes cannot overlap: the CFG shows it, no delta proof does).
  unsigned AllocasMerged = 0;
  unsigned Rounds = 0;
  double Ms = 0;
  /// Outside strict mode, the function had more loops than
  /// cbe-flagless-max-loops: its rewrites were proved and kept only if
  /// proved, as in strict mode.
  bool StrictForLoops = false;
};

class AddressResultSink {
public:
  virtual ~AddressResultSink();
  virtual void record(FunctionAddressResult R) = 0;
};

} // namespace xwarp::passes

#endif
