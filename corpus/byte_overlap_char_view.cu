// byte_overlap_char_view.cu -- conflicts are decided on BYTE ranges: an int
// array in shared memory is written as words and accessed through an
// unsigned char view. Bytes 4t..4t+3 belong to thread t's word words[t];
// byte 4t+4 is the first byte of the next thread's word.
// 1D block, blockDim.x <= 256.
//
// Expectations:
//   barrier after the word store  dead -- exact: below, thread t reads bytes 4t+1, 4t+3 and writes byte
//                                        4t, all inside its own word words[t] (bytes 4t..4t+3).
//   barrier before the next-byte  keep -- byte 4t written just above; thread t-1 reads byte 4(t-1)+4 = 4t
//     read                               (needed whether or not the first barrier was deleted).
// XWARP-BLOCK-DIM: *,1,1 (1D blocks: threadIdx.y and threadIdx.z are always 0)
#define BLOCK 256

__global__ void __launch_bounds__(BLOCK)
byte_overlap_char_view(const int *__restrict__ in, int *__restrict__ out) {
  __shared__ int words[BLOCK];
  int t = threadIdx.x;
  int n = blockDim.x;
  int g = blockIdx.x * n + t;
  words[t] = in[g];
  unsigned char *bytes = reinterpret_cast<unsigned char *>(words);
  __syncthreads(); // EXPECT: dead -- exact: bytes 4t+1, 4t+3 (read) and 4t (written) below lie inside the thread's own word words[t]
  int lo = bytes[4 * t + 1];
  int hi = bytes[4 * t + 3];
  bytes[4 * t] = (unsigned char)(lo ^ hi);
  __syncthreads(); // EXPECT: keep -- byte 4t written above; byte 4t'+4 read below by t'=t-1 is that byte
  int next = (t + 1 < n) ? bytes[4 * t + 4] : 0;
  out[g] = (lo << 16) | (hi << 8) | next;
}
