// Needs sm_90: the cluster rank register does not exist before Hopper.
__global__ void cluster_rank(int *out) {
  __shared__ int s[256];
  s[threadIdx.x] = __nvvm_read_ptx_sreg_cluster_ctarank();
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}
