// restrict_global_disjoint.cu -- global-memory aliasing and __restrict__.
//   restrict_disjoint: a[i] = 2*b[i]; barrier; c[i] = b[i+1] with a, b, c
//                      all __restrict__: the write to a can never overlap b.
//   maybe_aliasing:    the same code with plain pointers: a and b may be the
//                      same array (or overlap), so a[i] may be b[i'+1].
//   same_array:        a[i] written, a[i+1] read: a true neighbour exchange.
// 1D block.
//
// Expectations:
//   restrict_disjoint barrier  dead -- a, b, c are distinct restrict arrays: W a[i] vs R b[i'+1] / W c[i']
//                                     never overlap; b is only read.
//   maybe_aliasing barrier     keep -- plain pointers may alias: a[i] may overlap b[i'+1] (e.g. b == a).
//   same_array barrier         keep -- a[i] written, read as a[i'+1] by thread t'=t-1.
// XWARP-BLOCK-DIM: *,1,1 (1D blocks: threadIdx.y and threadIdx.z are always 0)
__global__ void restrict_disjoint(float *__restrict__ a, const float *__restrict__ b, float *__restrict__ c) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  a[i] = 2.0f * b[i];
  __syncthreads(); // EXPECT: dead -- distinct restrict arrays: a[i] write cannot overlap b[i'+1] read or c[i'] write
  c[i] = b[i + 1] + 1.0f;
}

__global__ void maybe_aliasing(float *a, const float *b, float *c) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  a[i] = 2.0f * b[i];
  __syncthreads(); // EXPECT: keep -- plain pointers may alias: a[i] written may be b[i'+1] read by another thread
  c[i] = b[i + 1] + 1.0f;
}

__global__ void same_array(float *__restrict__ a, float *__restrict__ c) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  a[i] = 2.0f * c[i];
  __syncthreads(); // EXPECT: keep -- a[i] written, read as a[i'+1] by thread t'=t-1
  c[i] = a[i + 1];
}
