// scan_hillis_steele.cu -- inclusive Hillis-Steele scan of one block's inputs,
// in place in a single shared array: each step first reads the partner value
// s[t-off] into a register, synchronizes, then adds it into s[t]
// (two barriers per step). 1D block, blockDim.x <= 256.
//
// Expectations:
//   barrier after the load        keep -- s[t] written, read as s[t'-off] by thread t'=t+1 in step 1.
//   read/write barrier in a step  keep -- WAR: t reads s[t-off], thread t-off then writes s[t-off].
//   barrier closing a step        keep -- RAW: s[t] written, read as s[t'-off'] in the next step.
//   barrier before the store      dead -- above: read of s[t] only; below: global write out[i] (restrict).
// XWARP-BLOCK-DIM: *,1,1 (1D blocks: threadIdx.y and threadIdx.z are always 0)
#define BLOCK 256

__global__ void __launch_bounds__(BLOCK)
scan_hillis_steele(const int *__restrict__ in, int *__restrict__ out, int n) {
  __shared__ int s[BLOCK];
  int t = threadIdx.x;
  int i = blockIdx.x * blockDim.x + t;
  s[t] = (i < n) ? in[i] : 0;
  __syncthreads(); // EXPECT: keep -- s[t] written, read as s[t'-off] by another thread in the first step
#pragma unroll 1
  for (int off = 1; off < blockDim.x; off <<= 1) {
    int add = (t >= off) ? s[t - off] : 0;
    __syncthreads(); // EXPECT: keep -- WAR: thread t reads s[t-off], thread t-off then writes that word
    s[t] += add;
    __syncthreads(); // EXPECT: keep -- RAW: s[t] written, read as s[t'-off'] by thread t'=t+off' next step
  }
  int r = s[t];
  __syncthreads(); // EXPECT: dead -- above: read of s[t] only; below: write of out[i], global restrict
  if (i < n)
    out[i] = r;
}
