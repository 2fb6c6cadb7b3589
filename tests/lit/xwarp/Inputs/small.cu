__global__ void small(int *out) {
  __shared__ int s[256];
  s[threadIdx.x] = out[threadIdx.x];
  __syncthreads();
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x ^ 1];
  __syncthreads();
}
