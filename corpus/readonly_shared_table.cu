// readonly_shared_table.cu -- a lookup table is copied into shared memory
// once, then only read: data-dependent lookups, a second barrier between two
// lookups, and a pseudo-random lookup loop with a barrier in its body.
// 1D block, blockDim.x <= 256.
//
// Expectations:
//   barrier after filling the table  keep -- table[k] written by thread k%n, read at data-dependent indices.
//   barrier between two lookups      dead -- read-only region: table[] only read on both sides; idx[] is
//                                           read-only, out[] is restrict.
//   barrier in the lookup loop       dead -- loop body only reads table[]; around the back edge and after
//                                           the loop there are reads and a restrict out[g] write only.
// XWARP-BLOCK-DIM: *,1,1 (1D blocks: threadIdx.y and threadIdx.z are always 0)
#define TABLE 256

__global__ void __launch_bounds__(256)
readonly_shared_table(const float *__restrict__ coeff, const unsigned *__restrict__ idx, float *__restrict__ out,
                      int rounds) {
  __shared__ float table[TABLE];
  int t = threadIdx.x;
  int g = blockIdx.x * blockDim.x + t;
  for (int k = t; k < TABLE; k += blockDim.x)
    table[k] = coeff[k];
  __syncthreads(); // EXPECT: keep -- table[k] written by thread k%n, read at data-dependent indices below
  unsigned j = idx[g];
  float acc = table[j & (TABLE - 1)];
  __syncthreads(); // EXPECT: dead -- read-only region: table[] only read on both sides
  acc += table[(j >> 8) & (TABLE - 1)];
#pragma unroll 1
  for (int r = 0; r < rounds; ++r) {
    j = j * 1103515245u + 12345u;
    acc += table[(j >> 16) & (TABLE - 1)];
    __syncthreads(); // EXPECT: dead -- read-only: the loop body only reads table[]; after the loop only out[g] (restrict)
  }
  out[g] = acc;
}
