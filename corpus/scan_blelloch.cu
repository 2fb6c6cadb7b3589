// scan_blelloch.cu -- work-efficient (Blelloch) exclusive scan of 2*BLOCK ints
// per block: coalesced load, up-sweep (reduce) phase building partial sums in
// place, the last thread saves the block total and clears the root, down-sweep
// phase, coalesced store. Exactly BLOCK threads per block (1D).
//
// Expectations:
//   barrier at top of the up-sweep loop    keep -- the load (or the previous level) writes s[k] that
//                                                 this level reads as s[ai]/s[bi] in another thread.
//   barrier between the two phases         keep -- last up-sweep level (thread 0) writes s[N-1];
//                                                 thread BLOCK-1 reads and clears s[N-1] below.
//   barrier at top of the down-sweep loop  keep -- previous level (or the root clear) writes s[ai]/s[bi]
//                                                 read by another thread at this level.
//   barrier after the down-sweep           keep -- last level writes s[2t], s[2t+1]; thread t reads
//                                                 s[t] and s[t+BLOCK] (other threads' slots).
//   barrier before the global store        dead -- above: shared reads only; below: dst[] writes
//                                                 (global, restrict): no common memory.
// XWARP-BLOCK-DIM: *,1,1 (1D blocks: threadIdx.y and threadIdx.z are always 0)
#define BLOCK 256
#define N (2 * BLOCK)

__global__ void __launch_bounds__(BLOCK)
scan_blelloch(const int *__restrict__ in, int *__restrict__ out, int *__restrict__ block_sums) {
  __shared__ int s[N];
  int t = threadIdx.x;
  const int *src = in + blockIdx.x * N;
  int *dst = out + blockIdx.x * N;
  s[t] = src[t];
  s[t + BLOCK] = src[t + BLOCK];
  int offset = 1;
#pragma unroll 1
  for (int d = N >> 1; d > 0; d >>= 1) {
    __syncthreads(); // EXPECT: keep -- load/previous level wrote s[k] that this level reads as s[ai] or s[bi] in another thread
    if (t < d) {
      int ai = offset * (2 * t + 1) - 1;
      int bi = offset * (2 * t + 2) - 1;
      s[bi] += s[ai];
    }
    offset <<= 1;
  }
  __syncthreads(); // EXPECT: keep -- up-sweep writes s[N-1] (thread 0, last level); thread BLOCK-1 reads and clears it
  if (t == BLOCK - 1) {
    block_sums[blockIdx.x] = s[N - 1];
    s[N - 1] = 0;
  }
#pragma unroll 1
  for (int d = 1; d < N; d <<= 1) {
    offset >>= 1;
    __syncthreads(); // EXPECT: keep -- root clear/previous level wrote s[ai], s[bi] read by another thread at this level
    if (t < d) {
      int ai = offset * (2 * t + 1) - 1;
      int bi = offset * (2 * t + 2) - 1;
      int tmp = s[ai];
      s[ai] = s[bi];
      s[bi] += tmp;
    }
  }
  __syncthreads(); // EXPECT: keep -- down-sweep writes s[2t'], s[2t'+1]; thread t reads s[t] and s[t+BLOCK]
  int a = s[t];
  int b = s[t + BLOCK];
  __syncthreads(); // EXPECT: dead -- above: shared reads only; below: global dst[] writes (restrict): no common memory
  dst[t] = a;
  dst[t + BLOCK] = b;
}
