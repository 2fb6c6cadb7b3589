// pointer_swap_halves.cu -- iterated 1D Jacobi relaxation in dynamic shared
// memory split into two buffers of blockDim.x + 2 floats each: src and dst
// start at smem and smem + blockDim.x + 2 and are swapped after every sweep.
// Both pointers are places in one array, so the sweep's read of src and
// write of dst are apart only by their offsets: src[t], src[t + 2] stay
// below blockDim.x + 2, dst[t + 1] starts there. The halo cells are zero in
// both buffers and never written again.
//
// Expectations:
//   barrier after the fill       keep -- smem[t + 1] written, read as src[t'] / src[t' + 2] by neighbours.
//   barrier inside a sweep       dead -- exact: in one sweep src and dst are the two halves (which is which
//                                       is the same in every thread), and src[t'] / src[t' + 2] lie below
//                                       the half that dst[t + 1] writes.
//   barrier closing a sweep      keep -- dst[t + 1] written this sweep is read by neighbours as the next
//                                       sweep's src.
// XWARP-BLOCK-DIM: *,1,1 (1D blocks: threadIdx.y and threadIdx.z are always 0)

extern __shared__ float smem[];

__global__ void pointer_swap_halves(const float *__restrict__ in, float *__restrict__ out, int sweeps) {
  int t = threadIdx.x;
  int n = blockDim.x;
  float *src = smem, *dst = smem + n + 2;
  src[t + 1] = in[blockIdx.x * n + t];
  dst[t + 1] = 0.0f;
  if (t == 0) {
    src[0] = dst[0] = 0.0f;
    src[n + 1] = dst[n + 1] = 0.0f;
  }
  __syncthreads(); // EXPECT: keep -- smem[t+1] written, read as src[t'] / src[t'+2] by neighbours
#pragma unroll 1
  for (int it = 0; it < sweeps; ++it) {
    float v = 0.5f * (src[t] + src[t + 2]);
    __syncthreads(); // EXPECT: dead -- exact: in one sweep src and dst are the two halves; reads below n + 2, writes from there
    dst[t + 1] = v;
    __syncthreads(); // EXPECT: keep -- dst[t+1] written this sweep is read by neighbours as the next sweep's src
    float *swap = src;
    src = dst;
    dst = swap;
  }
  out[blockIdx.x * n + t] = src[t + 1];
}
