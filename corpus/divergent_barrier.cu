// divergent_barrier.cu -- barriers under control flow.
//   divergent_barrier:    a barrier reached only by threadIdx.x < 32, and one
//                         reached only by threads whose data is positive.
//                         Both are undefined behaviour in CUDA (deliberately);
//                         xwarp must never remove them, even though the
//                         surrounding accesses are private (s[t] only).
//   block_uniform_branch: a barrier under a blockIdx-dependent condition,
//                         which is uniform within the block (legal), judged
//                         normally.
// 1D block, blockDim.x even, <= 256.
//
// Expectations:
//   divergent_barrier, under t < 32         keep -- divergent barrier: undefined behaviour, never removed.
//   divergent_barrier, under data > 0       keep -- divergent barrier: undefined behaviour, never removed.
//   divergent_barrier, after the joins      keep -- s[t] written, read as s[t^1] by the partner.
//   block_uniform_branch, in the branch     dead -- uniform condition; exact: only own s[t] on both sides.
//   block_uniform_branch, after the join    keep -- s[t] written, read as s[t^1] by the partner.
// XWARP-BLOCK-DIM: *,1,1 (1D blocks: threadIdx.y and threadIdx.z are always 0)
#define BLOCK 256

__global__ void __launch_bounds__(BLOCK) divergent_barrier(const float *__restrict__ in, float *__restrict__ out) {
  __shared__ float s[BLOCK];
  int t = threadIdx.x;
  int g = blockIdx.x * blockDim.x + t;
  float v = in[g];
  s[t] = v;
  if (t < 32) {
    __syncthreads(); // EXPECT: keep -- divergent barrier: undefined behaviour, never removed
    s[t] = 2.0f * s[t];
  }
  if (v > 0.0f) {
    __syncthreads(); // EXPECT: keep -- divergent barrier: undefined behaviour, never removed
    s[t] = s[t] + 1.0f;
  }
  __syncthreads(); // EXPECT: keep -- s[t] written, read as s[t^1] by the partner
  out[g] = s[t ^ 1];
}

__global__ void __launch_bounds__(BLOCK) block_uniform_branch(const float *__restrict__ in, float *__restrict__ out) {
  __shared__ float s[BLOCK];
  int t = threadIdx.x;
  int g = blockIdx.x * blockDim.x + t;
  s[t] = in[g];
  if (blockIdx.x & 1) {
    float v = s[t];
    __syncthreads(); // EXPECT: dead -- block-uniform condition (blockIdx); exact: only own s[t] above and below
    s[t] = v * v;
  }
  __syncthreads(); // EXPECT: keep -- s[t] written, read as s[t^1] by the partner
  out[g] = s[t ^ 1];
}
