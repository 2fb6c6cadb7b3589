// sort_bitonic_shared.cu -- bitonic sort of N = 256 ints per block in shared
// memory (one element per thread, compare-exchange with partner t ^ j).
// The outer loop over merge sizes carries a "defensive" barrier at its top.
// Exactly N threads per block (1D).
//
// Expectations (note the program-order rule):
//   barrier after the load           dead -- below(b) is empty: the next barrier (top of the outer
//                                           loop, which always runs) follows with no access in between.
//   barrier at top of the outer loop keep -- judged after the load barrier was deleted: s[t] written by the
//                                           load, read as s[t^j] by the partner in the first step.
//   barrier after each step          keep -- s[t], s[t^j] swapped; the next step's partner t^(j/2) reads them.
//   barrier before the store         dead -- above: read of s[t]; below: global write base[t] only.
// XWARP-BLOCK-DIM: *,1,1 (1D blocks: threadIdx.y and threadIdx.z are always 0)
#define N 256

__global__ void __launch_bounds__(N) sort_bitonic_shared(int *data) {
  __shared__ int s[N];
  int t = threadIdx.x;
  int *base = data + blockIdx.x * N;
  s[t] = base[t];
  __syncthreads(); // EXPECT: dead -- below(b) is empty: the outer loop's top barrier follows with no access between
#pragma unroll 1
  for (int k = 2; k <= N; k <<= 1) {
    __syncthreads(); // EXPECT: keep -- (load barrier deleted) s[t] written by the load, read as s[t^j] by the partner
#pragma unroll 1
    for (int j = k >> 1; j > 0; j >>= 1) {
      int p = t ^ j;
      if (p > t) {
        int a = s[t];
        int b = s[p];
        bool ascending = (t & k) == 0;
        if ((a > b) == ascending) {
          s[t] = b;
          s[p] = a;
        }
      }
      __syncthreads(); // EXPECT: keep -- s[t], s[t^j] written; the next step's partners read them as s[t'^(j/2)]
    }
  }
  int v = s[t];
  __syncthreads(); // EXPECT: dead -- above: read of s[t] only; below: global write base[t] only
  base[t] = v;
}
