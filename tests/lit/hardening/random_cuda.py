"""Random race-free CUDA kernels for the reference interpreter.

A kernel is a run of phases over two static shared arrays, a part of dynamic
shared memory and a global array, a barrier between every two (and some
more, needless ones). In a phase no two threads touch the same word, or none
writes: it reads any slots, or every access of the phase goes to one slot
per thread (t, t ^ 1, 63 - t, (t + 5) % N, ...; thread t only to its own),
or it only adds atomically, or every thread writes its own slot and, after a
__syncwarp, reads that of a lane of its warp. A phase may see the array
through a narrower or wider view (char, short, long long, a struct of two
ints, in 2D a two-dimensional array); a thread's own slot is then its own
bytes of its word, a pair of words, or its element [y][x] or [x][y]. Phases
sit in divergent branches (no barrier inside), uniform branches, loops and
non-inlined device functions that take the arrays as generic pointers; a
pointer may also walk an array, a barrier a step, or a loop read one half of
an array while it writes the other (a double buffer, by index, by swapping
two pointers or by choosing them afresh in each iteration), and read back after the loop
the slot each thread wrote last, in the buffer the loop ends on. Loops with barriers run a
constant number of times or one computed from n; a thread may also loop over
its own chunk or stride of words (no barrier inside). A phase may shift its
slots by a value loaded from memory, the same for every thread. Some barriers are
valued (__syncthreads_count/and/or) and their result is used.
Every value a thread reads flows into its output. The originals are race-free
by construction, so after the passes any race `xwarp simulate --diff`
reports is one a deleted barrier let in, and any changed output is a wrong
transformation.

  random_cuda.py OUT_DIR COUNT [FIRST_SEED] [--2d | --threads=T]

Writes OUT_DIR/random_<seed>.cu. A kernel is for T threads (64, 128 or 256;
default 64) and 4T shared words; simulate it with --block-dim T,1,1. With
--2d the 64 threads are a 16 x 4 block (simulate them with --block-dim
16,4,1, or --cta 16,4,1), t is the linear thread id, and slots also come
transposed (x * 4 + y) and with the rows swapped pairwise. The examples
below are for 64 threads."""
import os
import random
import re
import sys

ARGS = [a for a in sys.argv[1:] if a != "--2d" and not a.startswith("--threads=")]
TWO_D = "--2d" in sys.argv
T = int(next((a.split("=")[1] for a in sys.argv if a.startswith("--threads=")), 64))  # threads
if T not in (64, 128, 256) or (TWO_D and T != 64):
    sys.exit("random_cuda.py: --threads is 64, 128 or 256 (64 with --2d)")
OUT, COUNT = ARGS[0], int(ARGS[1])
FIRST = int(ARGS[2]) if len(ARGS) > 2 else 1
N = 4 * T  # shared words


