// partial_barrier_other_kernel.cu -- a barrier.sync some threads skip, in one
// kernel's helper, beside a kernel that has none.
//   phase_shifted_exchange: the first warp calls a __noinline__ helper that
//                           runs __barrier_sync(0) (PTX barrier.sync, legal
//                           where only some threads arrive), so in the
//                           exchange after it the warps pair one phase apart
//                           (as in barrier_sync_phase_shift.cu) and neither of
//                           its two adjacent barriers may go.
//   staged_shift:           s[t] written, a run of two barriers, s[t^1] read;
//                           then each thread rewrites and rereads its own slot.
// A CTA runs one kernel's launch, so the helper's barrier.sync pairs only with
// the barriers of the kernel that calls it: staged_shift's dead barriers go.
// (xwarp once kept every barrier on resource 0 in the module when any device
// function ran a barrier.sync, or any function a partial barrier.)
// 1D block of 64 threads (two warps).
//
// Expectations:
//   helper's barrier.sync          keep -- device function: its unknown callers access memory on both sides.
//   phase_shifted_exchange:        keep, keep (barrier 0 shared with the helper's: phases shifted).
//   staged_shift:                  dead (below empty), keep (W s[t] vs R s[t^1]),
//                                  keep (R s[t^1] vs W s[t] by thread t^1), dead (exact: own slot only).
// XWARP-BLOCK-DIM: 64,1,1 (two warps)

__device__ __noinline__ void first_warp_waits() {
  __barrier_sync(0); // EXPECT: keep -- device function: the unknown caller accesses all memory on both sides
}

__global__ void phase_shifted_exchange(int *__restrict__ out) {
  __shared__ int s[64];
  int t = threadIdx.x;
  if (t < 32)
    first_warp_waits();
  s[t] = t;
  __barrier_sync(0); // EXPECT: keep -- barrier 0 is also reached by the first warp only, in the helper: phases shifted
  __barrier_sync(0); // EXPECT: keep -- barrier 0 is also reached by the first warp only, in the helper: phases shifted
  out[t] = s[t ^ 32];
  if (t >= 32)
    first_warp_waits();
}

__global__ void staged_shift(const float *__restrict__ in, float *__restrict__ out) {
  __shared__ float s[64];
  int t = threadIdx.x;
  s[t] = in[t];
  __syncthreads(); // EXPECT: dead -- below(b) is empty: the next barrier follows immediately
  __syncthreads(); // EXPECT: keep -- s[t] written above, read as s[t^1] below by thread t^1
  float y = s[t ^ 1];
  __syncthreads(); // EXPECT: keep -- WAR: s[t^1] read above, s[t] rewritten below by thread t^1
  s[t] = y + 1.0f;
  __syncthreads(); // EXPECT: dead -- exact: each thread writes and rereads only its own slot s[t]
  out[t] = s[t];
}
