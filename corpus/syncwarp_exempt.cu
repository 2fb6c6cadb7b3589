// syncwarp_exempt.cu -- the warp barrier is warp-scoped: it is never removed by
// xwarp (exempt) and it never splits the regions of CTA barriers, so a
// warp barrier between a shared write and a CTA barrier does not make the
// CTA barrier redundant, and a run "CTA barrier; warp barrier; CTA barrier"
// is still a run.
//   syncwarp_exempt:        a run split by a warp barrier, then a cross-warp exchange.
//   syncwarp_before_barrier: the plain pattern write; warp barrier; CTA barrier; read.
// 1D block, blockDim.x a multiple of 64, <= 256.
//
// Expectations (syncwarp_exempt):
//   warp barrier calls   exempt -- warp scope.
//   first CTA barrier    dead   -- below(b) has no access (only a warp barrier) before the next
//                                  CTA barrier.
//   second CTA barrier   keep   -- s[t] written, read as s[t^32] by a thread of another warp.
//   third CTA barrier    dead   -- above: shared reads only; below: out[g] write (restrict).
// Expectations (syncwarp_before_barrier):
//   warp barrier         exempt -- warp scope.
//   CTA barrier          keep   -- s[t] written, read as s[(t+32)%n] by a thread of another
//                                  warp; the warp barrier in between does not split the region.
// XWARP-BLOCK-DIM: *,1,1 (1D blocks: threadIdx.y and threadIdx.z are always 0)
#define BLOCK 256

__global__ void __launch_bounds__(BLOCK) syncwarp_exempt(const float *__restrict__ in, float *__restrict__ out) {
  __shared__ float s[BLOCK];
  int t = threadIdx.x;
  int g = blockIdx.x * blockDim.x + t;
  s[t] = in[g];
  __syncwarp(); // EXPECT: exempt -- warp-scope barrier, not a CTA barrier
  __syncthreads(); // EXPECT: dead -- below(b) holds no access: only a __syncwarp before the next __syncthreads
  __syncwarp(); // EXPECT: exempt -- warp-scope barrier, not a CTA barrier
  __syncthreads(); // EXPECT: keep -- s[t] written, read as s[t^32] by another warp (__syncwarp does not order that)
  float a = s[t ^ 32];
  __syncwarp(); // EXPECT: exempt -- warp-scope barrier, not a CTA barrier
  float b = s[t ^ 1];
  __syncthreads(); // EXPECT: dead -- above: shared reads only; below: out[g] write (global restrict)
  out[g] = a + b;
}

__global__ void __launch_bounds__(BLOCK)
syncwarp_before_barrier(const float *__restrict__ in, float *__restrict__ out) {
  __shared__ float s[BLOCK];
  int t = threadIdx.x;
  int n = blockDim.x;
  int g = blockIdx.x * n + t;
  s[t] = in[g];
  __syncwarp(); // EXPECT: exempt -- warp-scope barrier, not a CTA barrier
  __syncthreads(); // EXPECT: keep -- s[t] written above the __syncwarp, read as s[(t'+32)%n] by another warp
  out[g] = s[(t + 32) % n];
}
