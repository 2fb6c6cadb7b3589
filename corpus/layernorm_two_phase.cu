// layernorm_two_phase.cu -- layer normalization of one row per block, with
// two block reductions (mean, then variance) that reuse the same per-warp
// scratch red[] and the same broadcast scalar stat:
//   warp-shuffle sums -> red[warp] -> thread 0 sums red[] -> stat -> all read.
// 1D block, blockDim.x a multiple of 32, <= 256.
//
// Expectations:
//   barrier after the 1st red[] store   keep -- red[w] written by lane 0 of warp w, read by thread 0.
//   barrier after the mean publish      keep -- thread 0 writes stat, every thread reads it.
//   barrier before the 2nd red[] store  dead -- looks like the WAR guard for red[], but thread 0's reads
//                                             of red[] are already behind the previous barrier: above
//                                             holds only the stat read and x[] reads; below only red[] writes.
//   barrier after the 2nd red[] store   keep -- red[w] written, read by thread 0; also WAR on stat: all threads
//                                             read stat (above, the previous barrier being deleted) and
//                                             thread 0 rewrites it below.
//   barrier after the rstd publish      keep -- thread 0 writes stat, every thread reads it.
// XWARP-BLOCK-DIM: *,1,1 (1D blocks: threadIdx.y and threadIdx.z are always 0)
#define BLOCK 256
#define FULL_MASK 0xffffffffu

__device__ float warp_sum(float v) {
#pragma unroll
  for (int off = 16; off > 0; off >>= 1)
    v += __shfl_down_sync(FULL_MASK, v, off);
  return v;
}

__global__ void __launch_bounds__(BLOCK)
layernorm_two_phase(const float *__restrict__ x, const float *__restrict__ gamma, const float *__restrict__ beta,
                    float *__restrict__ y, int cols, float eps) {
  __shared__ float red[BLOCK / 32];
  __shared__ float stat;
  int t = threadIdx.x;
  int lane = t & 31;
  int warp = t >> 5;
  int nwarps = blockDim.x >> 5;
  const float *xr = x + (long)blockIdx.x * cols;
  float *yr = y + (long)blockIdx.x * cols;

  float sum = 0.0f;
  for (int c = t; c < cols; c += blockDim.x)
    sum += xr[c];
  sum = warp_sum(sum);
  if (lane == 0)
    red[warp] = sum;
  __syncthreads(); // EXPECT: keep -- red[w] written by lane 0 of warp w, read by thread 0
  if (t == 0) {
    float s = 0.0f;
    for (int w = 0; w < nwarps; ++w)
      s += red[w];
    stat = s / cols;
  }
  __syncthreads(); // EXPECT: keep -- thread 0 writes stat (the mean), every thread reads it
  float mean = stat;
  float sq = 0.0f;
  for (int c = t; c < cols; c += blockDim.x) {
    float d = xr[c] - mean;
    sq += d * d;
  }
  sq = warp_sum(sq);
  __syncthreads(); // EXPECT: dead -- above: stat and x[] reads only (red[] reads are behind the previous barrier); below: red[] writes
  if (lane == 0)
    red[warp] = sq;
  __syncthreads(); // EXPECT: keep -- red[w] written, read by thread 0; WAR on stat: read by all above, rewritten below
  if (t == 0) {
    float s = 0.0f;
    for (int w = 0; w < nwarps; ++w)
      s += red[w];
    stat = 1.0f / __builtin_sqrtf(s / cols + eps);
  }
  __syncthreads(); // EXPECT: keep -- thread 0 writes stat (the rstd), every thread reads it
  float rstd = stat;
  for (int c = t; c < cols; c += blockDim.x)
    yr[c] = (xr[c] - mean) * rstd * gamma[c] + beta[c];
}
