// syncthreads_count_used.cu -- block-wide predicates whose results are used:
// the counting barrier counts the elements above a threshold, the AND and OR
// barriers test "all positive" / "any negative". The shared staging
// around them is private (s[t] read back by its writer), so as plain barriers
// they would be dead -- but a used result is data produced by the barrier.
// 1D block, blockDim.x <= 256.
//
// Expectations:
//   counting barrier (result used) keep -- result used (the block-wide count).
//   AND barrier (result used)      keep -- result used.
//   OR barrier (result used)       keep -- result used.
//   plain barrier after the stats  dead -- above: counts[] writes (thread 0); below: out[g] write;
//                                         distinct restrict arrays, no shared access.
// XWARP-BLOCK-DIM: *,1,1 (1D blocks: threadIdx.y and threadIdx.z are always 0)
#define BLOCK 256

__global__ void __launch_bounds__(BLOCK)
syncthreads_count_used(const float *__restrict__ in, float thresh, int *__restrict__ counts,
                       float *__restrict__ out) {
  __shared__ float s[BLOCK];
  int t = threadIdx.x;
  int g = blockIdx.x * blockDim.x + t;
  float v = in[g];
  s[t] = v;
  int c = __syncthreads_count(v > thresh); // EXPECT: keep -- result used
  float own = s[t];
  int all_pos = __syncthreads_and(own > 0.0f); // EXPECT: keep -- result used
  int any_neg = __syncthreads_or(own < 0.0f); // EXPECT: keep -- result used
  if (t == 0) {
    counts[3 * blockIdx.x] = c;
    counts[3 * blockIdx.x + 1] = all_pos;
    counts[3 * blockIdx.x + 2] = any_neg;
  }
  __syncthreads(); // EXPECT: dead -- above: counts[] writes by thread 0; below: out[g] write; distinct restrict arrays
  out[g] = all_pos ? own : -own;
}
