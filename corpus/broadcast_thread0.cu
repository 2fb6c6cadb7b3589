// broadcast_thread0.cu -- thread 0 publishes a per-block value through a
// shared scalar, everyone reads it, thread 0 publishes a second value into the
// same scalar, everyone reads it (twice). 1D block.
//
// Expectations:
//   barrier after the first publish   keep -- thread 0 writes bcast, all threads read it.
//   barrier before the second publish keep -- WAR: all threads read bcast, thread 0 overwrites it.
//   barrier after the second publish  keep -- thread 0 writes bcast, all threads read it.
//   barrier between the two reads     dead -- both sides only read bcast (read/read), plus x[] reads
//                                            and an out[g] write (restrict, distinct arrays).
// XWARP-BLOCK-DIM: *,1,1 (1D blocks: threadIdx.y and threadIdx.z are always 0)
__global__ void broadcast_thread0(const float *__restrict__ in, const float *__restrict__ x,
                                  float *__restrict__ out) {
  __shared__ float bcast;
  int t = threadIdx.x;
  int g = blockIdx.x * blockDim.x + t;
  if (t == 0)
    bcast = in[2 * blockIdx.x];
  __syncthreads(); // EXPECT: keep -- thread 0 writes bcast, every thread reads it below
  float a = bcast;
  __syncthreads(); // EXPECT: keep -- WAR: every thread reads bcast above, thread 0 overwrites it below
  if (t == 0)
    bcast = in[2 * blockIdx.x + 1];
  __syncthreads(); // EXPECT: keep -- thread 0 writes bcast, every thread reads it below
  float b = bcast;
  __syncthreads(); // EXPECT: dead -- read/read: bcast only read on both sides; x[]/out[] are distinct restrict arrays
  float c = bcast * x[g];
  out[g] = a + b + c;
}
