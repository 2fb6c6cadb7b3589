// histogram_shared_atomic.cu -- per-block 256-bin byte histogram in shared
// memory, processed in batches: for every batch the block zeroes its shared
// bins, accumulates them with shared atomicAdd, and flushes them with global
// atomicAdd into hist[batch][bin]. 1D block, blockDim.x <= 256.
//
// Expectations:
//   barrier after zeroing the bins   keep -- sh[b] zeroed by thread b % blockDim.x, then atomically
//                                           incremented by any thread (atomics count as writes).
//   barrier after the shared atomics keep -- atomicAdd on any sh[k] vs the flush read of sh[b].
//   barrier closing a batch          dead -- exact address reasoning: the flush reads sh[b] for
//                                           b = t + k*blockDim.x and the next batch zeroes exactly the same
//                                           words by the same thread (b = t' + m*blockDim.x collides only if
//                                           t == t'); the global hist[] atomics have no global access below.
// XWARP-BLOCK-DIM: *,1,1 (1D blocks: threadIdx.y and threadIdx.z are always 0)
#define BINS 256

__global__ void __launch_bounds__(256)
histogram_shared_atomic(const unsigned char *__restrict__ data, int n_per_batch, int nbatch,
                        unsigned *__restrict__ hist) {
  __shared__ unsigned sh[BINS];
  int t = threadIdx.x;
#pragma unroll 1
  for (int batch = 0; batch < nbatch; ++batch) {
    for (int b = t; b < BINS; b += blockDim.x)
      sh[b] = 0u;
    __syncthreads(); // EXPECT: keep -- sh[b] zeroed here is atomically incremented by arbitrary threads below
    const unsigned char *chunk = data + (long)batch * n_per_batch;
    for (int i = blockIdx.x * blockDim.x + t; i < n_per_batch; i += blockDim.x * gridDim.x)
      atomicAdd(&sh[chunk[i]], 1u);
    __syncthreads(); // EXPECT: keep -- shared atomicAdd to any sh[k] vs flush reads of sh[b] by thread b % blockDim.x
    for (int b = t; b < BINS; b += blockDim.x) {
      unsigned c = sh[b];
      if (c)
        atomicAdd(&hist[batch * BINS + b], c);
    }
    __syncthreads(); // EXPECT: dead -- exact: thread t reads sh[t+k*blockDim.x]; the next batch zeroes the same words by the same thread
  }
}
