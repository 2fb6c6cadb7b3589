// The interpreter's semantics on a kernel whose results are known: warp
// shuffles (a tree sum of lane ids), a valued barrier, shared atomics, a
// device function with a loop, and a compare-and-swap.
// RUN: %xwarp simulate %s --print-words 8 | FileCheck %s
// Warp 0: 0+...+31 = 496; count of t%3==0 in 0..63 = 22; sum 0..63 = 2016;
// warp 1: 32*32+496 = 1520; 5! = 120; the CAS winner is thread 0's 100 + 1.
// CHECK: buffer 0: 496 22 2016 1520 120 101 {{.*}}
// CHECK: 1 kernels, 6 runs: 0 races in the originals; 0 errors

__device__ __noinline__ int factorial(int n) {
  int f = 1;
  for (int k = 2; k <= n; ++k)
    f *= k;
  return f;
}

__global__ void semantics(int *out) {
  __shared__ int acc;
  __shared__ int flag;
  int t = threadIdx.x;
  int v = t;
  for (int off = 16; off > 0; off >>= 1)
    v += __shfl_down_sync(0xffffffffu, v, off);
  if (t == 0) {
    acc = 0;
    flag = 0;
  }
  int c = __syncthreads_count(t % 3 == 0);
  atomicAdd(&acc, t);
  __syncthreads();
  if (t == 0 && atomicCAS(&flag, 0, 100) == 0)
    atomicAdd(&flag, 1);
  __syncthreads();
  if (t == 0) {
    out[0] = v;
    out[1] = c;
    out[2] = acc;
    out[4] = factorial(5);
    out[5] = flag;
  }
  if (t == 32)
    out[3] = v;
}
