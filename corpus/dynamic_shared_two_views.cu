// dynamic_shared_two_views.cu -- two extern __shared__ arrays of different
// element types. In CUDA every extern __shared__ array starts at the CTA's
// dynamic shared memory, so ints[i] and floats[i] are the same four bytes
// (LLVM's alias analysis takes the two declarations for two objects).
//
// Expectations:
//   barrier after writing ints[t]   keep -- thread t reads floats[t+1], the bytes of ints[t+1] that
//                                          thread t+1 wrote.
//   barrier after reading floats    keep -- WAR: thread t read floats[t+1]; thread t+1 overwrites
//                                          ints[t+1] below.
//   barrier before the last read    dead -- exact: above, each thread wrote its own ints[t]; below, it
//                                          reads only that word.
// XWARP-BLOCK-DIM: *,1,1 (1D blocks: threadIdx.y and threadIdx.z are always 0)
extern __shared__ int ints[];
extern __shared__ float floats[];

__global__ void dynamic_shared_two_views(float *__restrict__ out) {
  int t = threadIdx.x;
  ints[t] = t;
  __syncthreads(); // EXPECT: keep -- floats[t+1] read by thread t is ints[t+1], written by thread t+1
  float v = floats[t + 1];
  __syncthreads(); // EXPECT: keep -- WAR: floats[t+1] read by t, ints[t+1] overwritten by t+1 below
  ints[t] = 2 * t;
  __syncthreads(); // EXPECT: dead -- exact: each thread wrote its own ints[t] above and reads only it below
  out[t] = v + (float)ints[t];
}
