// atomic_flag_branch.cu -- a flag written with a relaxed atomic store by one
// thread and read with relaxed atomic loads by all: no data race, yet each
// thread may read 0 or 1, so the branch on it splits the block. NVPTX's
// UniformityInfo calls a load of shared memory uniform before it asks
// whether it is atomic; the arms' __barrier_sync(0) (PTX barrier.sync, not
// .aligned, legal when only some threads arrive) were taken for points every
// thread reaches and removed.
// 1D block of 64 threads.
//
// Expectations:
//   barrier after the reset        keep -- flag = 0 by thread 0, read by all; s[t] read as s[t^32].
//   barrier of the first arm       keep -- divergent: the threads read the flag apart.
//   barrier of the second arm      keep -- divergent: the threads read the flag apart.
// XWARP-BLOCK-DIM: 64,1,1 (two warps)
__global__ void atomic_flag_branch(int *__restrict__ out) {
  __shared__ int s[64];
  __shared__ int flag;
  int t = threadIdx.x;
  s[t] = t;
  if (t == 0)
    flag = 0;
  __syncthreads(); // EXPECT: keep -- flag reset by thread 0 before all read it; s[t] read as s[t^32] below
  if (t == 40)
    __atomic_store_n(&flag, 1, __ATOMIC_RELAXED);
  if (__atomic_load_n(&flag, __ATOMIC_RELAXED) == 0) {
    __barrier_sync(0); // EXPECT: keep -- divergent: threads may read the flag before or after thread 40's store
  } else {
    __barrier_sync(0); // EXPECT: keep -- divergent: threads may read the flag before or after thread 40's store
    out[t] = s[t ^ 32];
  }
}
