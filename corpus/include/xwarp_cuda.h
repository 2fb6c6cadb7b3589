// xwarp_cuda.h: the small device header the corpus is compiled with.
//
// clang-19 cannot use the CUDA SDK installed on these machines, so the corpus is
// compiled with -nocudainc and this header is force-included instead (into any
// .cu the driver compiles). It defines what the corpus kernels use, and the
// common vector types, each as a thin wrapper over a clang NVPTX builtin or a
// plain aligned struct, so the IR clang emits is what a kernel using the SDK
// would get.
#ifndef XWARP_CUDA_H
#define XWARP_CUDA_H

#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __host__ __attribute__((host))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __forceinline__ __inline__ __attribute__((always_inline))
#define __noinline__ __attribute__((noinline))
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))

// threadIdx, blockIdx, blockDim, gridDim, warpSize.
#include <__clang_cuda_builtin_vars.h>

// CTA barriers. __syncthreads() itself is a clang builtin.
static __device__ __forceinline__ int __syncthreads_count(int p) { return __nvvm_bar0_popc(p); }
static __device__ __forceinline__ int __syncthreads_and(int p) { return __nvvm_bar0_and(p); }
static __device__ __forceinline__ int __syncthreads_or(int p) { return __nvvm_bar0_or(p); }
// barrier.sync without .aligned: threads may reach it from different places.
static __device__ __forceinline__ void __barrier_sync(unsigned id) { __nvvm_barrier_sync(id); }

// Warp-scope synchronization and shuffles.
static __device__ __forceinline__ void __syncwarp(unsigned mask = 0xffffffffu) { __nvvm_bar_warp_sync(mask); }
static __device__ __forceinline__ int __shfl_sync(unsigned mask, int v, int lane, int width = 32) {
  return __nvvm_shfl_sync_idx_i32(mask, v, lane, ((32 - width) << 8) | 0x1f);
}
static __device__ __forceinline__ int __shfl_down_sync(unsigned mask, int v, unsigned d, int width = 32) {
  return __nvvm_shfl_sync_down_i32(mask, v, d, ((32 - width) << 8) | 0x1f);
}
static __device__ __forceinline__ int __shfl_xor_sync(unsigned mask, int v, int lm, int width = 32) {
  return __nvvm_shfl_sync_bfly_i32(mask, v, lm, ((32 - width) << 8) | 0x1f);
}
static __device__ __forceinline__ float __shfl_down_sync(unsigned mask, float v, unsigned d, int width = 32) {
  return __nvvm_shfl_sync_down_f32(mask, v, d, ((32 - width) << 8) | 0x1f);
}

// Memory fences.
static __device__ __forceinline__ void __threadfence_block() { __nvvm_membar_cta(); }
static __device__ __forceinline__ void __threadfence() { __nvvm_membar_gl(); }
static __device__ __forceinline__ void __threadfence_system() { __nvvm_membar_sys(); }

// Atomics (generic address space, as the SDK's versions).
static __device__ __forceinline__ int atomicAdd(int *p, int v) { return __nvvm_atom_add_gen_i(p, v); }
static __device__ __forceinline__ unsigned atomicAdd(unsigned *p, unsigned v) {
  return (unsigned)__nvvm_atom_add_gen_i((int *)p, (int)v);
}
static __device__ __forceinline__ float atomicAdd(float *p, float v) { return __nvvm_atom_add_gen_f(p, v); }
static __device__ __forceinline__ int atomicExch(int *p, int v) { return __nvvm_atom_xchg_gen_i(p, v); }
static __device__ __forceinline__ int atomicCAS(int *p, int c, int v) { return __nvvm_atom_cas_gen_i(p, c, v); }
static __device__ __forceinline__ int atomicMax(int *p, int v) { return __nvvm_atom_max_gen_i(p, v); }
static __device__ __forceinline__ int atomicMin(int *p, int v) { return __nvvm_atom_min_gen_i(p, v); }

// Small arithmetic helpers.
static __device__ __forceinline__ int min(int a, int b) { return a < b ? a : b; }
static __device__ __forceinline__ int max(int a, int b) { return a > b ? a : b; }
static __device__ __forceinline__ float fminf(float a, float b) { return a < b ? a : b; }
static __device__ __forceinline__ float fmaxf(float a, float b) { return a > b ? a : b; }

// The vector types, aligned as CUDA's are (a float4 is one 16-byte access).
struct __attribute__((aligned(8))) float2 { float x, y; };
struct __attribute__((aligned(16))) float4 { float x, y, z, w; };
struct __attribute__((aligned(8))) int2 { int x, y; };
struct __attribute__((aligned(16))) int4 { int x, y, z, w; };
static __device__ __forceinline__ float2 make_float2(float x, float y) { return {x, y}; }
static __device__ __forceinline__ float4 make_float4(float x, float y, float z, float w) { return {x, y, z, w}; }
static __device__ __forceinline__ int2 make_int2(int x, int y) { return {x, y}; }
static __device__ __forceinline__ int4 make_int4(int x, int y, int z, int w) { return {x, y, z, w}; }

#endif // XWARP_CUDA_H
