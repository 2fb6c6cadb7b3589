// struct_param_offsets.cu -- a kernel whose layout comes in a struct passed by
// value: each thread stages its input at s[p.base + t], reads back only that
// slot, then reads its neighbour's. The struct is the kernel's own parameter
// (byval, readonly): a thread's copy is no other thread's memory, and every
// thread reads the same fields. 1D block, blockDim.x <= 256, p.base <= 256.
//
// Expectations:
//   barrier after staging          dead -- exact: thread t writes s[p.base+t] and reads back only that
//                                         slot (p.base is the launch's, the same in every thread).
//   barrier before the neighbour   keep -- s[p.base+t] written above, read as s[p.base+t+1] by thread t-1.
//   barrier after the scaling      dead -- the parameter is read above; below, only out[g] of the same
//                                         thread is written (restrict), which nothing above touches.
// XWARP-BLOCK-DIM: *,1,1 (1D blocks: threadIdx.y and threadIdx.z are always 0)
struct Layout {
  int base;
  int count;
  float scale;
};

__global__ void struct_param_offsets(Layout p, const float *__restrict__ in, float *__restrict__ out) {
  __shared__ float s[520];
  int t = threadIdx.x;
  int g = blockIdx.x * blockDim.x + t;
  s[p.base + t] = in[g];
  __syncthreads(); // EXPECT: dead -- exact: thread t reads back only s[p.base+t], its own slot (uniform p.base)
  float v = s[p.base + t] * p.scale;
  s[p.base + t] = v;
  __syncthreads(); // EXPECT: keep -- s[p.base+t+1] read by thread t was written by thread t+1
  float w = s[p.base + t + 1] + v;
  float k = (float)p.count;
  __syncthreads(); // EXPECT: dead -- above reads the parameter and shared memory; below writes only out[g]
  out[g] = w * k;
}
