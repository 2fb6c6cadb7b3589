// stencil_2d_halo.cu -- iterated 5-point smoothing of a 16x16 tile with a
// one-cell halo held in shared memory (halo cells are loaded once, clamped to
// the image border, and kept fixed). Each sweep reads the 4-neighbourhood,
// synchronizes, and overwrites the centre. 2D block (16, 16).
//
// Expectations:
//   barrier after tile + halo load   keep -- centre/halo cells written, read as neighbours by other threads.
//   WAR barrier inside a sweep       keep -- tile[ty+1][tx+1] is read by 4 neighbours, then overwritten.
//   RAW barrier closing a sweep      keep -- the new centre is read as a neighbour in the next sweep.
//   barrier before the global store  dead -- above: a shared tile read only; below: out[] write (restrict).
// XWARP-BLOCK-DIM: *,*,1 (2D blocks: threadIdx.z is always 0)
// XWARP-SIM-CTA: 16,16,1 (the launch xwarp simulate uses)
#define BX 16
#define BY 16

__device__ int clampi(int v, int lo, int hi) { return v < lo ? lo : (v > hi ? hi : v); }

__global__ void stencil_2d_halo(const float *__restrict__ in, float *__restrict__ out, int w, int h, int sweeps) {
  __shared__ float tile[BY + 2][BX + 2];
  int tx = threadIdx.x;
  int ty = threadIdx.y;
  int x = blockIdx.x * BX + tx;
  int y = blockIdx.y * BY + ty;
  int cx = clampi(x, 0, w - 1);
  int cy = clampi(y, 0, h - 1);
  tile[ty + 1][tx + 1] = in[cy * w + cx];
  if (tx == 0)
    tile[ty + 1][0] = in[cy * w + clampi(x - 1, 0, w - 1)];
  if (tx == BX - 1)
    tile[ty + 1][BX + 1] = in[cy * w + clampi(x + 1, 0, w - 1)];
  if (ty == 0)
    tile[0][tx + 1] = in[clampi(y - 1, 0, h - 1) * w + cx];
  if (ty == BY - 1)
    tile[BY + 1][tx + 1] = in[clampi(y + 1, 0, h - 1) * w + cx];
  __syncthreads(); // EXPECT: keep -- centre and halo cells written, read as 4-neighbours by other threads
#pragma unroll 1
  for (int it = 0; it < sweeps; ++it) {
    float r = 0.2f * (tile[ty + 1][tx + 1] + tile[ty][tx + 1] + tile[ty + 2][tx + 1] + tile[ty + 1][tx] +
                      tile[ty + 1][tx + 2]);
    __syncthreads(); // EXPECT: keep -- WAR: neighbours read tile[ty+1][tx+1], which this thread overwrites below
    tile[ty + 1][tx + 1] = r;
    __syncthreads(); // EXPECT: keep -- RAW: the new centre is read as a neighbour by other threads in the next sweep
  }
  float v = tile[ty + 1][tx + 1];
  __syncthreads(); // EXPECT: dead -- above: one shared tile read; below: out[] write (global restrict)
  if (x < w && y < h)
    out[y * w + x] = v;
}
