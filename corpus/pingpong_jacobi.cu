// pingpong_jacobi.cu -- iterated 1D Jacobi relaxation with ping-pong shared
// buffers buf[cur] / buf[cur^1]: each sweep reads neighbours from buf[cur],
// writes buf[cur^1][t], flips cur, and synchronizes once. A second barrier
// sits between the two neighbour reads. 1D block, blockDim.x <= 256, so the
// two rows buf[0][*] and buf[1][*] never overlap.
//
// Expectations:
//   barrier after the load            keep -- buf[0][t] written, read as buf[0][t'+-1] by neighbours.
//   barrier between neighbour reads   dead -- exact address reasoning: above reads buf[cur][*]; below
//                                            reads buf[cur][*] and writes buf[cur^1][t]: cur != cur^1,
//                                            so the write is in the other row; reads never conflict.
//   barrier closing a sweep           keep -- buf[cur^1][t] written this sweep is read as buf[cur'][t'+-1]
//                                            (cur' = cur^1) by neighbours in the next sweep.
// XWARP-BLOCK-DIM: *,1,1 (1D blocks: threadIdx.y and threadIdx.z are always 0)
#define BLOCK 256

__global__ void __launch_bounds__(BLOCK)
pingpong_jacobi(const float *__restrict__ in, float *__restrict__ out, int sweeps) {
  __shared__ float buf[2][BLOCK];
  int t = threadIdx.x;
  int n = blockDim.x;
  int g = blockIdx.x * n + t;
  buf[0][t] = in[g];
  __syncthreads(); // EXPECT: keep -- buf[0][t] written, read as buf[0][t-1] / buf[0][t+1] by neighbours
  int cur = 0;
#pragma unroll 1
  for (int it = 0; it < sweeps; ++it) {
    float left = buf[cur][t > 0 ? t - 1 : t];
    __syncthreads(); // EXPECT: dead -- exact: reads of row buf[cur] above; below reads buf[cur] and writes row buf[cur^1]
    float right = buf[cur][t + 1 < n ? t + 1 : t];
    buf[cur ^ 1][t] = 0.5f * (left + right);
    cur ^= 1;
    __syncthreads(); // EXPECT: keep -- buf[cur][t] written this sweep, read as buf[cur][t'+-1] by neighbours next sweep
  }
  out[g] = buf[cur][t];
}
