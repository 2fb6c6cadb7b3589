// helper_writes_through_argument.cu -- a __noinline__ helper that reads a
// __device__ variable and writes through its pointer argument: clang's
// function attributes give it memory(read, argmem: write). The call was taken
// for one read of an unknown address, its write into the tile was lost, and
// the barrier between the neighbour's read above and that write below was
// removed with a certificate.
// 1D block of 64 threads.
//
// Expectations:
//   barrier after the fill       keep -- s[t] written, s[t+1] read by the neighbour.
//   barrier before the helper    keep -- s[t+1] read above; the helper writes it in thread t+1 below.
//   barrier after the helper     keep -- the helper writes s[t]; the neighbour reads it below.
//   barrier before the output    dead -- above: shared reads; below: one global (restrict) write.
// XWARP-BLOCK-DIM: 64,1,1
__device__ int bias;

__device__ __noinline__ void biased_store(int *dst, int v) { *dst = v + bias; }

__global__ void helper_writes_through_argument(int *__restrict__ out) {
  __shared__ int s[65];
  int t = threadIdx.x;
  s[t] = t;
  if (t == 0)
    s[64] = 0;
  __syncthreads(); // EXPECT: keep -- s[t] written by each thread, s[t+1] read by its neighbour below
  int x = s[t + 1];
  __syncthreads(); // EXPECT: keep -- s[t+1] read above; the helper writes it (thread t+1's s[t]) below
  biased_store(&s[t], x);
  __syncthreads(); // EXPECT: keep -- the helper wrote s[t]; thread t-1 reads it as s[t] below
  int y = s[t + 1];
  __syncthreads(); // EXPECT: dead -- above: shared reads only; below: one global (restrict) write
  out[t] = x + y;
}
