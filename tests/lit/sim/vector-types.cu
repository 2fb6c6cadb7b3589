// The header's CUDA vector types: each thread builds (t, t+1, t+2, t+3) in
// its slot of a global scratch buffer and copies it whole into a shared tile
// (clang emits a 16-byte memcpy, which the interpreter runs byte by byte);
// after the barrier, which the analysis keeps, it reads its right neighbour's
// x and w: words 0..3 of the output are 1+4, 2+5, 3+6, 4+7.
// RUN: %xwarp simulate %s --print-words 4 | FileCheck %s
// RUN: %xwarp simulate %s --diff --passes dse,cbe --variant address --block-dim 64,1,1 | FileCheck %s --check-prefix=DIFF
// RUN: %xwarp opt %s --variant address --block-dim 64,1,1 -o /dev/null | FileCheck %s --check-prefix=KEEP
// CHECK: buffer 0: 5 7 9 11
// CHECK: 1 kernels, 6 runs: 0 races in the originals; 0 errors
// DIFF: optimized: 0 new races, 0 output differences
// KEEP: 1 synchronization sites, 0 removed, 1 kept
// RUN: %xwarp opt %s -o - | FileCheck %s --check-prefix=IR
// IR: call void @llvm.memcpy.p3.p0.i64(ptr addrspace(3) align 16 {{.*}}, ptr align 16 {{.*}}, i64 16, i1 false)

__global__ void vector_types(int *out, float4 *scratch) {
  __shared__ float4 tile[64];
  int t = threadIdx.x;
  scratch[t] = make_float4(t, t + 1, t + 2, t + 3);
  tile[t] = scratch[t];
  __syncthreads();
  float4 next = tile[(t + 1) % 64];
  int2 pair = make_int2((int)next.x, (int)next.w);
  out[t] = pair.x + pair.y;
}
