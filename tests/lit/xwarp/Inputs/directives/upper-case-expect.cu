__global__ void k(int *out) {
  __shared__ int s[64];
  s[threadIdx.x] = threadIdx.x;
  __syncthreads(); // EXPECT: KEEP -- s[t] written, read as s[t ^ 1]
  out[threadIdx.x] = s[threadIdx.x ^ 1];
}
