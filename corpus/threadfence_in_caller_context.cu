// threadfence_in_caller_context.cu -- the fence rule looks at the code around
// a device function too: store_then_fence() is __noinline__ and has no atomic
// of its own, but the kernel that calls it takes an atomic ticket right after
// the call, and the last thread to take one reads what another thread stored
// before its fence. A second helper, called only by a kernel without strong
// operations, keeps no fence. 1D block.
//
// Expectations:
//   fence in store_then_fence()  keep -- orders the caller's store before its atomicAdd ticket,
//                                        which the last thread relies on.
//   fence in scratch()           dead -- scratch() is called only from a kernel with no atomic or
//                                        volatile operation (nor has it any).
// XWARP-BLOCK-DIM: *,1,1 (1D blocks: threadIdx.y and threadIdx.z are always 0)

static __device__ __noinline__ void store_then_fence(int *slot, int v) {
  *slot = v;
  __threadfence(); // EXPECT: keep -- the caller's atomicAdd ticket follows: the store must be visible first
}

static __device__ __noinline__ void scratch(int *slot, int v) {
  *slot = v;
  __threadfence(); // EXPECT: dead -- no caller performs an atomic or volatile operation
}

__global__ void ticket_after_call(int *__restrict__ data, unsigned *__restrict__ tickets, int *__restrict__ out) {
  int t = threadIdx.x;
  store_then_fence(&data[blockIdx.x * blockDim.x + t], t + 1);
  unsigned taken = atomicAdd(tickets, 1u);
  if (taken == gridDim.x * blockDim.x - 1)
    out[0] = data[0];
}

__global__ void plain_copy(int *__restrict__ data, const int *__restrict__ in) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  scratch(&data[t], in[t]);
}
