// stencil_1d_halo.cu -- weighted 1D stencil of radius R: each block stages its
// blockDim.x inputs plus R halo cells on each side in shared memory (the first
// R threads load the halos), then every thread combines 2R+1 neighbours.
// 1D block, blockDim.x <= 256.
//
// Expectations:
//   barrier between centre and halo loads  dead -- exact address reasoning: centre writes s[t+R];
//                                                 halo writes s[t'] (t' < R) and s[t'+R+blockDim.x]; since
//                                                 0 <= t, t' < blockDim.x no two of these words coincide.
//   barrier after all loads                keep -- s[t+R] and halo cells read as s[t'+R+k] by neighbours.
//   barrier before the store               dead -- above: shared reads and w[] reads; below: out[g]
//                                                 write (global, restrict).
// XWARP-BLOCK-DIM: *,1,1 (1D blocks: threadIdx.y and threadIdx.z are always 0)
#define BLOCK 256
#define R 3

__global__ void __launch_bounds__(BLOCK)
stencil_1d_halo(const float *__restrict__ in, const float *__restrict__ w, float *__restrict__ out, int n) {
  __shared__ float s[BLOCK + 2 * R];
  int t = threadIdx.x;
  int g = blockIdx.x * blockDim.x + t;
  int l = t + R;
  s[l] = (g < n) ? in[g] : 0.0f;
  __syncthreads(); // EXPECT: dead -- exact: centre word s[t+R] never equals a halo word s[t'] (t'<R) or s[t'+R+blockDim.x]
  if (t < R) {
    int gl = g - R;
    int gr = g + blockDim.x;
    s[l - R] = (gl >= 0 && gl < n) ? in[gl] : 0.0f;
    s[l + blockDim.x] = (gr < n) ? in[gr] : 0.0f;
  }
  __syncthreads(); // EXPECT: keep -- s[t+R] and the halo cells are read as s[t'+R+k] by neighbouring threads
  float r = 0.0f;
#pragma unroll
  for (int k = -R; k <= R; ++k)
    r += w[k + R] * s[l + k];
  __syncthreads(); // EXPECT: dead -- above: shared and w[] reads; below: out[g] write (global restrict)
  if (g < n)
    out[g] = r;
}
