// global_exchange.cu -- threads of a block exchange data through GLOBAL
// memory: each thread updates its own element g[i] in place, then reads its
// right neighbour's element g[i+1] (barriers order global memory within the
// CTA just as they order shared memory). g is a plain pointer; out is restrict.
// 1D block.
//
// Expectations:
//   barrier between read and update of g[i]  dead -- exact: thread t reads g[i] and then writes only the
//                                                   same element g[i] (i = blockIdx.x*blockDim.x + t).
//   barrier after the update                 keep -- g[i] written, read as g[i'+1] by thread t'=t-1.
//   barrier before the out[] store           dead -- above: g[] reads; below: out[i] write, and out is
//                                                   restrict so it cannot overlap g[].
// XWARP-BLOCK-DIM: *,1,1 (1D blocks: threadIdx.y and threadIdx.z are always 0)
__global__ void global_exchange(float *g, float *__restrict__ out) {
  int t = threadIdx.x;
  int i = blockIdx.x * blockDim.x + t;
  float v = g[i];
  __syncthreads(); // EXPECT: dead -- exact: g[i] read above and written below by the same thread only
  g[i] = 2.0f * v + 1.0f;
  __syncthreads(); // EXPECT: keep -- g[i] written, read as g[i'+1] by thread t'=t-1
  float r = (t + 1 < blockDim.x) ? g[i + 1] : 0.0f;
  __syncthreads(); // EXPECT: dead -- above: g[] reads only; below: out[i] write (restrict, cannot alias g)
  out[i] = r;
}
