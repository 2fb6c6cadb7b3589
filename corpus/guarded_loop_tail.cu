// guarded_loop_tail.cu -- a strided loop guarded by its own condition whose
// index is used after it: clang's -O2 output branches from the guard straight
// into the loop header, so the loop has no preheader. Inside the loop s[i]
// and s[i+1] are one recurrence; after it, s[i+1] and s[i+2] share a base.
// Common Base Elimination crashed here (SCEVExpander expanding the loop's
// recurrence without a preheader); the loop's class now takes its dominating
// member s[i] as its base, and the class after the loop merges too.
//
// Expectations:
//   barrier after the load   keep -- thread t reads s[t+1], which thread t+1 wrote.
//   barrier after the loop   dead -- exact: below it each thread reads only the s[t] it wrote
//                                   above; the loop only reads.
// XWARP-BLOCK-DIM: *,1,1 (1D blocks: threadIdx.y and threadIdx.z are always 0)

__global__ void guarded_loop_tail(const int *__restrict__ in, int *__restrict__ out, int n) {
  __shared__ int s[1040];
  __shared__ int mine[1024];
  int t = threadIdx.x;
  s[t] = in[t];
  mine[t] = t;
  __syncthreads(); // EXPECT: keep -- thread t reads s[t+1], written by thread t+1
  int i = t, acc = 0;
#pragma unroll 1
  for (; i < n; i += 3)
    acc += s[i] * s[i + 1];
  __syncthreads(); // EXPECT: dead -- exact: each thread reads only its own mine[t] below; the loop only reads s
  out[t] = acc + s[i + 1] + s[i + 2] + mine[t];
}
