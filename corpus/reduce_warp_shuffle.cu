// reduce_warp_shuffle.cu -- block sum with warp shuffles: a grid-stride loop
// accumulates in registers, each warp reduces with __shfl_down_sync, lane 0 of
// every warp stores its warp's sum in partial[warp], and warp 0 reduces the
// partials. 1D block, blockDim.x a multiple of 32, <= 256.
//
// Expectations:
//   barrier before the partial[] store  dead -- above: only global reads of in[] (restrict);
//                                              below: shared writes partial[warp]: different memory.
//   barrier after the partial[] store   keep -- partial[w] written by lane 0 of warp w, read as
//                                              partial[lane] by lane w of warp 0 (a different thread).
//   barrier at kernel exit              dead -- nothing below it.
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
reduce_warp_shuffle(const float *__restrict__ in, float *__restrict__ out, int n) {
  __shared__ float partial[BLOCK / 32];
  int t = threadIdx.x;
  int lane = t & 31;
  int warp = t >> 5;
  int nwarps = (blockDim.x + 31) >> 5;
  float v = 0.0f;
  for (int i = blockIdx.x * blockDim.x + t; i < n; i += gridDim.x * blockDim.x)
    v += in[i];
  v = warp_sum(v);
  __syncthreads(); // EXPECT: dead -- above: global reads of in[] only; below: shared partial[warp] writes (disjoint memory)
  if (lane == 0)
    partial[warp] = v;
  __syncthreads(); // EXPECT: keep -- partial[w] written by lane 0 of warp w, read as partial[lane] by warp 0
  if (warp == 0) {
    float p = (lane < nwarps) ? partial[lane] : 0.0f;
    p = warp_sum(p);
    if (lane == 0)
      out[blockIdx.x] = p;
  }
  __syncthreads(); // EXPECT: dead -- kernel exit: nothing below it
}
