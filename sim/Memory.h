//===- sim/Memory.h - The memory of one simulated CTA ------------------------===//
//
// Byte-addressed objects (kernel buffers, shared variables, constants,
// per-thread allocas), pointers as (object, offset) in one 64-bit word, and a
// shadow per byte of shared and global memory for race detection by barrier
// epochs: two accesses by different threads in one epoch, overlapping, one
// a plain write (atomics among themselves are ordered), are a race, unless
// both threads are of one warp and a __syncwarp of the whole warp came
// between them (the warp's own epochs).
//
//===----------------------------------------------------------------------===//
#ifndef XWARP_SIM_MEMORY_H
#define XWARP_SIM_MEMORY_H

#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

namespace llvm {
class Instruction;
}

namespace xwarp::sim {

enum class Space : uint8_t { Global, Shared, Local, Constant };

/// A pointer: the object's id in the high 16 bits, the byte offset below.
/// Object 0 is the null pointer.
inline uint64_t makePointer(unsigned Object, uint64_t Offset) {
  return (uint64_t(Object) << 48) | (Offset & ((uint64_t(1) << 48) - 1));
}
inline unsigned objectOf(uint64_t P) { return static_cast<unsigned>(P >> 48); }
inline uint64_t offsetOf(uint64_t P) { return P & ((uint64_t(1) << 48) - 1); }

/// One data race: two accesses in one barrier epoch.
struct Race {
  /// The first pair of threads seen racing here, and every pair seen.
  unsigned ThreadA, ThreadB;
  const llvm::Instruction *A, *B;
  std::string Object;
  uint64_t Offset;
  unsigned Epoch;
  std::set<std::pair<unsigned, unsigned>> Pairs;
};

class Memory {
public:
  /// A new object of Bytes zero bytes; its id. Owner: the thread whose
  /// local memory it is (an alloca, a byval copy), if any.
  unsigned allocate(Space S, uint64_t Bytes, std::string Name, std::optional<unsigned> Owner = std::nullopt);
  /// Why Thread may not access P, if P is in another thread's local memory:
  /// a local address means the accessing thread's own memory on the GPU,
  /// and CUDA leaves another thread's use of one undefined.
  std::optional<std::string> foreignLocal(uint64_t P, unsigned Thread) const;
  /// Whether a pointer's 16 bits of object id can name no more objects
  /// (objects are never freed; a further one would alias object 0 on).
  bool full() const { return Objects.size() >= (size_t(1) << 16); }
  unsigned objectCount() const { return static_cast<unsigned>(Objects.size()); }
  Space spaceOf(unsigned Object) const { return Objects[Object].S; }
  const std::string &nameOf(unsigned Object) const { return Objects[Object].Name; }
  std::vector<uint8_t> &bytes(unsigned Object) { return Objects[Object].Bytes; }
  const std::vector<uint8_t> &bytes(unsigned Object) const { return Objects[Object].Bytes; }

  /// Reads or writes Size bytes at P; an error message if out of bounds.
  std::optional<std::string> read(uint64_t P, unsigned Size, uint64_t &Out) const;
  std::optional<std::string> write(uint64_t P, unsigned Size, uint64_t Value);

  /// Records an access by Thread in Epoch, its warp in WarpEpoch, for race
  /// detection (shared and global memory only).
  void record(uint64_t P, unsigned Size, bool Write, bool Atomic, unsigned Thread, unsigned Epoch,
              unsigned WarpEpoch, const llvm::Instruction *I);
  const std::vector<Race> &races() const { return Races; }

private:
  /// An access: its thread, instruction and the thread's warp epoch then; an
  /// atomic one with its bytes (atomics are ordered among themselves only on
  /// exactly the same bytes: PTX's morally strong needs full overlap).
  struct Access {
    unsigned Thread;
    const llvm::Instruction *At;
    unsigned WarpEpoch;
    bool Atomic;
    uint64_t AtomicOffset;
    unsigned AtomicSize;
  };
  /// A byte's accesses in its latest epoch: each (thread, instruction)'s
  /// latest, writes and reads apart. Keeping every one, not only the last
  /// write, reports every racing pair of instructions whatever the order the
  /// schedule ran them in (a race is keyed by its instructions).
  struct Shadow {
    unsigned Epoch = ~0u;
    std::vector<Access> Writes, Reads;
  };
  struct Object {
    Space S;
    std::string Name;
    std::vector<uint8_t> Bytes;
    /// Shared and global objects only; bytes as they are touched.
    bool Tracked = false;
    std::unordered_map<uint64_t, Shadow> Shadows;
    std::optional<unsigned> Owner = std::nullopt;
  };
  void race(unsigned A, const llvm::Instruction *IA, unsigned B, const llvm::Instruction *IB,
            unsigned Object, uint64_t Offset, unsigned Epoch);

  std::vector<Object> Objects{Object{Space::Global, "null", {}, false, {}}};
  std::vector<Race> Races;
};

} // namespace xwarp::sim

#endif
