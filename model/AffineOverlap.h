//===- model/AffineOverlap.h - The solver-free fast path --------------------===//
//
// Decides "may two different threads' accesses overlap?" without a solver for
// the common shapes. Offsets are normalized to polynomials over thread
// coordinates, block dimensions and uniform leaves (extensions are looked
// through when the launch bounds show they cannot wrap). The fast path then
// needs both offsets to be the same function of the thread up to a constant:
//   c . tid + U + k            (s[t], s[2t+1], tile[ty][tx] with constant rows)
//   c * linear_id(tid) + U + k (flat ids tx + ntid.x * (ty + ntid.y * tz))
// with U a uniform part equal on both sides. Anything else goes to the solver.
//
//===----------------------------------------------------------------------===//
#ifndef XWARP_MODEL_AFFINEOVERLAP_H
#define XWARP_MODEL_AFFINEOVERLAP_H

#include "model/Launch.h"
#include "model/Term.h"

#include <algorithm>
#include <map>
#include <optional>
#include <vector>

namespace xwarp::model {

struct AccessSite;

/// Upper bounds of leaves (from guards such as iteration counts): leaf -> max.
using LeafBounds = std::map<const Term *, uint64_t>;

/// A polynomial modulo 2^Width: monomial (sorted atoms) -> coefficient.
struct Polynomial {
  using Monomial = std::vector<const Term *>;
  /// Monomials by their atoms' creation order (the constant one, empty, first).
  struct MonomialLess {
    bool operator()(const Monomial &A, const Monomial &B) const {
      return std::lexicographical_compare(A.begin(), A.end(), B.begin(), B.end(), TermIdLess());
    }
  };
  unsigned Width = 64;
  std::map<Monomial, uint64_t, MonomialLess> Terms;
  bool isConstant() const;
  uint64_t constant() const;
};

/// The polynomial of T modulo 2^width(T): sums, products, constant shifts,
/// and extensions that the bounds show cannot wrap are expanded; any other
/// subterm is an atom.
Polynomial polynomialOf(const Term *T, const LaunchBounds &B, const LeafBounds &Leaves = {});

/// The constant upper bounds that a site's guards put on its leaves.
LeafBounds leafBoundsOf(const std::vector<struct Guard> &Guards);

/// One access's offset as the fast path reads it: its polynomial split into
/// the coefficients of tid.x/y/z, the uniform rest, and the monomials of
/// bounded per-event leaves, with those leaves' bounds. A caller comparing
/// one access with many prepares it once.
struct AffineSide {
  Polynomial Q[3]; // coefficient polynomial of tid_d
  Polynomial Rest; // uniform monomials without tid
  Polynomial High; // monomials with bounded per-event leaves (no tid)
  LeafBounds Leaves;
};

/// Offset (of a pointer-wide width) as an AffineSide; nullopt when it is not
/// of a shape the fast path reads.
std::optional<AffineSide> affineSide(const Term *Offset, const LaunchBounds &Bounds,
                                     const LeafBounds &Leaves = {});

/// Each site's AffineSide (of its offset and its guards' leaf bounds), made
/// on first use and kept by access id: a caller comparing every site of a
/// region with every site of another prepares each once. Only for a model's
/// own sites: a site made for one question (an aligned copy) shares its
/// original's id but not its offset.
class AffineSideCache {
public:
  /// A has an address and an offset. The reference stays valid while the
  /// cache lives (it is sized once, for NumAccesses sites).
  const std::optional<AffineSide> &of(const AccessSite &A, const LaunchBounds &Bounds);
  explicit AffineSideCache(size_t NumAccesses) : Sides(NumAccesses), Made(NumAccesses) {}

private:
  std::vector<std::optional<AffineSide>> Sides;
  std::vector<bool> Made;
};

/// affineMayOverlap below, on prepared sides.
std::optional<bool> affineMayOverlap(const AffineSide &A, uint64_t SizeA, const AffineSide &B,
                                     uint64_t SizeB, const LaunchBounds &Bounds);

/// Two accesses by threads t != t': the first at OffsetA (SizeA bytes) by t,
/// the second at OffsetB (SizeB bytes) by t', into the same object. Whether
/// their byte ranges can overlap within the launch bounds, or nullopt when
/// the offsets are not of a shape the fast path decides.
std::optional<bool> affineMayOverlap(const Term *OffsetA, uint64_t SizeA, const Term *OffsetB,
                                     uint64_t SizeB, const LaunchBounds &Bounds,
                                     const LeafBounds &LeavesA = {}, const LeafBounds &LeavesB = {});

} // namespace xwarp::model

#endif
