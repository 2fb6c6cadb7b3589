// double_buffer_tiles.cu -- a loop over tiles with two shared buffers: in
// iteration k every thread reads its partner's element of tile k from
// buf[k & 1] while it loads tile k + 1 into buf[(k + 1) & 1]. The barrier
// closing each iteration keeps one iteration's accesses from the next one's,
// so the barrier between the read and the load meets only accesses of one
// iteration, where the two buffers differ (model/IterationAlignment.h).
// In single_barrier_tiles the closing barrier is the only one: it is what
// keeps iteration k's load from iteration k + 1's read, and stays. 1D blocks
// of at most 128 threads, so t ^ 1 stays in a row.
//
// Expectations:
//   double_buffer_tiles, before the loop       keep -- buf[0][t] written, read as buf[0][t ^ 1] by the partner in the first iteration.
//   double_buffer_tiles, between read and load dead -- exact per iteration: reads of row k & 1 above, writes of row (k + 1) & 1 below; the closing barrier keeps iterations apart.
//   double_buffer_tiles, closing an iteration  keep -- row (k + 1) & 1 written in iteration k is read as buf[(k + 1) & 1][t' ^ 1] in iteration k + 1.
//   single_barrier_tiles, before the loop      keep -- buf[0][t] written, read as buf[0][t ^ 1] by the partner in the first iteration.
//   single_barrier_tiles, closing an iteration keep -- the only barrier in the loop: row (k + 1) & 1 written in iteration k is read in iteration k + 1.
// XWARP-BLOCK-DIM: *,1,1 (1D blocks: threadIdx.y and threadIdx.z are always 0)
#define TILE 128

__global__ void __launch_bounds__(TILE)
double_buffer_tiles(const float *__restrict__ in, float *__restrict__ out, int tiles) {
  __shared__ float buf[2][TILE];
  int t = threadIdx.x;
  buf[0][t] = in[t];
  __syncthreads(); // EXPECT: keep -- buf[0][t] written, read as buf[0][t ^ 1] by the partner in the first iteration
  float acc = 0.0f;
#pragma unroll 1
  for (int k = 0; k < tiles; ++k) {
    float partner = buf[k & 1][t ^ 1];
    __syncthreads(); // EXPECT: dead -- exact per iteration: row k & 1 read above, row (k + 1) & 1 written below; the closing barrier keeps iterations apart
    if (k + 1 < tiles)
      buf[(k + 1) & 1][t] = in[(k + 1) * TILE + t];
    acc += partner;
    __syncthreads(); // EXPECT: keep -- row (k + 1) & 1 written in iteration k is read as buf[(k + 1) & 1][t' ^ 1] in iteration k + 1
  }
  out[t] = acc;
}

__global__ void __launch_bounds__(TILE)
single_barrier_tiles(const float *__restrict__ in, float *__restrict__ out, int tiles) {
  __shared__ float buf[2][TILE];
  int t = threadIdx.x;
  buf[0][t] = in[t];
  __syncthreads(); // EXPECT: keep -- buf[0][t] written, read as buf[0][t ^ 1] by the partner in the first iteration
  float acc = 0.0f;
#pragma unroll 1
  for (int k = 0; k < tiles; ++k) {
    acc += buf[k & 1][t ^ 1];
    if (k + 1 < tiles)
      buf[(k + 1) & 1][t] = in[(k + 1) * TILE + t];
    __syncthreads(); // EXPECT: keep -- the only barrier in the loop: row (k + 1) & 1 written in iteration k is read in iteration k + 1
  }
  out[t] = acc;
}
