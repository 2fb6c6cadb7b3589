// scan_hillis_steele_double_buffer.cu -- inclusive Hillis-Steele scan with two
// shared buffers: each step reads buf[pin] and writes buf[pout], then the
// buffers swap, so one barrier per step (at the bottom of the loop) suffices.
// 1D block, blockDim.x <= 256 (__launch_bounds__).
//
// Expectations:
//   barrier at kernel entry     dead -- above(b) is empty.
//   barrier after the load      keep -- buf[0][t] written, read as buf[0][t'-off] by thread t'=t+off in step 1.
//   barrier at bottom of loop   keep -- RAW: buf[pout][t] written, read as buf[pout][t'-off'] by another
//                                       thread next step; WAR: next step overwrites buf[pin], read here.
//   barrier at kernel exit      dead -- nothing below it.
// XWARP-BLOCK-DIM: *,1,1 (1D blocks: threadIdx.y and threadIdx.z are always 0)
#define BLOCK 256

__global__ void __launch_bounds__(BLOCK)
scan_hillis_steele_double_buffer(const float *__restrict__ in, float *__restrict__ out, int n) {
  __shared__ float buf[2][BLOCK];
  __syncthreads(); // EXPECT: dead -- kernel entry: nothing above it
  int t = threadIdx.x;
  int i = blockIdx.x * blockDim.x + t;
  int pout = 0;
  buf[pout][t] = (i < n) ? in[i] : 0.0f;
  __syncthreads(); // EXPECT: keep -- buf[0][t] written, read as buf[0][t'-off] by another thread in step 1
#pragma unroll 1
  for (int off = 1; off < blockDim.x; off <<= 1) {
    int pin = pout;
    pout = 1 - pout;
    float v = buf[pin][t];
    if (t >= off)
      v += buf[pin][t - off];
    buf[pout][t] = v;
    __syncthreads(); // EXPECT: keep -- buf[pout][t] written, read as buf[pout][t'-off'] by another thread next step
  }
  if (i < n)
    out[i] = buf[pout][t];
  __syncthreads(); // EXPECT: dead -- kernel exit: nothing below it
}
