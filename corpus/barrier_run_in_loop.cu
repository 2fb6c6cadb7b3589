// barrier_run_in_loop.cu -- pairs of consecutive barriers inside a loop body:
// every iteration publishes acc in s[t], reads the partner's value s[t^1],
// and accumulates. Each pair is a run: the first barrier of a pair has an
// empty below(b) and is dead; the second is judged with the first deleted.
// 1D block, blockDim.x even, <= 256.
//
// Expectations:
//   1st barrier (after the write)  dead -- below(b) is empty: the 2nd barrier follows immediately.
//   2nd barrier                    keep -- W s[t] above vs R s[t^1] below (RAW, partner thread).
//   3rd barrier (after the read)   dead -- below(b) is empty: the 4th barrier follows immediately.
//   4th barrier                    keep -- R s[t^1] above vs the next iteration's W s[t] by thread t^1,
//                                         reached around the back edge (WAR).
// XWARP-BLOCK-DIM: *,1,1 (1D blocks: threadIdx.y and threadIdx.z are always 0)
#define BLOCK 256

__global__ void __launch_bounds__(BLOCK)
barrier_run_in_loop(const float *__restrict__ in, float *__restrict__ out, int iters) {
  __shared__ float s[BLOCK];
  int t = threadIdx.x;
  int g = blockIdx.x * blockDim.x + t;
  float acc = in[g];
#pragma unroll 1
  for (int it = 0; it < iters; ++it) {
    s[t] = acc;
    __syncthreads(); // EXPECT: dead -- below(b) is empty: the next barrier follows immediately
    __syncthreads(); // EXPECT: keep -- s[t] written above, read as s[t^1] by the partner thread below
    acc = 0.5f * (acc + s[t ^ 1]);
    __syncthreads(); // EXPECT: dead -- below(b) is empty: the next barrier follows immediately
    __syncthreads(); // EXPECT: keep -- WAR around the back edge: s[t^1] read, rewritten as s[t] next iteration
  }
  out[g] = acc;
}
