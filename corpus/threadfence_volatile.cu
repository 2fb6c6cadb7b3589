// threadfence_volatile.cu -- the fence rule also looks for volatile accesses:
// this kernel has no atomic, but it publishes a per-block "ready" flag with a
// volatile store after writing its data (a flag-based producer protocol for a
// later consumer). data and flags are plain (possibly aliasing) pointers.
// 1D block.
//
// Expectations:
//   __threadfence() after the data  keep -- the kernel performs volatile accesses (flags[]).
//   barrier before the flag store   keep -- data[g] written by every thread; thread 0 then stores
//                                         flags[blockIdx.x], and the plain pointers data/flags may overlap.
//   barrier at kernel exit          dead -- nothing below it.
// XWARP-BLOCK-DIM: *,1,1 (1D blocks: threadIdx.y and threadIdx.z are always 0)
__global__ void threadfence_volatile(const float *__restrict__ in, float *data, volatile int *flags) {
  int t = threadIdx.x;
  int g = blockIdx.x * blockDim.x + t;
  data[g] = 2.0f * in[g];
  __threadfence(); // EXPECT: keep -- kernel performs volatile accesses (flags[]): not provably removable
  __syncthreads(); // EXPECT: keep -- data[g] written by all; thread 0 stores flags[blockIdx.x] below (may alias data)
  if (t == 0)
    flags[blockIdx.x] = flags[blockIdx.x] + 1;
  __syncthreads(); // EXPECT: dead -- kernel exit: nothing below it
}
