// device_launch_bounds.cu -- __launch_bounds__ written on a __device__
// function. Launch bounds describe a kernel's launches; on a device function
// they mean nothing, and the kernel that calls it runs 256 threads. clang
// still writes them into the function's annotations (maxntidx 64), and the
// address variant took them for the function's launch: with at most 64
// threads, no thread writes the slot t ^ 64 that thread t reads, so the
// barrier between the write and the read was removed, and certified.
//
// Expectations:
//   swap_halves, 1st barrier (entry)  keep -- above: unknown caller (every access) at function entry;
//                                           below: stage[t] write.
//   swap_halves, 2nd barrier          keep -- stage[t] written above; read as stage[t' ^ 64] by
//                                           thread t' = t ^ 64 below (the caller runs 256 threads).
//   swap_halves, 3rd barrier (exit)   keep -- above: read of stage[t ^ 64]; below: unknown caller at
//                                           function exit.
// XWARP-BLOCK-DIM: *,1,1 (1D blocks: threadIdx.y and threadIdx.z are always 0)
#define BLOCK 256

__shared__ float stage[BLOCK];

__device__ __noinline__ __launch_bounds__(64) float swap_halves(float x) {
  int t = threadIdx.x;
  __syncthreads(); // EXPECT: keep -- above: unknown caller (every access) at function entry; below: stage[t] write
  stage[t] = x;
  __syncthreads(); // EXPECT: keep -- stage[t] is read as stage[t'^64] by thread t'=t^64: the caller runs 256 threads
  float v = stage[t ^ 64];
  __syncthreads(); // EXPECT: keep -- above: read of stage[t^64]; below: unknown caller at function exit
  return v;
}

__global__ void __launch_bounds__(BLOCK)
device_launch_bounds(const float *__restrict__ in, float *__restrict__ out) {
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  out[g] = swap_halves(in[g]);
}
