//===- model/AddressSpace.h - NVPTX address spaces and visibility ---------===//
//
// The address spaces of the model and which of them are visible to the other
// threads of a CTA. No LLVM here: the numbers are NVPTX's, the meaning is ours.
//
//===----------------------------------------------------------------------===//
#ifndef XWARP_MODEL_ADDRESSSPACE_H
#define XWARP_MODEL_ADDRESSSPACE_H

#include <cstdint>
#include <string>

namespace xwarp::model {

/// NVPTX address-space numbers as they appear in the IR.
enum class AddrSpace : unsigned {
  Generic = 0,
  Global = 1,
  Shared = 3,
  Const = 4,
  Local = 5,
  Param = 101,
};

/// A set of the spaces other threads of the CTA can observe: shared and global.
/// Local memory is thread-private and const/param are read-only, so they never
/// take part in a cross-thread conflict.
class SpaceSet {
public:
  /// VotesBit is not memory: the data a valued barrier (__syncthreads_count)
  /// exchanges between threads, modelled as accesses of their own kind so
  /// that they conflict only with each other.
  enum Bit : uint8_t { SharedBit = 1, GlobalBit = 2, VotesBit = 4 };

  constexpr SpaceSet() = default;
  static constexpr SpaceSet none() { return SpaceSet(0); }
  static constexpr SpaceSet shared() { return SpaceSet(SharedBit); }
  static constexpr SpaceSet global() { return SpaceSet(GlobalBit); }
  static constexpr SpaceSet allVisible() { return SpaceSet(SharedBit | GlobalBit); }
  static constexpr SpaceSet votes() { return SpaceSet(VotesBit); }

  /// The visible spaces an access through a pointer of space AS may touch.
  /// Generic may be shared or global (never aliasing each other).
  static SpaceSet ofPointerSpace(AddrSpace AS);

  constexpr bool empty() const { return Bits == 0; }
  constexpr bool hasShared() const { return Bits & SharedBit; }
  constexpr bool hasGlobal() const { return Bits & GlobalBit; }
  constexpr uint8_t bits() const { return Bits; }
  constexpr SpaceSet operator&(SpaceSet O) const { return SpaceSet(Bits & O.Bits); }
  constexpr SpaceSet operator|(SpaceSet O) const { return SpaceSet(Bits | O.Bits); }
  SpaceSet &operator|=(SpaceSet O) { Bits |= O.Bits; return *this; }
  constexpr bool operator==(SpaceSet O) const { return Bits == O.Bits; }
  constexpr bool operator!=(SpaceSet O) const { return Bits != O.Bits; }

  /// "shared", "global", "shared|global", "votes" or "none".
  std::string str() const;

private:
  constexpr explicit SpaceSet(uint8_t B) : Bits(B) {}
  uint8_t Bits = 0;
};

/// Whether two spaces can never hold the same byte (shared vs global); never
/// for generic, or for a space the model does not know.
bool spacesDisjoint(AddrSpace A, AddrSpace B);

/// "generic", "global", "shared", "const", "local", "param" or "as<N>".
std::string spaceName(AddrSpace AS);

} // namespace xwarp::model

#endif
