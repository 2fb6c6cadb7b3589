// dynamic_shared_partition.cu -- one dynamic shared allocation
// (extern __shared__ float dyn[], launched with 2*blockDim.x floats) carved
// into two arrays a = dyn[0, n) and b = dyn[n, 2n), n = blockDim.x. Whether
// a[t] and b[t'] can coincide needs t < blockDim.x.
//
// Expectations:
//   barrier after writing a[t]  dead -- exact: below, a[t] is read by its own thread and b[t'] = dyn[n+t']
//                                      is written; dyn[t] == dyn[n+t'] would need t >= n.
//   barrier after writing b[t]  keep -- b[t] written, read as b[(t'+1)%n] by thread t'=t-1.
// XWARP-BLOCK-DIM: *,1,1 (1D blocks: threadIdx.y and threadIdx.z are always 0)
extern __shared__ float dyn[];

__global__ void dynamic_shared_partition(const float *__restrict__ in, float *__restrict__ out) {
  int t = threadIdx.x;
  int n = blockDim.x;
  int g = blockIdx.x * n + t;
  float *a = dyn;
  float *b = dyn + n;
  a[t] = in[g];
  __syncthreads(); // EXPECT: dead -- exact: a[t]=dyn[t] vs b[t']=dyn[n+t'] never overlap (t < n); a[t] read only by t
  b[t] = 2.0f * a[t];
  __syncthreads(); // EXPECT: keep -- b[t] written, read as b[(t'+1)%n] by thread t'=t-1
  out[g] = a[t] + b[(t + 1) % n];
}
