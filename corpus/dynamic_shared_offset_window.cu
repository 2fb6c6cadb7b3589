// dynamic_shared_offset_window.cu -- dynamic shared memory (extern __shared__
// float dyn[], launched with 64 + 4 * 64 floats) seen through a window
// w = dyn + 64 that starts past a 64-float header. Each of the 64 threads
// stages four slots of the window, w[t + 64k], and then sums the four slots
// of its right neighbour. Header and window are apart: the header is only
// ever touched by thread 0, before the first barrier, and read back by
// thread 0 alone. The window's addresses all read the constant
// `getelementptr inbounds (dyn, 256)`, which LLVM may take for poison (it
// lies past the declared size of an extern array); Common Base Elimination
// builds their base from the first one, accessed first, instead of
// expanding it anew.
//
// Expectations:
//   barrier after staging  keep -- w[t + 64k] written, read as w[(t'+1)%64 + 64k] by thread t' = t-1.
//   barrier after the sums dead -- below: out[] (global) written and dyn[0] read by thread 0, which
//                                 alone wrote it; nothing in shared memory is written after the barrier.
// XWARP-BLOCK-DIM: 64,1,1
extern __shared__ float dyn[];

#define T 64

__global__ void __launch_bounds__(T) dynamic_shared_offset_window(const float *__restrict__ in,
                                                                  float *__restrict__ out) {
  int t = threadIdx.x;
  float *w = dyn + T;
  if (t == 0)
    dyn[0] = in[0];
  w[t] = in[t];
  w[t + T] = in[t + T];
  w[t + 2 * T] = in[t + 2 * T];
  w[t + 3 * T] = in[t + 3 * T];
  __syncthreads(); // EXPECT: keep -- w[t+64k] written, read as w[(t'+1)%64+64k] by thread t'=t-1
  int r = (t + 1) % T;
  float sum = w[r] + w[r + T] + w[r + 2 * T] + w[r + 3 * T];
  __syncthreads(); // EXPECT: dead -- below: global out[] written and dyn[0] read by thread 0, its only writer
  out[t] = sum;
  if (t == 0)
    out[T] = dyn[0];
}