class Kernel:
    def __init__(self, seed):
        self.rnd = random.Random(seed)
        self.lines = []
        self.loops = 0

    def own_slot(self, loop_var):
        """A slot function that gives every thread a different word."""
        r = self.rnd
        forms = ["t", "t ^ 1", "(t + 1) % N", f"{T - 1} - t", "(t * 2) % N", f"(t * 4 + {r.randrange(4)}) % N",
                 f"(t + {r.randrange(1, T)}) % N", f"t + {T}"]
        if loop_var:
            forms += [f"(t + {loop_var}) % N", f"({loop_var} * {T} + t) % N"]
        if TWO_D:
            forms += ["threadIdx.x * 4 + threadIdx.y", "(threadIdx.y ^ 1) * 16 + threadIdx.x",
                      "threadIdx.y * 16 + (15 - threadIdx.x)"]
        return r.choice(forms)

    def any_slot(self, loop_var):
        r = self.rnd
        extra = ["threadIdx.y", "threadIdx.x * 2"] if TWO_D else []
        return r.choice([self.own_slot(loop_var), "t / 2", str(r.randrange(N)), "(t * 3) % N"] + extra)

    def array(self):
        """A static shared array (s, s2), a part of dynamic shared memory (d),
        or a global array (a barrier orders the CTA's global accesses too)."""
        return self.rnd.choice(["s"] * 11 + ["s2"] * 2 + ["d"] * 2 + ["g"] * 5)

    def pair_slot(self):
        """A slot function below N / 2 that gives every thread a different word pair."""
        r = self.rnd
        forms = ["t", "t ^ 1", f"{T - 1} - t", f"t + {T}", f"(t + {r.randrange(1, T)}) % {N // 2}"]
        if TWO_D:
            forms += ["threadIdx.x * 4 + threadIdx.y"]
        return r.choice(forms)

    def view(self, a, kind, loop_var):
        """How one phase sees array a: an element expression for a slot of
        the thread's own (or, for reads, any), its C type, the own slot, and
        whether an element spans two words (its slots are then below N / 2)."""
        r = self.rnd
        v = r.choice(["int"] * 6 + ["short", "char", "long", "pair"] + ["grid"] * TWO_D) if kind != "atomic" else "int"
        if v == "pair":
            # Words 2k and 2k + 1 as the fields of one struct.
            field = r.choice(["lo", "hi"])
            return (lambda s: f"((Pair *){a})[{s}].{field}"), "int", self.pair_slot(), True
        if v == "grid":
            # The words as a two-dimensional array, a row of 16 (or a padded
            # column of 5) per thread row: own element [y][x] (or [x][y]);
            # reads take any element.
            rows, cols, width = r.choice([("threadIdx.y", "threadIdx.x", 16), ("threadIdx.y ^ 1", "15 - threadIdx.x", 16),
                                          ("threadIdx.x", "threadIdx.y", 5), ("15 - threadIdx.x", "threadIdx.y", 5)])
            other = f"(threadIdx.x + {r.randrange(1, 16)}) % 16" if width == 16 else f"(threadIdx.y + {r.randrange(1, 4)}) % 4"
            own = "own"
            return (lambda s: f"((int (*)[{width}]){a})[{rows}][{cols if s == own else other}]"), "int", own, False
            # The same words, indexed in ways Common Base Elimination must
            # see through: off a moved pointer, unsigned, 64-bit.
            c = r.randrange(1, T)
            index = r.choice(["{a}[{s}]"] * 3 + [f"({{a}} + {c})[(int)({{s}}) - {c}]", "{a}[(unsigned)({s})]",
                                                  "{a}[(long long)({s})]"])
            return (lambda s: index.format(a=a, s=s)), "int", self.own_slot(loop_var), False
        if v == "long":
            # Words 2k and 2k + 1 as one 8-byte element.
            return (lambda s: f"((long long *){a})[{s}]"), "long long", self.pair_slot(), True
        ty, per = ("short", 2) if v == "short" else ("unsigned char", 4)
        part = r.randrange(per)  # which of the word's parts
        return (lambda s: f"(({ty} *){a})[({s}) * {per} + {part}]"), ty, self.own_slot(loop_var), False

    def warp_phase(self, pad, loop_var):
        """Each thread writes its own slot, __syncwarp, reads the slot of a
        lane of its own warp: the warp barrier orders the exchange."""
        r = self.rnd
        a = self.array()
        slot = r.choice(["t", "t ^ 1", "(t + 1) % N", f"{T - 1} - t", "(t * 2) % N", f"t + {T}"] +
                        ([f"({loop_var} * {T} + t) % N"] if loop_var else []))
        partner = re.sub(r"\bt\b", f"(t ^ {r.choice([1, 2, 5, 16, 31])})", slot)
        self.lines.append(f"{pad}{a}[{slot}] = acc + {r.randrange(1, 9)};")
        self.lines.append(f"{pad}__syncwarp();")
        self.lines.append(f"{pad}acc = acc * 3 + {a}[{partner}];")

    def thread_loop_phase(self, pad):
        """A loop of each thread's own: it walks its chunk of four words or
        the words t, t + T, ... (no two threads meet), or reads words of
        other threads. The trip count is per thread, so barriers stay out."""
        r = self.rnd
        a = self.array()
        self.loops += 1
        c = f"c{self.loops}"
        kind = r.choice(["chunk", "stride", "read"])
        if kind == "chunk":
            owner = r.choice(["t", "(t ^ 1)", f"({T - 1} - t)", f"((t + {r.randrange(1, T)}) % {T})"])
            self.lines.append(f"{pad}#pragma unroll 1")
            self.lines.append(f"{pad}for (int {c} = 0; {c} < {r.randint(1, 4)}; ++{c}) {{")
            slot = f"{owner} * 4 + {c}" if r.random() < 0.5 else f"{owner} * 4 + 3 - {c}"
        elif kind == "stride":
            self.lines.append(f"{pad}#pragma unroll 1")
            self.lines.append(f"{pad}for (int {c} = t; {c} < N; {c} += {T}) {{")
            slot = c
        else:
            self.lines.append(f"{pad}#pragma unroll 1")
            self.lines.append(f"{pad}for (int {c} = 0; {c} < (t & 3) + 1; ++{c}) {{")
            slot = r.choice([f"(t * 4 + {c} + 4) % N", f"({c} * {T} + t + 1) % N", f"(t + {c}) % N"])
        if kind == "read" or r.random() < 0.4:
            self.lines.append(f"{pad}  acc = acc * 3 + {a}[{slot}];")
        else:
            self.lines.append(f"{pad}  {a}[{slot}] = acc + {r.randrange(1, 9)};")
        self.lines.append(f"{pad}}}")

    def shifted_phase(self, pad):
        """Slots shifted by a value every thread loads from the same word of
        another array: the same for all of them (nothing writes that word in
        the phase), so t + k still gives every thread its own word."""
        r = self.rnd
        a = self.array()
        src = r.choice([x for x in ("s", "s2", "d", "g") if x != a])
        self.loops += 1
        k = f"k{self.loops}"
        self.lines.append(f"{pad}int {k} = {src}[{r.randrange(N)}] & {T - 1};")
        own = r.choice([f"t + {k}", f"{T - 1} - t + {k}", f"(t ^ 1) + {k}", f"{k} * 2 + t"])
        for _ in range(r.randint(1, 3)):
            if r.random() < 0.5:
                self.lines.append(f"{pad}{a}[{own}] = acc + {r.randrange(1, 9)};")
            else:
                self.lines.append(f"{pad}acc = acc * 3 + {a}[{own}];")

    def phase(self, pad, loop_var):
        """Accesses that cannot race among themselves."""
        r = self.rnd
        if r.random() < 0.1:
            return self.warp_phase(pad, loop_var)
        if r.random() < 0.1:
            return self.thread_loop_phase(pad)
        if r.random() < 0.08:
            return self.shifted_phase(pad)
        kind = r.choice(["read", "own", "own", "atomic"])
        a = self.array()
        elem, ty, slot, paired = self.view(a, kind, loop_var)
        body = []
        for _ in range(r.randint(1, 3)):
            if kind == "read":
                any_slot = self.pair_slot() if paired else self.any_slot(loop_var)
                body.append(f"acc = acc * 3 + (int){elem(any_slot)};")
            elif kind == "atomic":
                body.append(f"atomicAdd(&{a}[{self.any_slot(loop_var)}], {r.randrange(1, 4)});")
            elif r.random() < 0.5:
                body.append(f"{elem(slot)} = ({ty})(acc + {r.randrange(1, 9)});")
            else:
                body.append(f"acc = acc * 3 + (int){elem(slot)};")
        if r.random() < 0.3:
            # Divergent: threads disagree, so no barrier inside.
            cond = r.choice(["t", "threadIdx.x", "threadIdx.y"] if TWO_D else ["t"])
            self.lines.append(f"{pad}if ({cond} < {r.randrange(1, T if cond == 't' else 4)}) {{")
            self.lines += [f"{pad}  {b}" for b in body]
            self.lines.append(f"{pad}}}")
        else:
            self.lines += [f"{pad}{b}" for b in body]

    def barrier(self, pad):
        r = self.rnd
        if r.random() < 0.1:
            # A valued barrier whose result flows into the output.
            f = r.choice(["__syncthreads_count", "__syncthreads_and", "__syncthreads_or"])
            self.lines.append(f"{pad}acc += {f}((acc & {r.choice([1, 3, 7])}) == 0);")
        else:
            self.lines.append(f"{pad}__syncthreads();")
        if self.rnd.random() < 0.15:
            self.lines.append(f"{pad}__syncthreads();")  # needless

    def block(self, depth, indent, loop_var):
        """Phases and nested regions, each one ending with a barrier."""
        r = self.rnd
        pad = "  " * indent
        for _ in range(r.randint(1, 3)):
            k = r.random()
            if k < 0.6 or depth == 0:
                self.phase(pad, loop_var)
                self.barrier(pad)
            elif k < 0.67:
                self.walk(pad)
                self.barrier(pad)
            elif k < 0.72:
                # A device function every thread calls; it sees the arrays
                # through generic pointers.
                self.helper(depth - 1, pad)
                self.barrier(pad)
            elif k < 0.85:
                # Uniform: n is the same for every thread.
                self.lines.append(f"{pad}if (n > {r.randrange(0, 100)}) {{")
                self.block(depth - 1, indent + 1, loop_var)
                self.lines.append(f"{pad}}}")
                self.barrier(pad)
            elif k < 0.9:
                self.double_buffer(pad)
                self.barrier(pad)
            else:
                self.loops += 1
                v = f"i{self.loops}"
                self.lines.append(f"{pad}#pragma unroll 1")
                # A constant trip count, or one that every thread computes
                # alike from n.
                bound = r.choice([str(r.randrange(1, 4))] * 3 + ["n / 32", "n % 3 + 1"])
                self.lines.append(f"{pad}for (int {v} = 0; {v} < {bound}; ++{v}) {{")
                self.block(depth - 1, indent + 1, v)
                self.lines.append(f"{pad}}}")
                self.barrier(pad)

    def double_buffer(self, pad):
        """A loop over two halves of an array: each iteration reads any slot
        of one half and writes each thread's own slot of the other, then the
        halves swap (by the counter's parity, or a flag flipped each
        iteration); or two pointers, to two arrays or two halves, swapped
        after each iteration or on a uniform condition, or chosen in each
        iteration by one. The barrier between the read and the write is needless
        (the halves differ within an iteration); the one closing the
        iteration is not."""
        r = self.rnd
        a = self.array()
        self.loops += 1
        v, half = f"i{self.loops}", N // 2
        slot = r.choice(["t ^ 1", f"{T - 1} - t", f"(t * 3) % {half}", str(r.randrange(half)),
                         "t > 0 ? t - 1 : t", f"t + 1 < {T} ? t + 1 : t"])
        bound = r.choice([str(r.randrange(1, 5)), "n % 4 + 1"])
        # Read back after the loop the slot each thread wrote last, through
        # the buffer the loop ends on (a join of the buffer before the loop
        # and the one its last iteration wrote; the loop may not run, and
        # the slot is read before it too).
        join = r.random() < 0.35
        if join:
            bound = r.choice(["n % 4", "n % 3"])
        if r.random() < 0.4:
            # Double buffering by pointers: two arrays, or two halves of one,
            # swapped after every iteration, or chosen afresh in each one by
            # a condition all threads share (two selects, the arms swapped).
            src, dst = f"src{self.loops}", f"dst{self.loops}"
            first, second = r.choice([("s", "s2"), ("s2", "s"), (a, f"{a} + {half}")])
            chosen = r.random() < 0.3
            join = join and not chosen
            if not chosen:
                self.lines.append(f"{pad}int *{src} = {first}, *{dst} = {second};")
            if join:
                self.lines.append(f"{pad}acc = acc * 3 + {src}[t];")
            self.lines.append(f"{pad}#pragma unroll 1")
            self.lines.append(f"{pad}for (int {v} = 0; {v} < {bound}; ++{v}) {{")
            if chosen:
                c = r.choice([f"({v} & 1)", f"(n & 1)", f"({v} + n) % 3 == 0"])
                self.lines.append(f"{pad}  int *{src} = {c} ? {second} : {first};")
                self.lines.append(f"{pad}  int *{dst} = {c} ? {first} : {second};")
            self.lines.append(f"{pad}  acc = acc * 3 + {src}[{slot}];")
            self.lines.append(f"{pad}  __syncthreads();")
            self.lines.append(f"{pad}  {dst}[t] = acc + {r.randrange(1, 9)};")
            self.lines.append(f"{pad}  __syncthreads();")
            if not chosen:
                swap = f"int *swap{self.loops} = {src}; {src} = {dst}; {dst} = swap{self.loops};"
                # After every iteration, or on a condition all threads share.
                when = r.choice([None, None, f"({v} & 1) == 0", f"n % 3 == {v} % 3"])
                # Swapped after every iteration when read back: src is then
                # the buffer the last iteration wrote.
                when = None if join else when
                self.lines.append(f"{pad}  " + (f"if ({when}) {{ {swap} }}" if when else swap))
            self.lines.append(f"{pad}}}")
            if join:
                self.lines.append(f"{pad}acc = acc * 3 + {src}[t];")
            return
        parity = r.random() < 0.5 and not join
        if not parity:
            self.lines.append(f"{pad}int cur{self.loops} = 0;")
        if join:
            self.lines.append(f"{pad}acc = acc * 3 + {a}[t];")
        cur = f"({v} & 1)" if parity else f"cur{self.loops}"
        nxt = f"(({v} + 1) & 1)" if parity else f"(cur{self.loops} ^ 1)"
        self.lines.append(f"{pad}#pragma unroll 1")
        self.lines.append(f"{pad}for (int {v} = 0; {v} < {bound}; ++{v}) {{")
        self.lines.append(f"{pad}  acc = acc * 3 + {a}[{cur} * {half} + ({slot})];")
        self.lines.append(f"{pad}  __syncthreads();")
        self.lines.append(f"{pad}  {a}[{nxt} * {half} + t] = acc + {r.randrange(1, 9)};")
        if not parity:
            self.lines.append(f"{pad}  cur{self.loops} ^= 1;")
        self.lines.append(f"{pad}  __syncthreads();")
        self.lines.append(f"{pad}}}")
        if join:
            self.lines.append(f"{pad}acc = acc * 3 + {a}[cur{self.loops} * {half} + t];")

    def walk(self, pad):
        """A pointer that walks an array, a barrier at every step: each thread
        reads and writes only its own word of the step, through an address
        carried by a PHI. With a step of T words (the thread count) no word
        is touched twice and the barrier is needless; with T / 2 or T / 4,
        thread t + T / 2 (+ T / 4) touches at the next step what thread t
        touched."""
        r = self.rnd
        a = self.array()
        self.loops += 1
        v, p = f"i{self.loops}", f"p{self.loops}"
        step = r.choice([T, T, T // 2, T // 4])
        self.lines.append(f"{pad}int *{p} = {a} + t;")
        self.lines.append(f"{pad}#pragma unroll 1")
        self.lines.append(f"{pad}for (int {v} = 0; {v} < {r.randint(1, 4)}; ++{v}) {{")
        for _ in range(r.randint(1, 3)):
            if r.random() < 0.5:
                self.lines.append(f"{pad}  {p}[0] = acc + {r.randrange(1, 9)};")
            else:
                self.lines.append(f"{pad}  acc = acc * 3 + {p}[0];")
        self.lines.append(f"{pad}  __syncthreads();")
        self.lines.append(f"{pad}  {p} += {step};")
        self.lines.append(f"{pad}}}")

    def helper(self, depth, pad):
        self.helpers.append(None)  # reserve the number: helpers may nest
        k = len(self.helpers)
        outer, self.lines = self.lines, []
        self.block(depth, 1, None)
        self.helpers[k - 1] = (
            f"__device__ __noinline__ int helper{k}(int *s, int *s2, int *d, int *g, int t, int n, int acc) {{\n"
            + "\n".join(self.lines) + "\n  return acc;\n}\n")
        self.lines = outer
        self.lines.append(f"{pad}acc = helper{k}(s, s2, d, g, t, n, acc);")

    def source(self, seed):
        self.helpers = []
        self.block(3, 1, None)
        body = "\n".join(self.lines)
        helpers = "".join(reversed(self.helpers))  # a helper calls only later-numbered ones
        dyn = self.rnd.choice([0, 64, 512])  # where d starts in dynamic shared memory
        return f"""// random_{seed}.cu -- generated by tests/lit/hardening/random_cuda.py (seed {seed})
#define N {N}
struct Pair {{ int lo, hi; }};
extern __shared__ __attribute__((aligned(8))) int dyn[];
{helpers}__global__ void __launch_bounds__({T}) random_{seed}(int *__restrict__ out, const int *__restrict__ in, int *__restrict__ g, int n) {{
  __shared__ __attribute__((aligned(8))) int s[N];
  __shared__ __attribute__((aligned(8))) int s2[N];
  int *d = dyn + {dyn};
  int t = {"threadIdx.y * blockDim.x + threadIdx.x" if TWO_D else "threadIdx.x"};
  for (int j = t; j < N; j += {T}) {{
    s[j] = in[j];
    s2[j] = in[j] * 2 + 1;
    d[j] = in[j] ^ 5;
  }}
  __syncthreads();
  int acc = in[N + t];
{body}
  out[t] = acc;
  out[{T} + t] = s[t] + s[t + {T}] + s[t + {2 * T}] + s[t + {3 * T}];
  out[{2 * T} + t] = s2[t] + s2[t + {T}] + s2[t + {2 * T}] + s2[t + {3 * T}];
  out[{3 * T} + t] = d[t] + d[t + {T}] + d[t + {2 * T}] + d[t + {3 * T}];
}}
"""


os.makedirs(OUT, exist_ok=True)
for seed in range(FIRST, FIRST + COUNT):
    with open(os.path.join(OUT, f"random_{seed}.cu"), "w") as f:
        f.write(Kernel(seed).source(seed))
