// syncthreads_count_unused.cu -- the counting, AND and OR barriers with
// their results ignored: each is judged exactly like a plain CTA barrier.
// 1D block, blockDim.x even, <= 256.
//
// Expectations:
//   counting barrier (unused) keep -- acts as a plain barrier: s[t] written, read as s[t^1] by the partner.
//   AND barrier (unused)      dead -- plain barrier between two reads of s[t^1] (read/read); the out[g]
//                                   write below is global restrict.
//   OR barrier (unused)       dead -- plain barrier at kernel exit: nothing below it.
// XWARP-BLOCK-DIM: *,1,1 (1D blocks: threadIdx.y and threadIdx.z are always 0)
#define BLOCK 256

__global__ void __launch_bounds__(BLOCK)
syncthreads_count_unused(const float *__restrict__ in, float *__restrict__ out) {
  __shared__ float s[BLOCK];
  int t = threadIdx.x;
  int g = blockIdx.x * blockDim.x + t;
  float v = in[g];
  s[t] = v;
  __syncthreads_count(v > 0.0f); // EXPECT: keep -- unused result, plain barrier: s[t] written, s[t^1] read by the partner
  float p = s[t ^ 1];
  __syncthreads_and(p > 0.0f); // EXPECT: dead -- unused result, plain barrier: only reads of s[t^1] on both sides
  float q = s[t ^ 1];
  out[g] = v + p * q;
  __syncthreads_or(q < 0.0f); // EXPECT: dead -- unused result, plain barrier at kernel exit: nothing below it
}
