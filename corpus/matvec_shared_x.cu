// matvec_shared_x.cu -- y = A*x, one row per thread; the vector x is staged
// through shared memory one blockDim.x-wide chunk at a time. The chunk loop
// carries three barriers: a "defensive" one at the top, one after staging the
// chunk, and one after using it. 1D block, blockDim.x <= 256.
//
// Expectations:
//   barrier at top of the chunk loop  dead -- above(b) is empty: kernel entry (first chunk) or the
//                                           previous chunk's trailing barrier, then only loop control.
//   barrier after staging the chunk   keep -- xs[t] written, read as xs[k] by every thread.
//   barrier after using the chunk     keep -- WAR: xs[k] read, overwritten by thread k in the next chunk
//                                           (reached around the back edge; the top barrier is deleted).
// XWARP-BLOCK-DIM: *,1,1 (1D blocks: threadIdx.y and threadIdx.z are always 0)
#define BLOCK 256

__global__ void __launch_bounds__(BLOCK)
matvec_shared_x(const float *__restrict__ A, const float *__restrict__ x, float *__restrict__ y, int rows,
                int cols) {
  __shared__ float xs[BLOCK];
  int t = threadIdx.x;
  int row = blockIdx.x * blockDim.x + t;
  float acc = 0.0f;
#pragma unroll 1
  for (int c0 = 0; c0 < cols; c0 += blockDim.x) {
    __syncthreads(); // EXPECT: dead -- above(b) is empty: only loop control since entry or the trailing barrier
    xs[t] = (c0 + t < cols) ? x[c0 + t] : 0.0f;
    __syncthreads(); // EXPECT: keep -- xs[t] written, read as xs[k] by every thread
    int lim = min((int)blockDim.x, cols - c0);
    if (row < rows)
      for (int k = 0; k < lim; ++k)
        acc += A[(long)row * cols + c0 + k] * xs[k];
    __syncthreads(); // EXPECT: keep -- WAR: xs[k] read here, overwritten by thread k in the next chunk
  }
  if (row < rows)
    y[row] = acc;
}
