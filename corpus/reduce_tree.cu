// reduce_tree.cu -- classic shared-memory tree reduction: each block sums its
// blockDim.x inputs by repeatedly halving the active stride; thread 0 writes the
// block's partial sum. 1D block, blockDim.x a power of two <= 256.
//
// Expectations:
//   entry barrier          dead -- kernel entry, above(b) is empty.
//   barrier after the load keep -- s[t] written by t is read as s[t+stride] by another thread.
//   barrier in the loop    keep -- a step writes s[t]; the next step reads s[t'+stride'] (RAW) and
//                                  overwrites slots read in this step (WAR) across threads.
//   barrier after the loop dead -- no access between the loop barrier (or the load barrier, for a
//                                  zero-trip loop) and it: above(b) is empty.
// XWARP-BLOCK-DIM: *,1,1 (1D blocks: threadIdx.y and threadIdx.z are always 0)
#define BLOCK 256

__global__ void __launch_bounds__(BLOCK)
reduce_tree(const float *__restrict__ in, float *__restrict__ out, int n) {
  __shared__ float s[BLOCK];
  __syncthreads(); // EXPECT: dead -- kernel entry: nothing above it
  int t = threadIdx.x;
  int i = blockIdx.x * blockDim.x + t;
  s[t] = (i < n) ? in[i] : 0.0f;
  __syncthreads(); // EXPECT: keep -- s[t] written here is read as s[t+stride] by thread t in the first step
#pragma unroll 1
  for (int stride = blockDim.x / 2; stride > 0; stride >>= 1) {
    if (t < stride)
      s[t] += s[t + stride];
    __syncthreads(); // EXPECT: keep -- s[t] written in one step is read as s[t'+stride/2] by thread t' in the next
  }
  __syncthreads(); // EXPECT: dead -- above(b) is empty: only loop control since the loop barrier
  if (t == 0)
    out[blockIdx.x] = s[0];
}
