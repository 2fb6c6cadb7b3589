// syncwarp_exempt.cu -- __syncwarp() is warp-scoped: it is never removed by
// xwarp (exempt) and it never splits the regions of CTA barriers, so a
// __syncwarp between a shared write and a __syncthreads does not make the
// __syncthreads redundant, and a run "__syncthreads; __syncwarp; __syncthreads"
// is still a run.
//   syncwarp_exempt:        a run split by __syncwarp, then a cross-warp exchange.
//   syncwarp_before_barrier: the plain pattern write; __syncwarp; __syncthreads; read.
// 1D block, blockDim.x a multiple of 64, <= 256.
//
// Expectations (syncwarp_exempt):
//   __syncwarp calls                   exempt -- warp scope.
//   first __syncthreads                dead   -- below(b) has no access (only a __syncwarp) before the
//                                                next __syncthreads.
//   second __syncthreads               keep   -- s[t] written, read as s[t^32] by a thread of another warp.
//   third __syncthreads                dead   -- above: shared reads only; below: out[g] write (restrict).
// Expectations (syncwarp_before_barrier):
//   __syncwarp                         exempt -- warp scope.
//   __syncthreads                      keep   -- s[t] written, read as s[(t+32)%n] by a thread of another
//                                                warp; the __syncwarp in between does not split the region.
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
