//===- core/Ablations.h - The reference descriptions' errors, on demand ----===//
//
// Each erratum of DESIGN.md exists in the project only as a named, opt-in
// ablation: switching one on makes the variants reproduce that error, so that
// the checker can refute it on a corpus kernel. None is ever on by default.
//
//   no-waw               write/write pairs do not conflict            (erratum 1)
//   own-address-keys     four-map keys accesses by the thread's own
//                        address: different offsets never conflict    (errata 2, 3)
//   seed-dead-conditions dataflow also calls a barrier dead when no read
//                        above and no write below (or no write above
//                        and no read below)                           (erratum 4)
//   element-size-gate    loads and stores of 511 bits or less are not
//                        accesses                                     (erratum 5)
//   exempt-splits        exempt intrinsics (bar.warp.sync, ...) split
//                        regions like full barriers                   (erratum 6)
//   popc-one-use         __syncthreads_count/and/or with one use is
//                        deletable; the use gets the thread's own vote (erratum 7)
//   shared-only          only shared memory counts                    (erratum 8)
//   drop-sext            Common Base Elimination reads sign extensions
//                        as zero extensions when it merges addresses
//                        (a deliberately wrong merge for the delta proof)
//
//===----------------------------------------------------------------------===//
#ifndef XWARP_CORE_ABLATIONS_H
#define XWARP_CORE_ABLATIONS_H

#include <optional>
#include <string>

namespace xwarp::core {

struct Ablations {
  bool NoWaw = false;
  bool OwnAddressKeys = false;
  bool SeedDeadConditions = false;
  bool ElementSizeGate = false;
  bool ExemptSplits = false;
  bool PopcOneUse = false;
  bool SharedOnly = false;
  bool DropSext = false;

  bool any() const;
  /// "no-waw,shared-only" (empty when none).
  std::string str() const;
  /// Parses a comma (or semicolon) separated list; nullopt names the first
  /// unknown entry in Bad.
  static std::optional<Ablations> parse(const std::string &List, std::string *Bad = nullptr);
  /// "no-waw, own-address-keys, ..." for messages.
  static const char *names();
};

} // namespace xwarp::core

#endif
