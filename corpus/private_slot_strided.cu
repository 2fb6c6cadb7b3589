// private_slot_strided.cu -- each thread owns the two interleaved slots
// s[2t] (even) and s[2t+1] (odd): it fills the even slot, then the odd slot,
// then applies a private butterfly (a+b, a-b) to its pair; finally the block
// reads the array back in coalesced order (s[t], s[t+blockDim.x]), which
// crosses threads. 1D block, blockDim.x <= 256.
//
// Expectations:
//   barrier between even and odd fill   dead -- exact: W s[2t] above vs W s[2t'+1] below never overlap
//                                              (even vs odd word).
//   barrier before the private butterfly dead -- exact: thread t reads/writes only s[2t], s[2t+1] on both
//                                              sides; 2t==2t' or 2t+1==2t'+1 only if t==t'.
//   barrier before the coalesced read   keep -- s[2t], s[2t+1] written, read as s[t'], s[t'+blockDim.x]
//                                              by other threads.
// XWARP-BLOCK-DIM: *,1,1 (1D blocks: threadIdx.y and threadIdx.z are always 0)
#define BLOCK 256

__global__ void __launch_bounds__(BLOCK)
private_slot_strided(const float *__restrict__ in, float *__restrict__ out) {
  __shared__ float s[2 * BLOCK];
  int t = threadIdx.x;
  int n = blockDim.x;
  const float *src = in + 2 * blockIdx.x * n;
  float *dst = out + 2 * blockIdx.x * n;
  s[2 * t] = src[2 * t];
  __syncthreads(); // EXPECT: dead -- exact: even word s[2t] above vs odd word s[2t'+1] below never overlap
  s[2 * t + 1] = src[2 * t + 1];
  __syncthreads(); // EXPECT: dead -- exact: both sides touch only the pair s[2t], s[2t+1] of the same thread
  float a = s[2 * t];
  float b = s[2 * t + 1];
  s[2 * t] = a + b;
  s[2 * t + 1] = a - b;
  __syncthreads(); // EXPECT: keep -- s[2t], s[2t+1] written, read as s[t'] and s[t'+blockDim.x] by other threads
  dst[t] = s[t];
  dst[t + n] = s[t + n];
}
