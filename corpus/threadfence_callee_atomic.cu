// threadfence_callee_atomic.cu -- the fence rule looks at the kernel AND its
// callees: this kernel contains no atomic itself, but it calls a __noinline__
// helper, bump(), that performs atomicAdd on a global counter. A partner
// exchange through shared memory precedes the fence. 1D block, blockDim.x even.
//
// Expectations:
//   entry barrier                  dead -- kernel entry: nothing above it.
//   __threadfence_block() + barrier dead -- block-scope fence directly followed by __syncthreads.
//   exchange barrier               keep -- s[t] written, read as s[t^1] by the partner.
//   __threadfence() before bump()  keep -- a callee (bump) performs an atomic: the kernel is not atomic-free.
// XWARP-BLOCK-DIM: *,1,1 (1D blocks: threadIdx.y and threadIdx.z are always 0)
#define BLOCK 256

__device__ __noinline__ void bump(int *counter, int v) { atomicAdd(counter, v); }

__global__ void __launch_bounds__(BLOCK)
threadfence_callee_atomic(const int *__restrict__ in, int *__restrict__ out, int *__restrict__ counter) {
  __shared__ int s[BLOCK];
  __syncthreads(); // EXPECT: dead -- kernel entry: nothing above it
  int t = threadIdx.x;
  int g = blockIdx.x * blockDim.x + t;
  int v = in[g];
  s[t] = v;
  __threadfence_block(); // EXPECT: dead -- block-scope fence directly followed by __syncthreads (no access between)
  __syncthreads(); // EXPECT: keep -- s[t] written, read as s[t^1] by the partner
  int p = s[t ^ 1];
  out[g] = v + p;
  __threadfence(); // EXPECT: keep -- callee bump() performs an atomicAdd: kernel and callees are not atomic-free
  if (t == 0)
    bump(counter, p);
}
