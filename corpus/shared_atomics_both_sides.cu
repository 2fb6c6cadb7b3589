// shared_atomics_both_sides.cu -- shared-memory atomics on both sides of a
// barrier. A block builds a 16-bin key histogram (atomicAdd) and then a
// per-bin maximum (atomicMax) in the same bins array; every thread also keeps
// a private running counter mine[t] updated with atomics.
// Atomics count as writes: two atomics on the same word by different threads
// conflict even though they commute. 1D block, blockDim.x <= 256.
//
// Expectations:
//   barrier after the init          dead -- exact: above writes mine[t]; below only an atomic on own
//                                          mine[t] and the zeroing of bins[t] (t<16): no word shared.
//   barrier before the histogram    keep -- bins[t] zeroed by thread t<16 just above vs atomicAdd on
//                                          bins[k&15] by any thread (whether or not the first barrier went).
//   barrier between the two atomic  keep -- atomicAdd on bins[k&15] above vs atomicMax on bins[(k>>4)&15]
//     phases                               below, by different threads on the same word.
//   barrier before the flush        keep -- atomicMax on bins[*] vs read of bins[t] by thread t<16.
// XWARP-BLOCK-DIM: *,1,1 (1D blocks: threadIdx.y and threadIdx.z are always 0)
#define BLOCK 256

__global__ void __launch_bounds__(BLOCK)
shared_atomics_both_sides(const int *__restrict__ keys, int *__restrict__ out, int *__restrict__ per_thread) {
  __shared__ int bins[16];
  __shared__ int mine[BLOCK];
  int t = threadIdx.x;
  int g = blockIdx.x * blockDim.x + t;
  int k = keys[g];
  mine[t] = 0;
  __syncthreads(); // EXPECT: dead -- exact: mine[t] written above; below only own mine[t] and bins[t] (t<16)
  atomicAdd(&mine[t], k);
  if (t < 16)
    bins[t] = 0;
  __syncthreads(); // EXPECT: keep -- bins[t] zeroed by thread t<16 above vs atomicAdd on bins[k&15] below
  atomicAdd(&bins[k & 15], 1);
  __syncthreads(); // EXPECT: keep -- atomics conflict: atomicAdd bins[k&15] above vs atomicMax bins[(k>>4)&15] below
  atomicMax(&bins[(k >> 4) & 15], k);
  atomicAdd(&mine[t], 1);
  __syncthreads(); // EXPECT: keep -- atomicMax on bins[*] above vs the read of bins[t] by thread t<16 below
  if (t < 16)
    out[blockIdx.x * 16 + t] = bins[t];
  per_thread[g] = mine[t];
}
