// hidden_divergence.cu -- branches that split the threads of a CTA although
// UniformityInfo or an induction-variable argument calls them uniform. The
// arms hold __barrier_sync(0) (PTX barrier.sync, not .aligned): legal when
// only some threads reach it, since each arrival counts towards the next
// instance of barrier 0 wherever it comes from. A thread that skipped one
// would meet the other arm's barrier instead, and the data handed over
// between the two would be unordered.
//   loop_count_arms:    each thread counts the nonzero words of its column; the
//                       count picks the arm. Inside the loop the counter is the
//                       same in every thread; after it, it is not.
//   volatile_flag_arms: thread 32 sets a volatile flag while the others poll
//                       it: each thread reads 0 or 1.
// 1D block of BLOCK threads.
//
// Expectations (both kernels):
//   barrier of the first arm     keep -- divergent: the threads take the arms by their own data.
//   barrier of the second arm    keep -- divergent: the threads take the arms by their own data.
//   barrier after the join       keep -- b[t] written in the second arm, read as b[t^32] below.
// volatile_flag_arms also:
//   barrier after the reset      keep -- s[t] written, read as s[t^32] in the second arm.
// XWARP-BLOCK-DIM: 64,1,1
#define BLOCK 64
#define ROWS 8

__global__ void __launch_bounds__(BLOCK) loop_count_arms(const int *__restrict__ data, int *__restrict__ out) {
  __shared__ int a[BLOCK], b[BLOCK];
  int t = threadIdx.x;
  a[t] = t;
  int n = 0;
  // One exit (a bitwise &, not &&): the counter leaves the loop as itself.
#pragma unroll 1
  while ((n < ROWS) & (data[(n % ROWS) * BLOCK + t] != 0))
    ++n;
  if (n < 2) {
    __barrier_sync(0); // EXPECT: keep -- divergent: each thread's loop count picks the arm
  } else {
    __barrier_sync(0); // EXPECT: keep -- divergent: each thread's loop count picks the arm
    b[t] = a[t ^ 32] + n;
  }
  __barrier_sync(0); // EXPECT: keep -- b[t] written in the second arm, read as b[t^32] below
  out[blockIdx.x * BLOCK + t] = n < 2 ? b[t ^ 32] : n;
}

__global__ void __launch_bounds__(BLOCK) volatile_flag_arms(int *__restrict__ out) {
  __shared__ int s[BLOCK], b[BLOCK];
  __shared__ volatile int flag;
  int t = threadIdx.x;
  if (t == 0)
    flag = 0;
  s[t] = t;
  __syncthreads(); // EXPECT: keep -- s[t] written, read as s[t^32] in the second arm
  if (t == 32)
    flag = 1;
  if (flag == 0) {
    __barrier_sync(0); // EXPECT: keep -- divergent: each thread reads the flag when it comes to it
  } else {
    __barrier_sync(0); // EXPECT: keep -- divergent: each thread reads the flag when it comes to it
    b[t] = s[t ^ 32];
  }
  __barrier_sync(0); // EXPECT: keep -- b[t] written in the second arm, read as b[t^32] below
  out[blockIdx.x * BLOCK + t] = b[t ^ 32];
}
