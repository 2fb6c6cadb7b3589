// uniform_index_race.cu -- every thread accesses the SAME shared word s[i],
// where i is a kernel argument: all threads read s[i], then all threads write
// s[i]. Accesses to one word by different threads conflict whenever one of
// them writes, whatever the values. 1D block, 0 <= i < blockDim.x <= 256.
//
// Expectations:
//   barrier after the load       keep -- s[t] written by t; every thread reads s[i] (written by thread i).
//   barrier between the reads    dead -- read/read: s[i] only read on both sides.
//   barrier before the s[i] write keep -- WAR: all threads read s[i], then all threads write s[i].
//   barrier after the s[i] write keep -- s[i] written by every thread, read back by thread i as s[t].
// XWARP-BLOCK-DIM: *,1,1 (1D blocks: threadIdx.y and threadIdx.z are always 0)
#define BLOCK 256

__global__ void __launch_bounds__(BLOCK)
uniform_index_race(const float *__restrict__ in, float *__restrict__ out, int i) {
  __shared__ float s[BLOCK];
  int t = threadIdx.x;
  int g = blockIdx.x * blockDim.x + t;
  s[t] = in[g];
  __syncthreads(); // EXPECT: keep -- s[t] written by t; every thread reads s[i], written by thread i
  float v = s[i];
  __syncthreads(); // EXPECT: dead -- read/read: s[i] is only read on both sides
  float w = s[i];
  __syncthreads(); // EXPECT: keep -- WAR: every thread reads s[i] above and writes s[i] below (same word, other threads)
  s[i] = v + w;
  __syncthreads(); // EXPECT: keep -- every thread wrote s[i]; thread i reads it back as s[t]
  out[g] = s[t];
}
