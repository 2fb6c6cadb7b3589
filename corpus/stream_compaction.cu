// stream_compaction.cu -- per-block stream compaction: keep the nonzero
// inputs, in order. Flags are counted with a counting barrier (the block
// total), scanned with an inclusive Hillis-Steele scan (two barriers per step),
// the kept elements are scattered into a shared staging array at their
// exclusive position, and written out coalesced. 1D block, blockDim.x <= 256.
//
// Expectations:
//   counting barrier (keep)           keep -- result used (number of kept elements in the block).
//   scan: WAR barrier                 keep -- scan[t-off] read, then written by thread t-off.
//   scan: RAW barrier                 keep -- scan[t] written, read as scan[t'-off'] by thread t'=t+off'.
//   barrier after reading the scan    dead -- above: read of scan[t]; below: writes to stage[], a different
//                                            shared array: no common word.
//   barrier after the scatter         keep -- stage[pos] written by the element's owner, read as stage[t].
// XWARP-BLOCK-DIM: *,1,1 (1D blocks: threadIdx.y and threadIdx.z are always 0)
#define BLOCK 256

__global__ void __launch_bounds__(BLOCK)
stream_compaction(const int *__restrict__ in, int *__restrict__ out, int *__restrict__ block_counts, int n) {
  __shared__ int scan[BLOCK];
  __shared__ int stage[BLOCK];
  int t = threadIdx.x;
  int g = blockIdx.x * blockDim.x + t;
  int v = (g < n) ? in[g] : 0;
  int keep = (g < n) && (v != 0);
  scan[t] = keep;
  int total = __syncthreads_count(keep); // EXPECT: keep -- result used (block total of kept elements)
#pragma unroll 1
  for (int off = 1; off < blockDim.x; off <<= 1) {
    int add = (t >= off) ? scan[t - off] : 0;
    __syncthreads(); // EXPECT: keep -- WAR: scan[t-off] read, then written by thread t-off
    scan[t] += add;
    __syncthreads(); // EXPECT: keep -- RAW: scan[t] written, read as scan[t'-off'] by thread t'=t+off' next step
  }
  int pos = scan[t] - keep;
  __syncthreads(); // EXPECT: dead -- above: scan[t] read; below: stage[] writes (different shared array)
  if (keep)
    stage[pos] = v;
  __syncthreads(); // EXPECT: keep -- stage[pos] written by the element's owner, read as stage[t] by thread t
  if (t < total)
    out[blockIdx.x * blockDim.x + t] = stage[t];
  if (t == 0)
    block_counts[blockIdx.x] = total;
}
