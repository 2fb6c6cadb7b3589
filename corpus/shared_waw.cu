// shared_waw.cu -- write-after-write ordering across barriers in shared
// memory. Each thread first writes its partner's slot s[t^1], then (after a
// barrier) the partner overwrites it as its own slot; a scalar 'word' is
// written by thread 0 and then overwritten by the last thread.
// 1D block, blockDim.x even, <= 256.
//
// Expectations:
//   1st barrier  keep -- WAW: t writes s[t^1]; below thread t^1 writes the same word as s[t].
//   2nd barrier  dead -- exact: s[t] written above, only own s[t] rewritten below (same-thread WAW);
//                        thread 0's read of s[0] is its own slot; word is not accessed above.
//   3rd barrier  keep -- WAW on word: thread 0 writes it above, thread n-1 writes it below.
//   4th barrier  keep -- word written by thread n-1, read by every thread; s[t] read as s[(t'+1)%n].
// XWARP-BLOCK-DIM: *,1,1 (1D blocks: threadIdx.y and threadIdx.z are always 0)
#define BLOCK 256

__global__ void __launch_bounds__(BLOCK) shared_waw(const int *__restrict__ in, int *__restrict__ out) {
  __shared__ int s[BLOCK];
  __shared__ int word;
  int t = threadIdx.x;
  int n = blockDim.x;
  int g = blockIdx.x * n + t;
  int v = in[g];
  s[t ^ 1] = v;
  __syncthreads(); // EXPECT: keep -- WAW: t wrote s[t^1], thread t^1 overwrites that word as its s[t] below
  s[t] = v + 1;
  __syncthreads(); // EXPECT: dead -- exact: s[t] written above, only own s[t] read/rewritten below
  s[t] = 3 * s[t];
  if (t == 0)
    word = s[0];
  __syncthreads(); // EXPECT: keep -- WAW on word: thread 0 writes it above, thread n-1 overwrites it below
  if (t == n - 1)
    word = s[n - 1];
  __syncthreads(); // EXPECT: keep -- word written by thread n-1 is read by all; s[t] read as s[(t'+1)%n]
  out[g] = s[(t + 1) % n] + word;
}
