// threadfence_last_block.cu -- "last block done" grid reduction: every block
// tree-reduces its inputs, thread 0 stores the block's partial sum, issues
// __threadfence() so the partial is visible device-wide, and takes a ticket
// with atomicAdd on a global counter; the block that draws the last ticket
// (told to all its threads through a shared flag) sums all partials and
// resets the counter. 1D block, blockDim.x a power of two <= 256.
//
// Expectations:
//   barrier after the load                keep -- s[t] written, read as s[t+stride] by another thread.
//   barrier in the halving loop           keep -- s[t] written in one step, read as s[t'+stride'] next step.
//   __threadfence() before the atomicAdd  keep -- the kernel uses atomics: the fence orders the partial[]
//                                                store before the ticket atomic (classic pattern).
//   __threadfence_block() before barrier  dead -- block-scope fence with no memory access between it and
//                                                the following __syncthreads on every path.
//   barrier after the ticket              keep -- thread 0 writes am_last, every thread reads it.
//   barrier at kernel exit                dead -- nothing below it.
// XWARP-BLOCK-DIM: *,1,1 (1D blocks: threadIdx.y and threadIdx.z are always 0)
#define BLOCK 256

__global__ void __launch_bounds__(BLOCK)
threadfence_last_block(const float *__restrict__ in, float *partial, unsigned *ticket_counter, float *result,
                       int n) {
  __shared__ float s[BLOCK];
  __shared__ int am_last;
  int t = threadIdx.x;
  float v = 0.0f;
  for (int i = blockIdx.x * blockDim.x + t; i < n; i += blockDim.x * gridDim.x)
    v += in[i];
  s[t] = v;
  __syncthreads(); // EXPECT: keep -- s[t] written, read as s[t+stride] by another thread in the first step
#pragma unroll 1
  for (int stride = blockDim.x / 2; stride > 0; stride >>= 1) {
    if (t < stride)
      s[t] += s[t + stride];
    __syncthreads(); // EXPECT: keep -- s[t] written in one step, read as s[t'+stride/2] by thread t' in the next
  }
  if (t == 0) {
    partial[blockIdx.x] = s[0];
    __threadfence(); // EXPECT: keep -- kernel uses atomics: orders the partial[] store before the ticket atomicAdd
    unsigned ticket = atomicAdd(ticket_counter, 1u);
    am_last = (ticket == gridDim.x - 1);
  }
  __threadfence_block(); // EXPECT: dead -- block-scope fence directly followed by __syncthreads on every path
  __syncthreads(); // EXPECT: keep -- thread 0 writes am_last, every thread reads it below
  if (am_last && t == 0) {
    float total = 0.0f;
    for (unsigned b = 0; b < gridDim.x; ++b)
      total += partial[b];
    *result = total;
    *ticket_counter = 0u;
  }
  __syncthreads(); // EXPECT: dead -- kernel exit: nothing below it
}
