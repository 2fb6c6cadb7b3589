// barrier_run_three.cu -- runs of three consecutive CTA barriers.
// In a run with nothing between its barriers, every barrier but the last has
// an empty below(b) (or above(b)) and is dead; the last one, judged after the
// earlier ones were deleted, sees the accesses on both sides of the run.
//   run_three_raw:  s[t] = x;  B B B;  y = s[t^1]
//   run_three_war:  y = s[t^1];  B B B;  s[t] = ...  (write-after-read run)
//   run_after_read: s[t] = x; B; y = s[t^1]; B; B; out[g] = y  (from the spec)
// 1D block, blockDim.x even, <= 256.
//
// Expectations:
//   run_three_raw:  dead, dead, keep (W s[t] vs R s[t^1] across the run).
//   run_three_war:  RAW barrier keep; run: dead, dead, keep (R s[t^1] vs W s[t] by thread t^1);
//                   final exchange keep.
//   run_after_read: keep (W s[t] vs R s[t^1]); dead (below empty); dead (above: a shared read,
//                   below: out[g] write, global restrict: nothing conflicts).
// XWARP-BLOCK-DIM: *,1,1 (1D blocks: threadIdx.y and threadIdx.z are always 0)
#define BLOCK 256

__global__ void __launch_bounds__(BLOCK) run_three_raw(const float *__restrict__ in, float *__restrict__ out) {
  __shared__ float s[BLOCK];
  int t = threadIdx.x;
  int g = blockIdx.x * blockDim.x + t;
  s[t] = in[g];
  __syncthreads(); // EXPECT: dead -- below(b) is empty: the next barrier follows immediately
  __syncthreads(); // EXPECT: dead -- below(b) is empty: the next barrier follows immediately
  __syncthreads(); // EXPECT: keep -- last of the run: s[t] written above, s[t^1] read below by thread t^1
  out[g] = s[t ^ 1];
}

__global__ void __launch_bounds__(BLOCK) run_three_war(const float *__restrict__ in, float *__restrict__ out) {
  __shared__ float s[BLOCK];
  int t = threadIdx.x;
  int g = blockIdx.x * blockDim.x + t;
  s[t] = in[g];
  __syncthreads(); // EXPECT: keep -- s[t] written, read as s[t^1] by thread t^1
  float y = s[t ^ 1];
  __syncthreads(); // EXPECT: dead -- below(b) is empty: the next barrier follows immediately
  __syncthreads(); // EXPECT: dead -- below(b) is empty: the next barrier follows immediately
  __syncthreads(); // EXPECT: keep -- last of the run: WAR, s[t^1] read above, s[t] rewritten below by thread t^1
  s[t] = 2.0f * y;
  __syncthreads(); // EXPECT: keep -- s[t] written, read as s[t^1] by thread t^1
  out[g] = s[t ^ 1];
}

__global__ void __launch_bounds__(BLOCK) run_after_read(const float *__restrict__ in, float *__restrict__ out) {
  __shared__ float s[BLOCK];
  int t = threadIdx.x;
  int g = blockIdx.x * blockDim.x + t;
  s[t] = in[g];
  __syncthreads(); // EXPECT: keep -- s[t] written, read as s[t^1] by thread t^1
  float y = s[t ^ 1];
  __syncthreads(); // EXPECT: dead -- below(b) is empty: the next barrier follows immediately
  __syncthreads(); // EXPECT: dead -- above: shared read of s[t^1]; below: out[g] write (global restrict)
  out[g] = y;
}
