// tile2d_unknown_blockdim.cu -- a 2D tile indexed tile[ty][tx] by
// (threadIdx.y, threadIdx.x) in a kernel that does NOT pin the block shape
// (no __launch_bounds__): the code assumes a 16x16 block, but blockDim.x is
// unknown, so thread (tx=16, ty) writes tile[ty][16], which is the same word
// as tile[ty+1][0] of thread (0, ty+1). The "private" read-back is therefore
// NOT provably private. Intended block (16, 16).
//
// Expectations:
//   barrier after the load             keep -- blockDim.x unknown: tile[ty][tx] of (tx, ty) may alias
//                                             tile[ty'][tx'] of another thread (tx >= 16).
//   barrier before the transposed read keep -- tile[ty][tx] written, read as tile[tx'][ty'] by another thread.
//   barrier before the store           dead -- above: shared reads only; below: out[] write (global restrict).
// XWARP-BLOCK-DIM: *,*,1 (2D blocks: threadIdx.z is always 0)
// XWARP-SIM-CTA: 16,16,1 (the launch xwarp simulate uses)
#define TW 16

__global__ void tile2d_unknown_blockdim(const float *__restrict__ in, float *__restrict__ out, int w) {
  __shared__ float tile[TW][TW];
  int tx = threadIdx.x;
  int ty = threadIdx.y;
  int x = blockIdx.x * TW + tx;
  int y = blockIdx.y * TW + ty;
  tile[ty][tx] = in[y * w + x];
  __syncthreads(); // EXPECT: keep -- blockDim.x unknown: (tx=16,ty) writes tile[ty][16] == tile[ty+1][0] of thread (0,ty+1)
  float v = 2.0f * tile[ty][tx];
  tile[ty][tx] = v;
  __syncthreads(); // EXPECT: keep -- tile[ty][tx] written, read transposed as tile[tx][ty] by another thread
  float r = tile[tx][ty];
  __syncthreads(); // EXPECT: dead -- above: shared tile reads only; below: out[] write (global restrict)
  out[y * w + x] = r + v;
}
