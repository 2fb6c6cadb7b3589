// barrier_sync_phase_shift.cu -- __barrier_sync(0) (PTX barrier.sync, not
// .aligned) is legal where only some threads reach it: each arrival counts
// towards the next completion of barrier 0, whichever instruction it comes
// from. Here the first warp arrives once before the exchange and the second
// warp once after it, so inside the exchange the warps are one phase apart:
// the first warp's second arrival completes with the second warp's first.
// The two adjacent barriers of the exchange look like one redundant pair,
// but each is what hands s[t] over to the other warp's phase; a variant that
// took them for CTA-wide points removed one, and thread t's read of s[t^32]
// then raced with the other warp's write.
// 1D block of 64 threads (two warps).
//
// Expectations:
//   barrier of the first warp        keep -- divergent: only threads 0-31 reach it.
//   first barrier of the exchange    keep -- shares barrier 0 with one some threads skip: phases shifted.
//   second barrier of the exchange   keep -- shares barrier 0 with one some threads skip: phases shifted.
//   barrier of the second warp       keep -- divergent: only threads 32-63 reach it.
// XWARP-BLOCK-DIM: 64,1,1 (two warps)
__global__ void barrier_sync_phase_shift(int *__restrict__ out) {
  __shared__ int s[64];
  int t = threadIdx.x;
  if (t < 32)
    __barrier_sync(0); // EXPECT: keep -- divergent: only the first warp arrives here
  s[t] = t;
  __barrier_sync(0); // EXPECT: keep -- barrier 0 is also reached by some threads only: the warps pair one phase apart
  __barrier_sync(0); // EXPECT: keep -- barrier 0 is also reached by some threads only: the warps pair one phase apart
  out[t] = s[t ^ 32];
  if (t >= 32)
    __barrier_sync(0); // EXPECT: keep -- divergent: only the second warp arrives here
}
