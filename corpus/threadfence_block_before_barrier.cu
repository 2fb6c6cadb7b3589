// threadfence_block_before_barrier.cu -- __threadfence_block() placed right
// before a CTA barrier (redundant: the barrier already orders shared and
// global memory for the block) versus placed before further accesses. The
// kernel uses shared atomics, so only the "directly followed by a barrier"
// rule can make a block fence dead. The kernel exchanges values with the
// partner thread t^1 and counts positive values in a shared counter.
// 1D block, blockDim.x even, <= 256.
//
// Expectations:
//   entry barrier                         dead -- kernel entry: nothing above it.
//   fence directly before a barrier       dead -- no memory access between it and the barrier.
//   barrier after the staging             keep -- s[t]/hits written, read as s[t^1] / atomically updated.
//   fence followed by the s2[t] store     keep -- atomics in the kernel and an access before the barrier.
//   barrier after the atomics             keep -- hits atomics vs the hits read; s2[t] vs s2[t^1].
//   fence followed by a conditional store keep -- on the mode != 0 path trace[g] is written before the
//                                               next barrier (not every path is access-free).
//   last barrier                          dead -- above: shared reads, trace[g] write; below: out[g] write
//                                               (distinct restrict arrays).
// XWARP-BLOCK-DIM: *,1,1 (1D blocks: threadIdx.y and threadIdx.z are always 0)
#define BLOCK 256

__global__ void __launch_bounds__(BLOCK)
threadfence_block_before_barrier(const int *__restrict__ in, int *__restrict__ out, int *__restrict__ trace,
                                 int mode) {
  __shared__ int s[BLOCK];
  __shared__ int s2[BLOCK];
  __shared__ int hits;
  __syncthreads(); // EXPECT: dead -- kernel entry: nothing above it
  int t = threadIdx.x;
  int g = blockIdx.x * blockDim.x + t;
  if (t == 0)
    hits = 0;
  s[t] = in[g];
  __threadfence_block(); // EXPECT: dead -- block-scope fence directly followed by __syncthreads (no access between)
  __syncthreads(); // EXPECT: keep -- s[t] read as s[t^1] by the partner; hits zeroed by thread 0, updated by all
  int v = s[t ^ 1];
  if (v > 0)
    atomicAdd(&hits, 1);
  __threadfence_block(); // EXPECT: keep -- kernel has atomics and the s2[t] store follows before the next barrier
  s2[t] = v;
  __syncthreads(); // EXPECT: keep -- atomicAdd on hits vs the hits read; s2[t] written, read as s2[t^1]
  int w = s2[t ^ 1] + hits;
  __threadfence_block(); // EXPECT: keep -- kernel has atomics; with mode != 0 trace[g] is stored before the barrier
  if (mode)
    trace[g] = w;
  __syncthreads(); // EXPECT: dead -- above: shared reads and trace[g] write; below: out[g] write (restrict)
  out[g] = w;
}
