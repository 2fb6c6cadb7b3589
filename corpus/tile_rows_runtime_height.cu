// tile_rows_runtime_height.cu -- a 256 x 33 shared tile filled row by row by
// a loop of runtime height: y = threadIdx.y; y < h; y += blockDim.y, each
// thread at its own column threadIdx.x. clang's row increment has no nsw
// and h is an argument, so only the stores bound the loop: the column is
// one value throughout it and just shifts the window the row's offsets
// 132 * y must stay in, and a step moves them by exactly 132 * blockDim.y,
// so at most 256 iterations start (core/InBoundsIterations). Each thread
// then owns t[ty + 8k][tx].
//   scale_rows: stage rows of in, double each own element, then write
//               out[y][x] = t[h - 1 - y][x] (another thread's row).
// 32 x 8 blocks, h <= 256 (the thread count, xwarp simulate's default argument).
//
// Expectations:
//   1st barrier  dead -- exact: both sides touch only the thread's own t[ty + 8k][tx].
//   2nd barrier  keep -- t[y][x] written above, read as t[h - 1 - y][x] by another thread below.
// XWARP-BLOCK-DIM: 32,8,1 (the tile's column is threadIdx.x < 32 < 33)
// XWARP-SIM-CTA: 32,8,1 (the launch xwarp simulate uses)
__global__ void scale_rows(const float *__restrict__ in, float *__restrict__ out, int h) {
  __shared__ float t[256][33];
  int x = threadIdx.x;
  for (int y = threadIdx.y; y < h; y += blockDim.y)
    t[y][x] = in[y * 32 + x];
  __syncthreads(); // EXPECT: dead -- exact: each thread stages and doubles only its own t[ty + 8k][tx]
  for (int y = threadIdx.y; y < h; y += blockDim.y)
    t[y][x] = 2.0f * t[y][x];
  __syncthreads(); // EXPECT: keep -- t[y][x] written above, read as t[h - 1 - y][x] by another thread below
  for (int y = threadIdx.y; y < h; y += blockDim.y)
    out[y * 32 + x] = t[h - 1 - y][x];
}
