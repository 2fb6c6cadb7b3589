__global__ void copy_twice(int *out, const int *in) {
  out[threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  out[threadIdx.x + 1] = in[threadIdx.x];
}
__global__ void __launch_bounds__(64) shifted(int *__restrict__ out, int n) {
  __shared__ int s[64];
  s[threadIdx.x] = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = s[(threadIdx.x + n) % 64];
}
