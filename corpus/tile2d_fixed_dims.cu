// tile2d_fixed_dims.cu -- a 2D tile whose per-thread slot IS provably private
// because the tile coordinates cannot exceed the row length.
//   tile2d_bounded:   a real 2D block with __launch_bounds__(64): at most 64
//                     threads, so threadIdx.x < 64 < 65 = the padded row length
//                     of tile[64][65]: (tx, ty) -> 65*ty + tx is injective.
// Compare tile2d_unknown_blockdim.cu, where the same read-back is kept, and
// tile2d_from_flat.cu, where the 2D coordinates come from a 1D id.
//
// Expectations:
//   tile2d_bounded, load barrier         dead -- exact: tx < 64 (launch bound) < 65 (row length), so
//                                               tile[ty][tx] is private to thread (tx, ty).
//   tile2d_bounded, transpose barrier    keep -- tile[ty][tx] written, read as tile[tx][ty] by another thread.
// XWARP-BLOCK-DIM: *,*,1 (2D blocks: threadIdx.z is always 0)
// XWARP-SIM-CTA: 8,8,1 (the launch xwarp simulate uses)
__global__ void __launch_bounds__(64)
tile2d_bounded(const float *__restrict__ in, float *__restrict__ out, int w) {
  __shared__ float tile[64][65];
  int tx = threadIdx.x;
  int ty = threadIdx.y;
  int x = blockIdx.x * blockDim.x + tx;
  int y = blockIdx.y * blockDim.y + ty;
  tile[ty][tx] = in[y * w + x];
  __syncthreads(); // EXPECT: dead -- exact: tx < 64 (launch bound) < 65 (row length): tile[ty][tx] is private
  float v = 2.0f * tile[ty][tx];
  tile[ty][tx] = v;
  __syncthreads(); // EXPECT: keep -- tile[ty][tx] written, read transposed as tile[tx][ty] by another thread
  out[y * w + x] = v + tile[tx][ty];
}
