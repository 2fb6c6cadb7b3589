// barrier_at_entry.cu -- barriers at the very start of a kernel.
//   barrier_at_entry:            first statement is a CTA barrier; then a
//                                neighbour exchange through shared memory.
//   barrier_after_global_loads:  the kernel first loads its inputs from global
//                                memory into registers, then synchronizes.
// 1D block, blockDim.x <= 256.
//
// Expectations:
//   barrier_at_entry, first barrier           dead -- kernel entry: above(b) is empty.
//   barrier_at_entry, exchange barrier        keep -- s[t] written, read as s[(t'+1)%blockDim.x] by t'=t-1.
//   barrier_after_global_loads, first barrier dead -- above: global reads of in[] and idx[] only
//                                                    (restrict, never written); below: shared writes.
//   barrier_after_global_loads, second        keep -- s[t] written, read at a data-dependent index s[k].
// XWARP-BLOCK-DIM: *,1,1 (1D blocks: threadIdx.y and threadIdx.z are always 0)
#define BLOCK 256

__global__ void __launch_bounds__(BLOCK) barrier_at_entry(const int *__restrict__ in, int *__restrict__ out) {
  __shared__ int s[BLOCK];
  __syncthreads(); // EXPECT: dead -- kernel entry: nothing above it
  int t = threadIdx.x;
  int g = blockIdx.x * blockDim.x + t;
  s[t] = in[g];
  __syncthreads(); // EXPECT: keep -- s[t] written, read as s[(t'+1)%blockDim.x] by thread t'=t-1
  out[g] = s[(t + 1) % blockDim.x];
}

__global__ void __launch_bounds__(BLOCK)
barrier_after_global_loads(const int *__restrict__ in, const int *__restrict__ idx, int *__restrict__ out) {
  __shared__ int s[BLOCK];
  int t = threadIdx.x;
  int g = blockIdx.x * blockDim.x + t;
  int v = in[g];
  int k = idx[g] & (BLOCK - 1);
  __syncthreads(); // EXPECT: dead -- above: only reads of read-only restrict in[]/idx[]; below: shared writes
  s[t] = v;
  __syncthreads(); // EXPECT: keep -- s[t] written, read at a data-dependent index s[k] by any thread
  out[g] = s[k];
}
