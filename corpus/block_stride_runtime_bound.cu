// block_stride_runtime_bound.cu -- block-stride loops bounded by a kernel
// argument n (at most 4096): i = threadIdx.x; i < n; i += blockDim.x, the
// most common CUDA loop. clang emits the increment without nsw, so nothing
// in the IR alone stops i from wrapping past 2^32, where two threads'
// sequences would meet; but every iteration stores s[i] of a 4096-word
// array, which keeps i in bounds (anything else is undefined), and a step
// of at most 1024 cannot carry an in-bounds i past the wrap. Each thread
// then touches only the elements i = t + k * blockDim.x.
//   stage_scale_reverse: stage in[i] in s[i], scale each own element, then
//                        write out[i] = s[n - 1 - i] (another thread's).
// xwarp reads that argument off the IR alone (core/InBoundsIterations): a
// store every iteration makes, its index the extended counter, its object's
// size, the step's range. An earlier rule that rested on ScalarEvolution's
// flags and forms was unsound (llvm-project#80430) and was reverted.
// 1D block, n <= 4096.
//
// Expectations:
//   1st barrier  dead -- exact: both sides touch only the thread's own s[t + k * ntid].
//   2nd barrier  keep -- s[i] written above, read as s[n - 1 - i] by another thread below.
// XWARP-BLOCK-DIM: *,1,1 (1D blocks: threadIdx.y and threadIdx.z are always 0)
#define CAP 4096

__global__ void stage_scale_reverse(const float *__restrict__ in, float *__restrict__ out, int n) {
  __shared__ float s[CAP];
  for (int i = threadIdx.x; i < n; i += blockDim.x)
    s[i] = in[i];
  __syncthreads(); // EXPECT: dead -- exact: each thread stages and rescales only its own s[t + k * ntid]
  for (int i = threadIdx.x; i < n; i += blockDim.x)
    s[i] = 2.0f * s[i];
  __syncthreads(); // EXPECT: keep -- s[i] written above, read as s[n - 1 - i] by another thread below
  for (int i = threadIdx.x; i < n; i += blockDim.x)
    out[i] = s[n - 1 - i];
}
