// xor_neighbor.cu -- partner exchange through shared memory with XOR
// indexing.
//   xor_pair:       thread t stages its value in s[t^1] (a slot no other
//                   thread touches, t -> t^1 being injective), reads it back,
//                   then publishes in s[t] and reads the partner's s[t^1].
//   xor_butterfly:  butterfly all-reduce: at each step read s[t^m], then
//                   write s[t]; two barriers per step.
// 1D block, blockDim.x a power of two, <= 256.
//
// Expectations:
//   xor_pair, 1st barrier       dead -- exact: t writes s[t^1] and reads back only s[t^1]; t^1 == t'^1
//                                      only if t == t'.
//   xor_pair, 2nd barrier       keep -- WAR/WAW: t read/wrote s[t^1]; thread t^1 writes that word as s[t].
//   xor_pair, 3rd barrier       keep -- s[t] written, read as s[t^1] by the partner.
//   xor_butterfly, load barrier keep -- s[t] written, read as s[t^m] by the partner.
//   xor_butterfly, WAR barrier  keep -- s[t^m] read, then written as s[t'] by thread t'=t^m.
//   xor_butterfly, RAW barrier  keep -- s[t] written, read as s[t'^m'] by the next step's partner.
// XWARP-BLOCK-DIM: *,1,1 (1D blocks: threadIdx.y and threadIdx.z are always 0)
#define BLOCK 256

__global__ void __launch_bounds__(BLOCK) xor_pair(const float *__restrict__ in, float *__restrict__ out) {
  __shared__ float s[BLOCK];
  int t = threadIdx.x;
  int g = blockIdx.x * blockDim.x + t;
  s[t ^ 1] = in[g];
  __syncthreads(); // EXPECT: dead -- exact: t writes s[t^1] and reads back only s[t^1] (t -> t^1 injective)
  float v = s[t ^ 1];
  __syncthreads(); // EXPECT: keep -- t accessed s[t^1] above; thread t^1 writes that word as its s[t] below
  s[t] = 2.0f * v;
  __syncthreads(); // EXPECT: keep -- s[t] written, read as s[t^1] by the partner
  out[g] = v + s[t ^ 1];
}

__global__ void __launch_bounds__(BLOCK) xor_butterfly(const float *__restrict__ in, float *__restrict__ out) {
  __shared__ float s[BLOCK];
  int t = threadIdx.x;
  int g = blockIdx.x * blockDim.x + t;
  float v = in[g];
  s[t] = v;
  __syncthreads(); // EXPECT: keep -- s[t] written, read as s[t^m] by the partner
#pragma unroll 1
  for (int m = 1; m < blockDim.x; m <<= 1) {
    float p = s[t ^ m];
    __syncthreads(); // EXPECT: keep -- WAR: s[t^m] read, then written as s[t'] by thread t'=t^m
    v += p;
    s[t] = v;
    __syncthreads(); // EXPECT: keep -- RAW: s[t] written, read as s[t'^m'] by the next step's partner
  }
  out[g] = v;
}
