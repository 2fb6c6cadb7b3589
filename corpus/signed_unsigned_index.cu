// signed_unsigned_index.cu -- one offset loaded per thread, k in (-64, 64),
// is used two ways around the centre of a table: as a signed offset
// (centre[k]) by even threads and threads with a negative k, and, once known
// non-negative, as an unsigned position one further (centre[(unsigned)k + 1])
// by the others. The addresses are centre + 4*sext(k) and
// centre + 4*zext(k) + 4, a constant apart only where k >= 0: Common Base
// Elimination keeps them apart, and the drop-sext ablation (sign extensions
// read as zero extensions) merges them, which the delta proof refutes with a
// negative k. The staged values are exchanged between neighbours. 1D block.
//
// Expectations:
//   barrier after the staging store  keep -- s[t ^ 1] read below is written above by thread t ^ 1.
// XWARP-BLOCK-DIM: *,1,1 (1D blocks: threadIdx.y and threadIdx.z are always 0)
#define BLOCK 256

__global__ void __launch_bounds__(BLOCK)
signed_unsigned_index(const int *__restrict__ idx, const float *__restrict__ table,
                      float *__restrict__ out) {
  __shared__ float s[BLOCK];
  int t = threadIdx.x;
  int g = blockIdx.x * BLOCK + t;
  int k = idx[g] % 64;
  const float *centre = table + 64;
  float v;
  if ((t & 1) && k >= 0)
    v = centre[(unsigned)k + 1ull] * 2.0f;
  else
    v = centre[k] + 1.0f;
  s[t] = v;
  __syncthreads(); // EXPECT: keep -- s[t ^ 1] read below is written above by the neighbouring thread t ^ 1
  out[g] = s[t ^ 1];
}
