//===- model/Access.h - Memory objects, symbolic addresses, access sites --===//
//
// An access site is a static place in a function that touches memory; each of
// its dynamic executions by a thread is an access event. A site knows its kind
// (read / write / read-modify-write), the visible spaces it may touch, its size
// and, when extraction could build one, its symbolic byte address.
//
//===----------------------------------------------------------------------===//
#ifndef XWARP_MODEL_ACCESS_H
#define XWARP_MODEL_ACCESS_H

#include "model/AddressSpace.h"
#include "model/Guard.h"
#include "model/IterationAlignment.h"
#include "model/Term.h"

#include <array>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace xwarp::model {

/// Atomics are ReadWrite: their order is observable, so they count as writes.
enum class AccessKind : uint8_t { Read = 1, Write = 2, ReadWrite = 3 };

inline bool reads(AccessKind K) { return static_cast<uint8_t>(K) & 1; }
inline bool writes(AccessKind K) { return static_cast<uint8_t>(K) & 2; }
const char *accessKindName(AccessKind K);

enum class ObjectKind : uint8_t {
  Variable,  ///< A named global or __shared__ variable.
  Parameter, ///< A kernel pointer parameter: global memory.
  Stack,     ///< An alloca: local, thread-private memory.
  /// One of two pointers that hold two distinct objects, each one the
  /// other's, taking turns: the pointers a loop swaps in every iteration
  /// (double buffering by pointers), or two selects of the objects on one
  /// condition, the arms swapped (`src = c ? a : b; dst = c ? b : a`).
  /// Which one a pointer holds is the iteration's or the condition's
  /// question; offsets are from the start of the object it holds.
  Alternating,
  Unknown, ///< A pointer of unknown origin (loaded, selected, ...).
};

struct MemoryObject;
/// The two objects of a swapped pair: the first pointer of the pair holds
/// Turns[0] when the second holds Turns[1], and the other way round.
using ObjectTurns = std::array<MemoryObject, 2>;

/// The underlying object an address is an offset into.
struct MemoryObject {
  ObjectKind Kind = ObjectKind::Unknown;
  AddrSpace Space = AddrSpace::Generic;
  /// Identity within one function model: equal keys mean the same object.
  uint64_t Key = 0;
  std::string Name;
  /// A noalias (__restrict__) kernel parameter: nothing else reaches its memory.
  bool NoAlias = false;
  /// Whether the pointer value is the same in every thread (a uniform base).
  bool UniformBase = true;
  /// Alternating: the pair's objects (the same for both pointers of the pair,
  /// whose Key is the pair's) and which of them this pointer holds when the
  /// other one holds the other (0 or 1).
  std::shared_ptr<const ObjectTurns> Turns = nullptr;
  uint8_t Turn = 0;
  /// Alternating by selects: the condition, one term for both selects (a
  /// pointer of turn 0 holds Turns[0] where it is true). Null for a pair a
  /// loop swaps, whose turn its loop's iteration fixes (AlignedLoop::Pairs).
  const Term *Selector = nullptr;
};

/// Whether two objects may share bytes (sound: true when unsure).
bool mayBeSameObject(const MemoryObject &A, const MemoryObject &B);

/// Whether addresses in A and B can share a byte only as offsets into one
/// object, which both may be, from its start: the same object (or pair), or
/// objects that are either identical or apart whatever each holds (an
/// alternating pair and one of its two objects, which the other cannot
/// be). Then comparing their offsets over-approximates every collision.
/// False for unknown objects.
bool offsetsComparable(const MemoryObject &A, const MemoryObject &B);

/// Object + byte offset. A null Offset means the offset is unknown.
struct SymbolicAddress {
  MemoryObject Object;
  const Term *Offset = nullptr;
  std::string str() const;
};

/// A place in the kernel's source.
struct SourcePlace {
  std::string_view File;
  unsigned Line = 0, Col = 0;
  bool known() const { return Line != 0; }
  /// "file:line:col", or "<unknown>".
  std::string str() const;
  void appendTo(std::string &S) const;
};

/// What a site is and where, for reports: "load at k.cu:12:5". Kept in parts
/// and joined only when a report asks: a large kernel has tens of thousands of
/// sites, and building each one's text took a seventh of the analysis. The
/// parts are borrowed: What and Joiner are string literals, and Where.File is
/// the module's debug information, which outlives the models built from it.
struct SiteLabel {
  const char *What = "";
  /// When set, the place follows: What + Joiner + Where ("load" " at " ...).
  const char *Joiner = nullptr;
  SourcePlace Where;
  std::string str() const;
  void appendTo(std::string &S) const;
};

struct AccessSite {
  unsigned Id = 0;
  AccessKind Kind = AccessKind::ReadWrite;
  /// Visible spaces this site may touch; empty for thread-private memory.
  SpaceSet Spaces = SpaceSet::allVisible();
  /// Bytes accessed; 0 when unknown.
  uint64_t Size = 0;
  /// None when extraction could not tell where the site points.
  std::optional<SymbolicAddress> Address;
  /// Atomic or volatile: a "strong" operation that a fence orders.
  bool Strong = false;
  /// The shared memory it may touch is visible to the other CTAs of a
  /// cluster (distributed shared memory): it communicates beyond the CTA as
  /// global memory does.
  bool ClusterShared = false;
  /// Comparisons that hold whenever the site executes (path conditions).
  std::vector<Guard> Guards;
  /// The unknown caller of a non-kernel function (entry or exit).
  bool CallerContext = false;
  /// Where the site is in the function's aligned loops (FunctionModel::AlignedLoops).
  std::vector<LoopPosition> Loops;
  /// For dumps and reports.
  SiteLabel Label;

  bool visible() const { return !Spaces.empty(); }
};

} // namespace xwarp::model

#endif
