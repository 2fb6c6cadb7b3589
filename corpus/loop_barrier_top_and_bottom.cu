// loop_barrier_top_and_bottom.cu -- a relaxation loop written with a barrier
// at the top AND at the bottom of its body (plus a WAR barrier in the middle),
// preceded by a barrier after the load. This shows the program-order rule on
// loops: the loop runs at least once (the kernel returns early otherwise), so
// the load barrier and the top barrier are consecutive (only loop control
// between them), and the bottom barrier and the next iteration's top barrier
// are consecutive too. 1D block, blockDim.x <= 256.
//
// Expectations:
//   barrier after the load     dead -- below(b): the loop is entered at once and reaches the top
//                                     barrier with no access (every variant sees the empty side).
//   barrier at top of the body keep -- s[t] written by the load is read as s[(t'+1)%n] by thread
//                                     t'=t-1 (whether or not the bottom barrier was deleted).
//   WAR barrier in the middle  keep -- s[(t+1)%n] read above, s[t] rewritten below by that thread.
//   barrier at bottom of body  dead -- above: W s[t]; below: back edge reaches the top barrier with no
//                                     access, loop exit reads only own s[t]: exact, same slot only
//                                     for the same thread.
// XWARP-BLOCK-DIM: *,1,1 (1D blocks: threadIdx.y and threadIdx.z are always 0)
#define BLOCK 256

__global__ void __launch_bounds__(BLOCK)
loop_barrier_top_and_bottom(const float *__restrict__ in, float *__restrict__ out, int iters) {
  __shared__ float s[BLOCK];
  int t = threadIdx.x;
  int n = blockDim.x;
  int g = blockIdx.x * n + t;
  if (iters <= 0)
    return;
  s[t] = in[g];
  __syncthreads(); // EXPECT: dead -- the loop runs at least once: below(b) reaches the top barrier with no access
#pragma unroll 1
  for (int it = 0; it < iters; ++it) {
    __syncthreads(); // EXPECT: keep -- s[t] written by the load, read as s[(t'+1)%n] by t'=t-1
    float right = s[(t + 1) % n];
    __syncthreads(); // EXPECT: keep -- WAR: s[(t+1)%n] read above, rewritten as s[t'] by thread t'=(t+1)%n below
    s[t] = 0.5f * (s[t] + right);
    __syncthreads(); // EXPECT: dead -- exact: W s[t] above; below only own s[t] read (after loop) or the top barrier
  }
  out[g] = s[t];
}
