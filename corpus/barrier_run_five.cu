// barrier_run_five.cu -- runs of five consecutive CTA barriers.
//   run_five_cross:   s[t] = x; B B B B B; read s[(t+32)%n]   (cross-warp read)
//   run_five_private: s[t] = x; B B B B B; read s[t]          (own slot)
//   run_five_reads:   s[t] = x; B; read s[t^1]; B B B B B; read s[t^2]  (read/read)
// 1D block, blockDim.x a multiple of 4, <= 256.
//
// Expectations:
//   run_five_cross:   dead x4 (below empty), last keep (W s[t] vs R s[(t'+32)%n], t'!=t).
//   run_five_private: dead x5: four with empty below; the last sees W s[t] above and R s[t]
//                     below: exact, same slot only for the same thread.
//   run_five_reads:   first keep (W s[t] vs R s[t^1]); run dead x5: four with empty below, the
//                     last separates two shared reads (read/read) and a restrict out[] write.
// XWARP-BLOCK-DIM: *,1,1 (1D blocks: threadIdx.y and threadIdx.z are always 0)
#define BLOCK 256

__global__ void __launch_bounds__(BLOCK) run_five_cross(const float *__restrict__ in, float *__restrict__ out) {
  __shared__ float s[BLOCK];
  int t = threadIdx.x;
  int n = blockDim.x;
  int g = blockIdx.x * n + t;
  s[t] = in[g];
  __syncthreads(); // EXPECT: dead -- below(b) is empty: the next barrier follows immediately
  __syncthreads(); // EXPECT: dead -- below(b) is empty: the next barrier follows immediately
  __syncthreads(); // EXPECT: dead -- below(b) is empty: the next barrier follows immediately
  __syncthreads(); // EXPECT: dead -- below(b) is empty: the next barrier follows immediately
  __syncthreads(); // EXPECT: keep -- last of the run: s[t] written above, read as s[(t'+32)%n] by another thread
  out[g] = s[(t + 32) % n];
}

__global__ void __launch_bounds__(BLOCK) run_five_private(const float *__restrict__ in, float *__restrict__ out) {
  __shared__ float s[BLOCK];
  int t = threadIdx.x;
  int g = blockIdx.x * blockDim.x + t;
  s[t] = in[g];
  __syncthreads(); // EXPECT: dead -- below(b) is empty: the next barrier follows immediately
  __syncthreads(); // EXPECT: dead -- below(b) is empty: the next barrier follows immediately
  __syncthreads(); // EXPECT: dead -- below(b) is empty: the next barrier follows immediately
  __syncthreads(); // EXPECT: dead -- below(b) is empty: the next barrier follows immediately
  __syncthreads(); // EXPECT: dead -- exact: s[t] written above, only s[t] read below (own slot)
  out[g] = s[t];
}

__global__ void __launch_bounds__(BLOCK) run_five_reads(const float *__restrict__ in, float *__restrict__ out) {
  __shared__ float s[BLOCK];
  int t = threadIdx.x;
  int g = blockIdx.x * blockDim.x + t;
  s[t] = in[g];
  __syncthreads(); // EXPECT: keep -- s[t] written, read as s[t^1] by thread t^1
  float a = s[t ^ 1];
  __syncthreads(); // EXPECT: dead -- below(b) is empty: the next barrier follows immediately
  __syncthreads(); // EXPECT: dead -- below(b) is empty: the next barrier follows immediately
  __syncthreads(); // EXPECT: dead -- below(b) is empty: the next barrier follows immediately
  __syncthreads(); // EXPECT: dead -- below(b) is empty: the next barrier follows immediately
  __syncthreads(); // EXPECT: dead -- read/read: s[t^1] read above, s[t^2] read below; out[g] is global restrict
  float b = s[t ^ 2];
  out[g] = a + b;
}
