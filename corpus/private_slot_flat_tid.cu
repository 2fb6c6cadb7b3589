// private_slot_flat_tid.cu -- per-thread private slot indexed by the FLAT
// thread id of a 3D block, t = x + bx*(y + by*z). The flat id is injective
// over the block (x < bx, y < by), so s[t] is private to its thread whatever
// the block shape; proving it needs nonlinear reasoning about blockDim.
// At most 256 threads (__launch_bounds__).
//
// Expectations:
//   barrier after staging s[t]  dead -- exact: the flat thread id is injective, s[t] written and
//                                      read back only by its own thread.
//   barrier before the mirror   keep -- s[t] written, read as s[nthreads-1-t] by the mirror thread.
#define BLOCK 256

__global__ void __launch_bounds__(BLOCK)
private_slot_flat_tid(const float *__restrict__ in, float *__restrict__ out) {
  __shared__ float s[BLOCK];
  int t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  int nthreads = blockDim.x * blockDim.y * blockDim.z;
  int g = blockIdx.x * nthreads + t;
  s[t] = in[g];
  __syncthreads(); // EXPECT: dead -- exact: flat thread id x+bx*(y+by*z) is injective; only own s[t] read back
  float v = s[t] * s[t];
  s[t] = v;
  __syncthreads(); // EXPECT: keep -- s[t] written, read as s[nthreads-1-t] by the mirror thread
  out[g] = v + s[nthreads - 1 - t];
}
