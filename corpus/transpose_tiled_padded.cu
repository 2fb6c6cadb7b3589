// transpose_tiled_padded.cu -- out = transpose(in) through a padded shared
// tile[32][33] (padding avoids bank conflicts). Block (32, 8): each thread
// moves 4 elements of the 32x32 tile. in and out are NOT restrict.
//
// Expectations:
//   barrier after filling the tile     keep -- tile[ty+j][tx] written, read transposed as
//                                             tile[tx][ty+j] by another thread.
//   barrier before the global stores   dead -- above: reads of tile[][] only (the in[] reads and tile
//                                             writes are behind the first barrier); below: writes of
//                                             out[] only: shared reads vs global writes never conflict.
// XWARP-BLOCK-DIM: *,*,1 (2D blocks: threadIdx.z is always 0)
// XWARP-SIM-CTA: 32,8,1 (the launch xwarp simulate uses)
#define TILE 32
#define ROWS 8

__global__ void transpose_tiled_padded(float *out, const float *in, int width, int height) {
  __shared__ float tile[TILE][TILE + 1];
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
#pragma unroll
  for (int j = 0; j < TILE; j += ROWS)
    if (x < width && y + j < height)
      tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * width + x];
  __syncthreads(); // EXPECT: keep -- tile[ty+j][tx] written, read transposed as tile[tx][ty+j] by another thread
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  float v[TILE / ROWS];
#pragma unroll
  for (int j = 0; j < TILE; j += ROWS)
    v[j / ROWS] = tile[threadIdx.x][threadIdx.y + j];
  __syncthreads(); // EXPECT: dead -- above: shared tile reads only; below: global out[] writes only
#pragma unroll
  for (int j = 0; j < TILE; j += ROWS)
    if (x < height && y + j < width)
      out[(y + j) * height + x] = v[j / ROWS];
}
