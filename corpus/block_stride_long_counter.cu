// block_stride_long_counter.cu -- block-stride loops whose counter is 64
// bits wide (long, unsigned long long), as code written for sizes past 2^31
// has them. The counter is then the GEP's index itself, with no extension,
// and the step is blockDim.x zero-extended. Each iteration stores s[i] of a
// 4096-word array, so the offset 4 * i (modulo 2^64) stays in [0, 16380];
// a step of at most 4 KiB moves it by exactly that much, so at most 4096
// iterations complete and i never wraps (core/InBoundsIterations).
//   stage_long:  stage in[i], rescale each own element, then write
//                out[i] = s[n - 1 - i] (another thread's).
//   square_ull:  the same with an unsigned counter, squaring in place.
// 1D block, n <= 4096.
//
// Expectations:
//   stage_long 1st barrier  dead -- exact: both sides touch only the thread's own s[t + k * ntid].
//   stage_long 2nd barrier  keep -- s[i] written above, read as s[n - 1 - i] by another thread below.
//   square_ull 1st barrier  dead -- exact: both sides touch only the thread's own s[t + k * ntid].
//   square_ull 2nd barrier  keep -- s[i] written above, read as s[n - 1 - i] by another thread below.
// XWARP-BLOCK-DIM: *,1,1 (1D blocks: threadIdx.y and threadIdx.z are always 0)
#define CAP 4096

__global__ void stage_long(const float *__restrict__ in, float *__restrict__ out, long n) {
  __shared__ float s[CAP];
  for (long i = threadIdx.x; i < n; i += blockDim.x)
    s[i] = in[i];
  __syncthreads(); // EXPECT: dead -- exact: each thread stages and rescales only its own s[t + k * ntid]
  for (long i = threadIdx.x; i < n; i += blockDim.x)
    s[i] = 2.0f * s[i];
  __syncthreads(); // EXPECT: keep -- s[i] written above, read as s[n - 1 - i] by another thread below
  for (long i = threadIdx.x; i < n; i += blockDim.x)
    out[i] = s[n - 1 - i];
}

__global__ void square_ull(const float *__restrict__ in, float *__restrict__ out, unsigned long long n) {
  __shared__ float s[CAP];
  for (unsigned long long i = threadIdx.x; i < n; i += blockDim.x)
    s[i] = in[i];
  __syncthreads(); // EXPECT: dead -- exact: each thread stages and squares only its own s[t + k * ntid]
  for (unsigned long long i = threadIdx.x; i < n; i += blockDim.x)
    s[i] = s[i] * s[i];
  __syncthreads(); // EXPECT: keep -- s[i] written above, read as s[n - 1 - i] by another thread below
  for (unsigned long long i = threadIdx.x; i < n; i += blockDim.x)
    out[i] = s[n - 1 - i];
}
