// barrier_at_exit.cu -- barriers at the very end of a kernel.
//   barrier_at_exit:         a shared-memory reversal followed by
//                            a CTA barrier as the last statement.
//   barrier_before_return:   a uniform (kernel-argument) early-return branch
//                            whose arm ends with a CTA barrier, then return;
// 1D block, blockDim.x <= 256.
//
// Expectations:
//   barrier_at_exit, reversal barrier        keep -- s[t] written, read as s[blockDim.x-1-t].
//   barrier_at_exit, trailing barrier        dead -- kernel exit: below(b) is empty.
//   barrier_before_return, exchange barrier  keep -- s[t] written, read as s[(t+1)%blockDim.x].
//   barrier_before_return, in the early arm  dead -- only the return (kernel exit) below it.
//   barrier_before_return, WAR barrier       keep -- s[(t+1)%n] read above, s[t] rewritten below.
//   barrier_before_return, final exchange    keep -- s[t] written, read as s[(t+n-1)%n].
//   barrier_before_return, trailing barrier  dead -- kernel exit: below(b) is empty.
// XWARP-BLOCK-DIM: *,1,1 (1D blocks: threadIdx.y and threadIdx.z are always 0)
#define BLOCK 256

__global__ void __launch_bounds__(BLOCK) barrier_at_exit(const float *__restrict__ in, float *__restrict__ out) {
  __shared__ float s[BLOCK];
  int t = threadIdx.x;
  int g = blockIdx.x * blockDim.x + t;
  s[t] = in[g];
  __syncthreads(); // EXPECT: keep -- s[t] written, read as s[blockDim.x-1-t] by the mirror thread
  out[g] = s[blockDim.x - 1 - t];
  __syncthreads(); // EXPECT: dead -- kernel exit: nothing below it
}

__global__ void __launch_bounds__(BLOCK)
barrier_before_return(const float *__restrict__ in, float *__restrict__ out, int early) {
  __shared__ float s[BLOCK];
  int t = threadIdx.x;
  int n = blockDim.x;
  int g = blockIdx.x * n + t;
  s[t] = in[g];
  __syncthreads(); // EXPECT: keep -- s[t] written, read as s[(t'+1)%n] by thread t'=t-1
  float r = s[(t + 1) % n];
  if (early) {
    out[g] = r;
    __syncthreads(); // EXPECT: dead -- only the return (kernel exit) below it
    return;
  }
  __syncthreads(); // EXPECT: keep -- WAR: s[(t+1)%n] read above, s[t] rewritten below by that thread
  s[t] = 2.0f * r;
  __syncthreads(); // EXPECT: keep -- s[t] written, read as s[(t'+n-1)%n] by thread t'=t+1
  out[g] = s[(t + n - 1) % n];
  __syncthreads(); // EXPECT: dead -- kernel exit: nothing below it
}
