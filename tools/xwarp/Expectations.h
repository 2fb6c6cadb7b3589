//===- tools/xwarp/Expectations.h - The corpus's EXPECT annotations --------===//
//
// Every synchronization line of a corpus kernel ends with
//   // EXPECT: keep|dead|exempt -- <reason>
// and the corpus check compares the tool's verdicts with them, by line. A file
// may state the launch its verdicts assume: // XWARP-BLOCK-DIM: X,Y,Z.
//
//===----------------------------------------------------------------------===//
#ifndef XWARP_TOOLS_EXPECTATIONS_H
#define XWARP_TOOLS_EXPECTATIONS_H

#include "model/Launch.h"
#include "passes/SyncResults.h"

#include "llvm/Support/Error.h"

#include <array>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace xwarp::tools {

enum class ExpectedVerdict : uint8_t { Keep, Dead, Exempt };

struct Expectation {
  ExpectedVerdict Verdict = ExpectedVerdict::Keep;
  std::string Reason;
};

/// Expectations by line number.
using ExpectationMap = std::map<unsigned, Expectation>;

/// What a corpus file says about itself: its expectations, and the launch it
/// assumes (`// XWARP-BLOCK-DIM: *,1,1` for a kernel launched with 1D blocks).
struct CorpusFile {
  ExpectationMap Expect;
  std::optional<model::BlockDimSpec> BlockDim;
  /// `// XWARP-SIM-CTA: X,Y,Z`: the concrete launch xwarp simulate uses.
  std::optional<std::array<unsigned, 3>> SimCta;
};

llvm::Expected<CorpusFile> readCorpusFile(const std::string &Path);

/// A concrete CTA written X,Y,Z (one to three positive numbers, missing ones
/// 1), as --cta and XWARP-SIM-CTA give it; nullopt when malformed. The
/// thread count is the caller's to check.
std::optional<std::array<unsigned, 3>> parseCta(llvm::StringRef Text);

/// How one kernel file's verdicts compare with its annotations.
struct Comparison {
  unsigned Sites = 0, Removed = 0, Kept = 0, Exempt = 0;
  unsigned ExpectedDead = 0; ///< sites annotated dead
  unsigned RemovedDead = 0;  ///< of those, removed
  unsigned Unsafe = 0;       ///< annotated keep, but removed
  unsigned Mismatch = 0;     ///< exempt disagreements, unannotated sites, annotations without a site
  std::vector<std::string> Problems;
};

Comparison compare(const std::string &File, const ExpectationMap &Expect,
                   const std::vector<passes::FunctionSyncResult> &Results);

} // namespace xwarp::tools

#endif
