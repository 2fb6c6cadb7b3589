// private_slot_staging.cu -- per-thread private staging: each thread parks its
// input in s[t], reads back only s[t], scales it, then the block is reversed
// through shared memory; finally each thread re-reads and updates its own
// out[g]. 1D block, blockDim.x <= 256.
//
// Expectations:
//   barrier after staging s[t]   dead -- exact: thread t writes s[t] and reads back only s[t] (own slot);
//                                       the in[] read cannot alias anything below (restrict, read only).
//   barrier before the reversal  keep -- s[t] written, read as s[blockDim.x-1-t] by the mirror thread.
//   barrier before out[g] update dead -- exact: above writes out[g] and reads shared; below reads and
//                                       writes only out[g] of the same thread.
// XWARP-BLOCK-DIM: *,1,1 (1D blocks: threadIdx.y and threadIdx.z are always 0)
#define BLOCK 256

__global__ void __launch_bounds__(BLOCK)
private_slot_staging(const float *__restrict__ in, float *__restrict__ out, float scale, float bias) {
  __shared__ float s[BLOCK];
  int t = threadIdx.x;
  int g = blockIdx.x * blockDim.x + t;
  s[t] = in[g];
  __syncthreads(); // EXPECT: dead -- exact: thread t wrote s[t] and reads back only s[t] (own slot)
  float v = s[t] * scale;
  s[t] = v;
  __syncthreads(); // EXPECT: keep -- s[t] written, read as s[blockDim.x-1-t] by the mirror thread
  float r = s[blockDim.x - 1 - t];
  out[g] = r;
  __syncthreads(); // EXPECT: dead -- exact: below reads/writes only out[g], written above by the same thread
  out[g] += bias * v;
}
