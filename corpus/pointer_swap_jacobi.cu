// pointer_swap_jacobi.cu -- iterated 1D Jacobi relaxation double-buffered by
// pointers: src and dst point at two __shared__ arrays and are swapped after
// every sweep (the phis of the loop's header each carry the other). A sweep
// reads src's neighbours, synchronizes, writes dst[t + 1], synchronizes
// again. 1D block of at most 256 threads; the halo cells 0 and n + 1 are
// zero in both arrays and never written again. The second kernel swaps only
// after every `every`-th sweep (a uniform condition: clang makes selects of
// the swap), so a sweep may read back what it wrote.
//
// Expectations:
//   barrier after the fill       keep -- a[t + 1] written, read as a[t' + 2] and a[t'] by neighbours.
//   barrier inside a sweep       dead -- exact: within a sweep src and dst hold different arrays (the
//                                       sweep's barriers align the threads' iterations), and above it
//                                       the sweep only reads src, below it only writes dst.
//   barrier closing a sweep      keep -- dst[t + 1] written this sweep is the next sweep's src, read
//                                       by the neighbours.
// The second kernel: the same three verdicts. Without a swap the next sweep
// reads src, not dst; which array each pointer holds is still the same in
// every thread of a sweep.
// XWARP-BLOCK-DIM: *,1,1 (1D blocks: threadIdx.y and threadIdx.z are always 0)
#define BLOCK 256

__global__ void __launch_bounds__(BLOCK)
pointer_swap_jacobi(const float *__restrict__ in, float *__restrict__ out, int sweeps) {
  __shared__ float a[BLOCK + 2];
  __shared__ float b[BLOCK + 2];
  int t = threadIdx.x;
  int n = blockDim.x;
  a[t + 1] = in[blockIdx.x * n + t];
  b[t + 1] = 0.0f;
  if (t == 0) {
    a[0] = b[0] = 0.0f;
    a[n + 1] = b[n + 1] = 0.0f;
  }
  __syncthreads(); // EXPECT: keep -- a[t+1] written, read as a[t'] / a[t'+2] by neighbours
  float *src = a, *dst = b;
#pragma unroll 1
  for (int it = 0; it < sweeps; ++it) {
    float v = 0.5f * (src[t] + src[t + 2]);
    __syncthreads(); // EXPECT: dead -- exact: in one sweep src and dst hold different arrays; reads above, writes of dst below
    dst[t + 1] = v;
    __syncthreads(); // EXPECT: keep -- dst[t+1] written this sweep is read by neighbours as the next sweep's src
    float *swap = src;
    src = dst;
    dst = swap;
  }
  out[blockIdx.x * n + t] = src[t + 1];
}

__global__ void __launch_bounds__(BLOCK)
pointer_swap_every(const float *__restrict__ in, float *__restrict__ out, int sweeps, int every) {
  __shared__ float a[BLOCK + 2];
  __shared__ float b[BLOCK + 2];
  int t = threadIdx.x;
  int n = blockDim.x;
  a[t + 1] = in[blockIdx.x * n + t];
  b[t + 1] = 0.0f;
  if (t == 0) {
    a[0] = b[0] = 0.0f;
    a[n + 1] = b[n + 1] = 0.0f;
  }
  __syncthreads(); // EXPECT: keep -- a[t+1] written, read as a[t'] / a[t'+2] by neighbours
  float *src = a, *dst = b;
  float acc = 0.0f;
#pragma unroll 1
  for (int it = 0; it < sweeps; ++it) {
    float v = 0.5f * (src[t] + src[t + 2]);
    acc += v;
    __syncthreads(); // EXPECT: dead -- exact: in one sweep src and dst hold different arrays, the same in every thread
    dst[t + 1] = v;
    __syncthreads(); // EXPECT: keep -- after a swap, dst[t+1] is read by neighbours as the next sweep's src
    if ((it + 1) % every == 0) {
      float *swap = src;
      src = dst;
      dst = swap;
    }
  }
  out[blockIdx.x * n + t] = acc + src[t + 1];
}

// The third kernel stops early on a uniform condition between the two
// barriers (`if (it == stop) break;`). clang merges the break into the
// latch, which swaps the pair or not by path and leaves on `it == stop ||
// last`: the closing barrier does not dominate the latch, but every sweep
// that goes on passes it (core/IterationAlignment), and the verdicts are
// the first kernel's.
__global__ void __launch_bounds__(BLOCK)
pointer_swap_until(const float *__restrict__ in, float *__restrict__ out, int sweeps, int stop) {
  __shared__ float a[BLOCK + 2];
  __shared__ float b[BLOCK + 2];
  int t = threadIdx.x;
  int n = blockDim.x;
  a[t + 1] = in[blockIdx.x * n + t];
  b[t + 1] = 0.0f;
  if (t == 0) {
    a[0] = b[0] = 0.0f;
    a[n + 1] = b[n + 1] = 0.0f;
  }
  __syncthreads(); // EXPECT: keep -- a[t+1] written, read as a[t'] / a[t'+2] by neighbours
  float *src = a, *dst = b;
#pragma unroll 1
  for (int it = 0; it < sweeps; ++it) {
    float v = 0.5f * (src[t] + src[t + 2]);
    __syncthreads(); // EXPECT: dead -- exact: every sweep that goes on passes the closing barrier; in one sweep src and dst differ
    if (it == stop)
      break;
    dst[t + 1] = v;
    __syncthreads(); // EXPECT: keep -- dst[t+1] written this sweep is read by neighbours as the next sweep's src
    float *swap = src;
    src = dst;
    dst = swap;
  }
  out[blockIdx.x * n + t] = src[t + 1];
}
