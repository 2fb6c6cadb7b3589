//===- model/Launch.h - The thread space of one CTA -----------------------===//
//
// Threads t = (x, y, z) of one CTA and the bounds of the launch. Dimensions are
// symbolic (a range) unless the kernel or the user fixes them.
//
//===----------------------------------------------------------------------===//
#ifndef XWARP_MODEL_LAUNCH_H
#define XWARP_MODEL_LAUNCH_H

#include <cstdint>
#include <optional>
#include <string>

namespace xwarp::model {

enum class Dim : uint8_t { X = 0, Y = 1, Z = 2 };
inline constexpr Dim AllDims[3] = {Dim::X, Dim::Y, Dim::Z};
char dimName(Dim D);

/// Thread coordinates within the CTA.
struct ThreadId {
  uint32_t X = 0, Y = 0, Z = 0;
  uint32_t get(Dim D) const { return D == Dim::X ? X : D == Dim::Y ? Y : Z; }
  bool operator==(const ThreadId &O) const { return X == O.X && Y == O.Y && Z == O.Z; }
  bool operator!=(const ThreadId &O) const { return !(*this == O); }
  /// "(x,y,z)".
  std::string str() const;
};

/// Concrete block dimensions (ntid).
struct BlockDims {
  uint32_t X = 1, Y = 1, Z = 1;
  uint32_t get(Dim D) const { return D == Dim::X ? X : D == Dim::Y ? Y : Z; }
  uint64_t threads() const { return uint64_t(X) * Y * Z; }
  /// Linear id x + y*X + z*X*Y; warps are 32 consecutive linear ids.
  uint64_t linearId(const ThreadId &T) const { return T.X + uint64_t(T.Y) * X + uint64_t(T.Z) * X * Y; }
  bool contains(const ThreadId &T) const { return T.X < X && T.Y < Y && T.Z < Z; }
  /// "(x,y,z)".
  std::string str() const;
};

/// ntid.d lies in [Min, Max] for each dimension, and the CTA has at most
/// MaxThreads threads. Without information these are the CUDA limits.
class LaunchBounds {
public:
  static constexpr uint32_t CudaMaxThreads = 1024;
  static constexpr uint32_t CudaMaxDim[3] = {1024, 1024, 64};
  /// nctaid: x <= 2^31 - 1, y and z <= 65535 (every architecture xwarp targets).
  static constexpr uint32_t CudaMaxGridDim[3] = {0x7fffffff, 65535, 65535};
  static constexpr uint32_t WarpSize = 32;

  /// The CUDA limits: x, y <= 1024, z <= 64, x*y*z <= 1024.
  LaunchBounds();

  uint32_t minDim(Dim D) const { return Min[idx(D)]; }
  uint32_t maxDim(Dim D) const { return Max[idx(D)]; }
  uint32_t maxThreads() const { return MaxThreads; }
  bool isExact(Dim D) const { return Min[idx(D)] == Max[idx(D)]; }
  bool isFullyKnown() const { return isExact(Dim::X) && isExact(Dim::Y) && isExact(Dim::Z); }

  /// Fixes ntid.d = N (reqntid, --block-dim). Narrows, never widens.
  void setExact(Dim D, uint32_t N);
  /// ntid.d <= N (a range attribute on an sreg read).
  void capDim(Dim D, uint32_t N);
  /// x*y*z <= N (maxntid, launch_bounds).
  void capThreads(uint32_t N);

  /// Whether concrete dims satisfy the bounds.
  bool admits(const BlockDims &B) const;
  /// Whether the bounds can be met at all (false after contradictory facts).
  bool satisfiable() const;

  /// "ntid.x in [1,1024], ..., threads <= 1024" or "256x1x1".
  std::string str() const;

private:
  static unsigned idx(Dim D) { return static_cast<unsigned>(D); }
  uint32_t Min[3];
  uint32_t Max[3];
  uint32_t MaxThreads;
};

/// Block dimensions a user fixes: each a number, or unknown ("*").
struct BlockDimSpec {
  std::optional<uint32_t> Dims[3];
  /// Fixes the known dimensions in B.
  void applyTo(LaunchBounds &B) const;
  /// "256x1x1" or "*x1x1".
  std::string str() const;
  /// Parses "X,Y,Z" or "XxYxZ" (each a number or *, missing ones are 1);
  /// nullopt when malformed or outside the CUDA limits.
  static std::optional<BlockDimSpec> parse(const std::string &Text);
};

} // namespace xwarp::model

#endif
