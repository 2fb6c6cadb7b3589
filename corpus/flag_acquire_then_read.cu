// flag_acquire_then_read.cu -- a consumer block waits for a producer block:
// thread 0 spins on a volatile flag the producer sets after writing its data
// (and a __threadfence), fences, and the barrier then lets every thread read
// the published data. Within this CTA the spin and the data loads are two
// reads, which never conflict: the dependence the barrier orders is with
// the producer CTA's writes (xwarp removed it, before the strong-access rule
// came ahead of the read/read rule). 1D block of at most 256 threads.
//
// Expectations:
//   __threadfence() after the spin   keep -- the kernel has a strong (volatile) access: the fence
//                                            orders the flag read before the data reads.
//   barrier after the spin           keep -- thread 0's volatile read of the flag acquires the producer's
//                                            data; every thread's data[] read must follow it.
//   barrier after the staging        keep -- s[t] written, read as s[255 - t] by another thread.
//   barrier at kernel exit           dead -- nothing below it.
// XWARP-BLOCK-DIM: *,1,1 (1D blocks: threadIdx.y and threadIdx.z are always 0)
#define BLOCK 256

__global__ void __launch_bounds__(BLOCK)
flag_acquire_then_read(const volatile int *flag, const int *data, int *out) {
  __shared__ int s[BLOCK];
  int t = threadIdx.x;
  if (t == 0) {
    while (*flag == 0) {
    }
    __threadfence(); // EXPECT: keep -- the kernel has a volatile access: orders the flag read before the data reads
  }
  __syncthreads(); // EXPECT: keep -- thread 0's volatile flag read acquires another CTA's data, read below by every thread
  s[t] = data[t];
  __syncthreads(); // EXPECT: keep -- s[t] written, read as s[255 - t] by another thread
  out[t] = s[BLOCK - 1 - t];
  __syncthreads(); // EXPECT: dead -- kernel exit: nothing below it
}
