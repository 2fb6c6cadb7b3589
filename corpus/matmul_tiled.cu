// matmul_tiled.cu -- C = alpha*A*B + beta*C with 16x16 shared tiles of A and
// B, two barriers per k-tile (after the tile loads, after the tile products).
// 2D block (16, 16); A, B, C are NOT restrict.
//
// Expectations:
//   barrier after the tile loads     keep -- As[ty][tx]/Bs[ty][tx] written, read as As[ty][k]/Bs[k][tx]
//                                           by other threads of the row/column.
//   barrier after the tile products  keep -- WAR: As[ty][k]/Bs[k][tx] read, overwritten by other
//                                           threads' loads of the next k-tile.
//   barrier before the epilogue      dead -- above(b) is empty: nothing but loop control since the
//                                           loop's trailing barrier (or kernel entry, zero-trip loop).
// XWARP-BLOCK-DIM: *,*,1 (2D blocks: threadIdx.z is always 0)
// XWARP-SIM-CTA: 16,16,1 (the launch xwarp simulate uses)
#define T 16

__global__ void matmul_tiled(const float *A, const float *B, float *C, int M, int N, int K, float alpha,
                             float beta) {
  __shared__ float As[T][T];
  __shared__ float Bs[T][T];
  int tx = threadIdx.x;
  int ty = threadIdx.y;
  int row = blockIdx.y * T + ty;
  int col = blockIdx.x * T + tx;
  float acc = 0.0f;
#pragma unroll 1
  for (int k0 = 0; k0 < K; k0 += T) {
    As[ty][tx] = (row < M && k0 + tx < K) ? A[row * K + k0 + tx] : 0.0f;
    Bs[ty][tx] = (col < N && k0 + ty < K) ? B[(k0 + ty) * N + col] : 0.0f;
    __syncthreads(); // EXPECT: keep -- As[ty][tx]/Bs[ty][tx] written, read as As[ty][k]/Bs[k][tx] by other threads
#pragma unroll
    for (int k = 0; k < T; ++k)
      acc += As[ty][k] * Bs[k][tx];
    __syncthreads(); // EXPECT: keep -- WAR: As[ty][k]/Bs[k][tx] read here, overwritten by other threads next k-tile
  }
  __syncthreads(); // EXPECT: dead -- above(b) is empty: only loop control since the loop's trailing barrier
  if (row < M && col < N)
    C[row * N + col] = alpha * acc + beta * C[row * N + col];
}
