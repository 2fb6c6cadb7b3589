// loop_carried_vs_private.cu -- barriers in loops, two kernels.
//   loop_carried: a relaxation loop where each iteration reads the left
//                 neighbour's slot and rewrites its own: the barriers order
//                 accesses of the same and of consecutive iterations.
//   loop_private: an iterated per-element update where every iteration
//                 touches only the thread's own slot s[t]; after the loop each
//                 thread finishes its own slot, then the block reads across
//                 threads (mirror read).
// 1D block, blockDim.x <= 256.
//
// Expectations:
//   loop_carried, load barrier       keep -- s[t] written, read as s[(t'+n-1)%n] by thread t'=t+1.
//   loop_carried, WAR barrier        keep -- s[(t+n-1)%n] read, rewritten as s[t'] by thread t'=t-1.
//   loop_carried, RAW barrier        keep -- s[t] written in iteration k, read as s[(t'+n-1)%n] by thread
//                                           t'=t+1 in iteration k+1 (around the back edge).
//   loop_private, load barrier       dead -- exact: below(b) (loop body, up to the loop barrier, or the
//                                           zero-trip path up to the post-loop barrier) touches only s[t].
//   loop_private, loop barrier       dead -- exact: the body and the next iteration touch only s[t]; the
//                                           loop exit finishes only s[t] before the post-loop barrier.
//   loop_private, post-loop barrier  keep -- s[t] written just above it, read as s[n-1-t] by the mirror
//                                           (needed whether or not the barriers before it were deleted).
// XWARP-BLOCK-DIM: *,1,1 (1D blocks: threadIdx.y and threadIdx.z are always 0)
#define BLOCK 256

__global__ void __launch_bounds__(BLOCK)
loop_carried(const float *__restrict__ in, float *__restrict__ out, int iters) {
  __shared__ float s[BLOCK];
  int t = threadIdx.x;
  int n = blockDim.x;
  int g = blockIdx.x * n + t;
  s[t] = in[g];
  __syncthreads(); // EXPECT: keep -- s[t] written, read as s[(t'+n-1)%n] by thread t'=t+1 in the loop
#pragma unroll 1
  for (int it = 0; it < iters; ++it) {
    float left = s[(t + n - 1) % n];
    __syncthreads(); // EXPECT: keep -- WAR: s[(t+n-1)%n] read, rewritten below as s[t'] by thread t'=t-1
    s[t] = 0.5f * (s[t] + left);
    __syncthreads(); // EXPECT: keep -- RAW across iterations: s[t] written, read as s[(t'+n-1)%n] next iteration
  }
  out[g] = s[t];
}

__global__ void __launch_bounds__(BLOCK)
loop_private(const float *__restrict__ in, float *__restrict__ out, float a, float b, int iters) {
  __shared__ float s[BLOCK];
  int t = threadIdx.x;
  int n = blockDim.x;
  int g = blockIdx.x * n + t;
  s[t] = in[g];
  __syncthreads(); // EXPECT: dead -- exact: below, up to the next barrier, only own s[t] is read/written
#pragma unroll 1
  for (int it = 0; it < iters; ++it) {
    s[t] = s[t] * a + b;
    __syncthreads(); // EXPECT: dead -- exact: body and next iteration touch only own s[t]; the exit finishes own s[t]
  }
  s[t] = s[t] + b;
  __syncthreads(); // EXPECT: keep -- s[t] written just above, read as s[n-1-t] by the mirror thread
  out[g] = s[n - 1 - t];
}
