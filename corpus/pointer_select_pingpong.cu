// pointer_select_pingpong.cu -- double buffering by choosing the arrays
// afresh in every sweep: `src = (it & 1) ? b : a; dst = (it & 1) ? a : b;`
// clang makes two selects of the two __shared__ arrays on one condition,
// the arms swapped (no phis carry the pointers). A sweep reads src's
// neighbours, synchronizes, writes dst[t + 1], synchronizes again. The
// second kernel lets a kernel argument choose once, before any barrier.
// 1D block of at most 256 threads; the halo cells are zero in both arrays.
//
// Expectations:
//   barrier after the fill       keep -- a[t + 1] written, read as a[t'] and a[t' + 2] by neighbours.
//   barrier inside a sweep       dead -- exact: the sweep's parity is the same in every thread (the
//                                       sweep's barriers align the iterations), so src and dst hold
//                                       different arrays; above it the sweep only reads src, below it
//                                       only writes dst.
//   barrier closing a sweep      keep -- dst[t + 1] written this sweep is the next sweep's src.
// The second kernel (a kernel argument chooses):
//   barrier after the fill       keep -- src[t + 1] written, read by neighbours.
//   barrier between read/write   dead -- exact: the argument is the same in every thread, so src and
//                                       dst hold different arrays in all of them.
//   barrier before the read-back keep -- dst[t + 1] written, read by neighbours.
// XWARP-BLOCK-DIM: *,1,1 (1D blocks: threadIdx.y and threadIdx.z are always 0)
#define BLOCK 256

__global__ void __launch_bounds__(BLOCK)
pointer_select_pingpong(const float *__restrict__ in, float *__restrict__ out, int sweeps) {
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
#pragma unroll 1
  for (int it = 0; it < sweeps; ++it) {
    float *src = (it & 1) ? b : a;
    float *dst = (it & 1) ? a : b;
    float v = 0.5f * (src[t] + src[t + 2]);
    __syncthreads(); // EXPECT: dead -- exact: one parity in every thread of a sweep, so src and dst differ; reads above, writes of dst below
    dst[t + 1] = v;
    __syncthreads(); // EXPECT: keep -- dst[t+1] written this sweep is read by neighbours as the next sweep's src
  }
  out[blockIdx.x * n + t] = (sweeps & 1) ? b[t + 1] : a[t + 1];
}

__global__ void __launch_bounds__(BLOCK)
pointer_select_by_argument(const float *__restrict__ in, float *__restrict__ out, int flip) {
  __shared__ float a[BLOCK + 2];
  __shared__ float b[BLOCK + 2];
  int t = threadIdx.x;
  int n = blockDim.x;
  float *src = flip ? b : a;
  float *dst = flip ? a : b;
  src[t + 1] = in[blockIdx.x * n + t];
  if (t == 0)
    src[0] = src[n + 1] = 0.0f;
  __syncthreads(); // EXPECT: keep -- src[t+1] written, read as src[t'] / src[t'+2] by neighbours
  float v = 0.5f * (src[t] + src[t + 2]);
  __syncthreads(); // EXPECT: dead -- exact: the argument is one value in every thread, so src and dst differ
  dst[t + 1] = v;
  if (t == 0)
    dst[0] = dst[n + 1] = 0.0f;
  __syncthreads(); // EXPECT: keep -- dst[t+1] written, read as dst[t'] / dst[t'+2] by neighbours
  out[blockIdx.x * n + t] = dst[t] + dst[t + 2];
}
