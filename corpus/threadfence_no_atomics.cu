// threadfence_no_atomics.cu -- memory fences in a kernel that has no atomic
// and no volatile access: every fence (device, block and system scope) is
// dead, wherever it sits. The kernel publishes its input to out[g], stages a
// value in shared memory for a neighbour exchange, and updates out[g].
// 1D block, blockDim.x <= 256.
//
// Expectations:
//   __threadfence()        dead -- no atomics and no volatile accesses in the kernel.
//   first __syncthreads    dead -- above: in[g] read, out[g] write; below: shared write s[t] only.
//   __threadfence_block()  dead -- no atomics/volatile (and it is directly followed by a barrier).
//   second __syncthreads   keep -- s[t] written, read as s[(t'+1)%n] by thread t'=t-1.
//   __threadfence_system() dead -- no atomics and no volatile accesses in the kernel.
//   __threadfence_block()  dead -- no atomics/volatile (even though a store follows it).
// XWARP-BLOCK-DIM: *,1,1 (1D blocks: threadIdx.y and threadIdx.z are always 0)
#define BLOCK 256

__global__ void __launch_bounds__(BLOCK)
threadfence_no_atomics(const float *__restrict__ in, float *__restrict__ out, float *__restrict__ aux) {
  __shared__ float s[BLOCK];
  int t = threadIdx.x;
  int n = blockDim.x;
  int g = blockIdx.x * n + t;
  float v = in[g];
  out[g] = v;
  __threadfence(); // EXPECT: dead -- no atomics and no volatile accesses in the kernel
  __syncthreads(); // EXPECT: dead -- above: in[g] read and out[g] write; below: shared s[t] write only
  s[t] = 2.0f * v;
  __threadfence_block(); // EXPECT: dead -- no atomics/volatile in the kernel (also directly before a barrier)
  __syncthreads(); // EXPECT: keep -- s[t] written, read as s[(t'+1)%n] by thread t'=t-1
  float r = s[(t + 1) % n];
  __threadfence_system(); // EXPECT: dead -- no atomics and no volatile accesses in the kernel
  out[g] += r;
  __threadfence_block(); // EXPECT: dead -- no atomics and no volatile accesses in the kernel
  aux[g] = r - v;
}
