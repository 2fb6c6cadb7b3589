// batched_double_buffer.cu -- Jacobi sweeps over a double buffer
// buf[2][BLOCK + 2], the parity it & 1 choosing the row, repeated for
// several batches of input: the sweep loop is a subloop of the batch loop,
// entered again for every batch and counted from 0 each time. Every sweep
// ends with a barrier and the sweep loop is left only after it (the exit
// test sits in the latch), so every sweep over all batches runs that
// barrier once, in every thread. 1D block of at most 256 threads; the halo
// cells 0 and n + 1 of both rows are zero, written by thread 0.
//
// Expectations:
//   barrier after the fill       keep -- buf[0][t + 1] written, read as buf[0][t'] and buf[0][t' + 2]
//                                       by neighbours in the first sweep.
//   barrier inside a sweep       dead -- exact: the closing barrier runs once in every sweep of every
//                                       batch, so the pairs it leaves meet in one sweep, where the
//                                       parity is the same in every thread: reads of row cur above,
//                                       writes of row cur ^ 1 below.
//   barrier closing a sweep      keep -- row cur ^ 1 written this sweep is read by neighbours next sweep.
//   barrier closing a batch      dead -- exact: each thread reads back only its own buf[r][t + 1], and
//                                       the next fill writes only its own buf[0][t + 1] and, in thread
//                                       0, the halo cells, which nobody reads back; the last sweep's
//                                       reads are ordered before the fill by the closing barrier.
// XWARP-BLOCK-DIM: *,1,1 (1D blocks: threadIdx.y and threadIdx.z are always 0)
#define BLOCK 256

__global__ void __launch_bounds__(BLOCK)
batched_double_buffer(const float *__restrict__ in, float *__restrict__ out, int batches, int sweeps) {
  __shared__ float buf[2][BLOCK + 2];
  int t = threadIdx.x;
  int n = blockDim.x;
  float acc = 0.0f;
#pragma unroll 1
  for (int bt = 0; bt < batches; ++bt) {
    buf[0][t + 1] = in[(blockIdx.x * batches + bt) * n + t];
    if (t == 0) {
      buf[0][0] = buf[0][n + 1] = 0.0f;
      buf[1][0] = buf[1][n + 1] = 0.0f;
    }
    __syncthreads(); // EXPECT: keep -- buf[0][t+1] written, read as buf[0][t'] / buf[0][t'+2] by neighbours
#pragma unroll 1
    for (int it = 0; it < sweeps; ++it) {
      int cur = it & 1;
      float v = 0.5f * (buf[cur][t] + buf[cur][t + 2]);
      __syncthreads(); // EXPECT: dead -- exact: one sweep over all batches per closing barrier, one parity in every thread; reads of row cur above, writes of row cur^1 below
      buf[cur ^ 1][t + 1] = v;
      __syncthreads(); // EXPECT: keep -- row cur^1 written this sweep is read by neighbours in the next sweep
    }
    acc += buf[sweeps & 1][t + 1];
    __syncthreads(); // EXPECT: dead -- exact: own buf[r][t+1] read back, own slot and unread halos written by the next fill
  }
  out[blockIdx.x * n + t] = acc;
}
