// tile2d_from_flat.cu -- a 1D block of <= 256 threads (__launch_bounds__(256))
// derives 2D tile coordinates (tx, ty) = (t & 15, t >> 4), so tile[ty][tx] of
// a [16][16] tile is exactly flat word t: the slot is private although its
// index goes through bit operations (the solver sees their definitions).
//
// Expectations:
//   load barrier       dead -- exact: tile[t>>4][t&15] is flat word t: own slot.
//   transpose barrier  keep -- tile[ty][tx] written, read as tile[tx][ty] by another thread.
// XWARP-BLOCK-DIM: *,1,1 (1D blocks: threadIdx.y and threadIdx.z are always 0)
__global__ void __launch_bounds__(256)
tile2d_from_flat(const float *__restrict__ in, float *__restrict__ out, int w) {
  __shared__ float tile[16][16];
  int t = threadIdx.x;
  int tx = t & 15;
  int ty = t >> 4;
  int x = blockIdx.x * 16 + tx;
  int y = blockIdx.y * 16 + ty;
  tile[ty][tx] = in[y * w + x];
  __syncthreads(); // EXPECT: dead -- exact: tile[t>>4][t&15] is flat word t, the thread's own slot
  float v = 2.0f * tile[ty][tx];
  tile[ty][tx] = v;
  __syncthreads(); // EXPECT: keep -- tile[ty][tx] written, read transposed as tile[tx][ty] by another thread
  out[y * w + x] = v + tile[tx][ty];
}
