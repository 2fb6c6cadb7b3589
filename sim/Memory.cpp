//===- sim/Memory.cpp -----------------------------------------------------===//
#include "sim/Memory.h"

#include <algorithm>

namespace xwarp::sim {

unsigned Memory::allocate(Space S, uint64_t Bytes, std::string Name, std::optional<unsigned> Owner) {
  Object O{S, std::move(Name), std::vector<uint8_t>(Bytes, 0), S == Space::Global || S == Space::Shared, {}, Owner};
  Objects.push_back(std::move(O));
  return static_cast<unsigned>(Objects.size() - 1);
}

std::optional<std::string> Memory::foreignLocal(uint64_t P, unsigned Thread) const {
  unsigned O = objectOf(P);
  if (O == 0 || O >= Objects.size() || !Objects[O].Owner || *Objects[O].Owner == Thread)
    return std::nullopt;
  return "an access of thread " + std::to_string(*Objects[O].Owner) + "'s local memory (" + Objects[O].Name +
         "), undefined in CUDA";
}

static std::string outOfBounds(const std::string &Name, uint64_t Offset, unsigned Size, size_t Bytes) {
  return "access of " + std::to_string(Size) + " bytes at offset " + std::to_string(Offset) + " of " +
         Name + " (" + std::to_string(Bytes) + " bytes)";
}

std::optional<std::string> Memory::read(uint64_t P, unsigned Size, uint64_t &Out) const {
  unsigned O = objectOf(P);
  uint64_t Off = offsetOf(P);
  if (O == 0 || O >= Objects.size())
    return std::string("load through a null or invalid pointer");
  const std::vector<uint8_t> &B = Objects[O].Bytes;
  if (Off + Size > B.size())
    return outOfBounds(Objects[O].Name, Off, Size, B.size());
  Out = 0;
  for (unsigned K = 0; K < Size && K < 8; ++K)
    Out |= uint64_t(B[Off + K]) << (8 * K);
  return std::nullopt;
}

std::optional<std::string> Memory::write(uint64_t P, unsigned Size, uint64_t Value) {
  unsigned O = objectOf(P);
  uint64_t Off = offsetOf(P);
  if (O == 0 || O >= Objects.size())
    return std::string("store through a null or invalid pointer");
  std::vector<uint8_t> &B = Objects[O].Bytes;
  if (Objects[O].S == Space::Constant)
    return "store to constant " + Objects[O].Name;
  if (Off + Size > B.size())
    return outOfBounds(Objects[O].Name, Off, Size, B.size());
  for (unsigned K = 0; K < Size; ++K)
    B[Off + K] = K < 8 ? static_cast<uint8_t>(Value >> (8 * K)) : 0;
  return std::nullopt;
}

void Memory::race(unsigned A, const llvm::Instruction *IA, unsigned B, const llvm::Instruction *IB,
                  unsigned Object, uint64_t Offset, unsigned Epoch) {
  // One report per pair of instructions, with every pair of threads.
  std::pair<unsigned, unsigned> Threads{std::min(A, B), std::max(A, B)};
  for (Race &R : Races)
    if ((R.A == IA && R.B == IB) || (R.A == IB && R.B == IA)) {
      R.Pairs.insert(Threads);
      return;
    }
  Races.push_back({A, B, IA, IB, Objects[Object].Name, Offset, Epoch, {Threads}});
}

void Memory::record(uint64_t P, unsigned Size, bool Write, bool Atomic, unsigned Thread, unsigned Epoch,
                    unsigned WarpEpoch, const llvm::Instruction *I) {
  unsigned O = objectOf(P);
  if (O == 0 || O >= Objects.size() || !Objects[O].Tracked)
    return;
  uint64_t Off = offsetOf(P);
  Access Now{Thread, I, WarpEpoch, Atomic, Off, Size};
  // An earlier access of this epoch is ordered before this one if it is the
  // same thread's, or a lane of the same warp's before a __syncwarp that
  // both have passed since; two atomics on the same bytes are ordered too.
  auto Races = [&](const Access &A) {
    bool Ordered = A.Thread == Thread || (A.Thread / 32 == Thread / 32 && A.WarpEpoch < WarpEpoch);
    bool BothAtomic = Atomic && A.Atomic && A.AtomicOffset == Off && A.AtomicSize == Size;
    return !Ordered && !BothAtomic;
  };
  for (uint64_t K = Off; K < Off + Size && K < Objects[O].Bytes.size(); ++K) {
    Shadow &S = Objects[O].Shadows[K];
    if (S.Epoch != Epoch) {
      S = Shadow();
      S.Epoch = Epoch;
    }
    for (const Access &A : S.Writes)
      if (Races(A))
        race(A.Thread, A.At, Thread, I, O, K, Epoch);
    if (Write)
      for (const Access &A : S.Reads)
        if (Races(A))
          race(A.Thread, A.At, Thread, I, O, K, Epoch);
    // The latest instance stands for the earlier ones: whatever is unordered
    // with an earlier one is unordered with it too.
    std::vector<Access> &Mine = Write ? S.Writes : S.Reads;
    auto Same = std::find_if(Mine.begin(), Mine.end(), [&](const Access &A) { return A.Thread == Thread && A.At == I; });
    if (Same == Mine.end())
      Mine.push_back(Now);
    else
      *Same = Now;
  }
}

} // namespace xwarp::sim
