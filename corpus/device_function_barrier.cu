// device_function_barrier.cu -- barriers inside __noinline__ device functions.
// For a barrier in a non-kernel function the unknown caller counts as an
// access of every kind to every memory at function entry and at function exit,
// so a barrier whose region reaches the entry or the exit is kept unless the
// other side is empty.
//   stage_and_rotate(): stages src[t] in s[t], doubles it privately, then
//                       reads the neighbour's slot; reads threadIdx itself so
//                       that the slot s[t] is provably per-thread.
//   block_sync():       a bare wrapper around the CTA barrier.
// The kernel calls both. 1D block, blockDim.x <= 256.
//
// Expectations:
//   stage_and_rotate, 1st barrier (entry)  keep -- above: unknown caller (any access) at function entry;
//                                                 below: s[t] write.
//   stage_and_rotate, 2nd barrier          keep -- s[t] written above, s[t] read/written below, but s is
//                                                 an argument: threads may pass different pointers, so
//                                                 one thread's s[t] may be another's s[t'].
//   stage_and_rotate, 3rd barrier          keep -- s[t] written, read as s[(t'+1)%n] by thread t'=t-1.
//   stage_and_rotate, 4th barrier          dead -- below(b) is empty: the 5th barrier follows immediately.
//   stage_and_rotate, 5th barrier (exit)   keep -- above: read of s[(t+1)%n]; below: unknown caller at
//                                                 function exit (any access, e.g. a write of that word).
//   block_sync barrier                     keep -- unknown caller on both sides (entry and exit).
//   kernel entry barrier                   dead -- kernel entry: nothing above it.
// XWARP-BLOCK-DIM: *,1,1 (1D blocks: threadIdx.y and threadIdx.z are always 0)
#define BLOCK 256

__device__ __noinline__ float stage_and_rotate(float *s, const float *__restrict__ src) {
  int t = threadIdx.x;
  int n = blockDim.x;
  __syncthreads(); // EXPECT: keep -- above: unknown caller (every access) at function entry; below: s[t] write
  s[t] = src[t];
  __syncthreads(); // EXPECT: keep -- s is an argument: another thread may pass another pointer, so its s[t'] may be this s[t]
  float v = 2.0f * s[t];
  s[t] = v;
  __syncthreads(); // EXPECT: keep -- s[t] written, read as s[(t'+1)%n] by thread t'=t-1
  float w = s[(t + 1) % n];
  __syncthreads(); // EXPECT: dead -- below(b) is empty: the next barrier follows immediately
  __syncthreads(); // EXPECT: keep -- above: read of s[(t+1)%n]; below: unknown caller at function exit (any access)
  return v + w;
}

__device__ __noinline__ void block_sync() {
  __syncthreads(); // EXPECT: keep -- device function: unknown caller accesses everything at entry and at exit
}

__global__ void __launch_bounds__(BLOCK)
device_function_barrier(const float *__restrict__ in, float *__restrict__ out) {
  __shared__ float s[BLOCK];
  __shared__ float s2[BLOCK];
  __syncthreads(); // EXPECT: dead -- kernel entry: nothing above it
  int t = threadIdx.x;
  int g = blockIdx.x * blockDim.x + t;
  float r = stage_and_rotate(s, in + blockIdx.x * blockDim.x);
  s2[t] = r;
  block_sync();
  out[g] = s2[blockDim.x - 1 - t];
}
