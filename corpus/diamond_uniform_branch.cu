// diamond_uniform_branch.cu -- barriers in both arms of an if/else diamond
// whose condition is a kernel argument (uniform across the block, so the
// barriers are legal). The then-arm reads the right neighbour's slot; the
// else-arm reads only its own slot. After the join the block rewrites s[t]
// and reads the left neighbour's slot. 1D block, blockDim.x <= 256.
//
// Expectations:
//   barrier in the then-arm   keep -- s[t] written before the branch, read as s[(t'+1)%n] in this arm.
//   barrier in the else-arm   dead -- exact: s[t] written before the branch; this arm reads only own s[t].
//   barrier after the join    keep -- WAR via the then-arm: s[(t+1)%n] read, rewritten as s[t'] below.
//   last barrier              keep -- s[t] written, read as s[(t'+n-1)%n] by thread t'=t+1.
// XWARP-BLOCK-DIM: *,1,1 (1D blocks: threadIdx.y and threadIdx.z are always 0)
#define BLOCK 256

__global__ void __launch_bounds__(BLOCK)
diamond_uniform_branch(const float *__restrict__ in, float *__restrict__ out, int mode, float k) {
  __shared__ float s[BLOCK];
  int t = threadIdx.x;
  int n = blockDim.x;
  int g = blockIdx.x * n + t;
  float x = in[g];
  s[t] = x;
  float v;
  if (mode > 0) {
    x *= k;
    __syncthreads(); // EXPECT: keep -- s[t] written before the branch, read as s[(t'+1)%n] by thread t'=t-1
    v = x + s[(t + 1) % n];
  } else {
    x += k;
    __syncthreads(); // EXPECT: dead -- exact: s[t] written before the branch, this arm reads only own s[t]
    v = x * s[t];
  }
  __syncthreads(); // EXPECT: keep -- WAR via the then-arm: s[(t+1)%n] read above, rewritten below by that thread
  s[t] = v;
  __syncthreads(); // EXPECT: keep -- s[t] written, read as s[(t'+n-1)%n] by thread t'=t+1
  out[g] = s[(t + n - 1) % n];
}
