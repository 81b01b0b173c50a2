"""Peers measured in the same run as bench/gpu-kernels.ts, bench/seed-tables.ts and
bench/fused-kernels.ts: cuBLAS SGEMM with TF32 off, cuBLAS HGEMM (f16 inputs, `--f16`), torch.add;
the row ops `torch.softmax(x, -1)`, `F.layer_norm(x, (cols,), gamma, beta, eps=1e-5)` and
`F.rms_norm(x, (cols,), gamma, eps=1e-6)`, with `out.copy_(x)` (`copy`) as the copy bandwidth of the
shape (`--row-ops`, at `--row-shapes`, GB/s of X read + Y written + gamma/beta); and matmul
epilogues at N^3 (`--epilogue-sizes`): cuBLAS followed by torch's bias + activation,
`F.gelu(A@B + bias, approximate='tanh')` and `F.relu(A@B + bias)`, with the plain `A@B` beside
them (TFLOP/s of 2·N^3); and attention (bench/attention.ts, `--attention-shapes`
BxHxSxTxD, `--attention-causal true,false`): `F.scaled_dot_product_attention(q, k, v, is_causal=...)`
in f32 (TFLOP/s of 4·B·H·S·T·D, halved for causal), each figure naming the SDPA backend torch
picked and its heaviest CUDA kernel, and checked against float64 on two heads.

Usage: python3 bench/peers/torch_peers.py --sizes 1024,2048 --shapes 1999x3001x1021 [--f16] --add-shapes 4096x8192,1000x2000
       [--row-ops softmax,layernorm,rmsnorm,copy --row-shapes 4096x4096,16384x1024] [--epilogue-sizes 2048,4096]
       [--attention-shapes 4x16x1024x1024x64 --attention-causal false,true]
       [--repeat 10] [--rounds 5] [--warm-ms 500] [--min-round-ms 20]
(--sizes N: N x N x N; --shapes MxNxK: A is MxK, B KxN.)
Prints one JSON line per figure; times with CUDA events as our kernels are timed
(runtime/webgpu benchmarkWarm): `--warm-ms` of untimed calls first, then the median of `rounds`
rounds of at least `repeat` calls lasting at least `--min-round-ms` each, so that both sides of a
ratio are timed the same way (it was one call of warm-up; on an H100 the warm figures differ from
the cold ones by at most 1%, measured on 2026-11-27, bench/RESULTS.md).
"""
import argparse
import json
import math
import statistics
import sys


def timed_round(fn, repeat, torch):
    """Milliseconds per call of one round of `repeat` calls, by CUDA events."""
    start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    start.record()
    for _ in range(repeat):
        fn()
    end.record()
    torch.cuda.synchronize()
    return start.elapsed_time(end) / repeat


def timed(fn, a, torch):
    fn()
    torch.cuda.synchronize()
    probe = max(timed_round(fn, a.repeat, torch), 1e-3)
    repeat = min(1000, max(a.repeat, math.ceil(a.min_round_ms / probe)))
    for _ in range(math.ceil(a.warm_ms / (repeat * probe))):
        timed_round(fn, repeat, torch)
    return statistics.median(timed_round(fn, repeat, torch) for _ in range(a.rounds))


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--sizes", default="")
    p.add_argument("--shapes", default="")
    p.add_argument("--f16", action="store_true")
    p.add_argument("--transposed-a", action="store_true", help="also C = A^T B with A stored K x M (f32)")
    p.add_argument("--add-shapes", default="")
    p.add_argument("--row-ops", default="")
    p.add_argument("--row-shapes", default="")
    p.add_argument("--epilogue-sizes", default="")
    p.add_argument("--attention-shapes", default="")
    p.add_argument("--attention-causal", default="false")
    p.add_argument("--repeat", type=int, default=10)
    p.add_argument("--rounds", type=int, default=5)
    p.add_argument("--warm-ms", type=float, default=500)
    p.add_argument("--min-round-ms", type=float, default=20)
    a = p.parse_args()
    try:
        import torch
    except ImportError:
        print(json.dumps({"error": "no torch in this python"}))
        return 0
    if not torch.cuda.is_available():
        print(json.dumps({"error": "torch finds no CUDA device"}))
        return 0
    torch.backends.cuda.matmul.allow_tf32 = False
    torch.backends.cudnn.allow_tf32 = False
    dev = torch.device("cuda")
    mnk = [(n, n, n) for n in [int(x) for x in a.sizes.split(",") if x]]
    mnk += [tuple(int(v) for v in s.split("x")) for s in a.shapes.split(",") if s]
    # (peer, kernel, dtype, A stored K x M): C = A^T B with --transposed-a, which cuBLAS reads transposed.
    variants = [("cuBLAS SGEMM (torch, TF32 off)", "matmul", torch.float32, False)]
    variants += [("cuBLAS HGEMM (torch, f16)", "matmul", torch.float16, False)] if a.f16 else []
    variants += [("cuBLAS SGEMM, A transposed (torch, TF32 off)", "matmul-transposed-a", torch.float32, True)] if a.transposed_a else []
    for name, kernel, dtype, transposed in variants:
        for m, n, k in mnk:
            x = (torch.rand(k, m, device=dev) - 0.5).to(dtype).t() if transposed else (torch.rand(m, k, device=dev) - 0.5).to(dtype)
            y = (torch.rand(k, n, device=dev) - 0.5).to(dtype)
            out = torch.empty(m, n, device=dev, dtype=dtype)
            ms = timed(lambda: torch.matmul(x, y, out=out), a, torch)
            size = m if m == n == k else None
            print(json.dumps({"peer": name, "kernel": kernel, "dtype": "f16" if dtype == torch.float16 else "f32", "size": size, "shape": f"{m}x{n}x{k}", "ms": ms, "rate": 2 * m * n * k / ms / 1e6, "unit": "GFLOP/s"}))
    for shape in [s for s in a.add_shapes.split(",") if s]:
        r, c = (int(v) for v in shape.split("x"))
        x, y = torch.rand(r, c, device=dev), torch.rand(r, c, device=dev)
        out = torch.empty(r, c, device=dev)
        ms = timed(lambda: torch.add(x, y, out=out), a, torch)
        print(json.dumps({"peer": "torch.add", "kernel": "add", "size": r * c, "shape": shape, "ms": ms, "rate": 3 * 4 * r * c / ms / 1e6, "unit": "GB/s"}))
    row_ops(a, torch, dev)
    epilogues(a, torch, dev)
    attention(a, torch, dev)
    return 0


def row_ops(a, torch, dev):
    """softmax / layer_norm / rms_norm over the last dimension, f32; bytes: X read + Y written (+ gamma, beta)."""
    import torch.nn.functional as F
    ops = [o for o in a.row_ops.split(",") if o]
    for shape in [s for s in a.row_shapes.split(",") if s]:
        r, c = (int(v) for v in shape.split("x"))
        x = torch.rand(r, c, device=dev) * 8 - 4
        gamma = torch.rand(c, device=dev) + 0.5
        beta = torch.rand(c, device=dev) - 0.5
        for op in ops:
            if op == "softmax":
                fn, name, extra = (lambda: torch.softmax(x, -1)), "torch.softmax", 0
            elif op == "layernorm":
                fn, name, extra = (lambda: F.layer_norm(x, (c,), gamma, beta, eps=1e-5)), "F.layer_norm", 2
            elif op == "copy":
                # The copy bandwidth at this shape (X read, Y written): what a row kernel's one read and one write can reach.
                out = torch.empty_like(x)
                fn, name, extra = (lambda: out.copy_(x)), "Tensor.copy_", 0
            elif op == "rmsnorm":
                if not hasattr(F, "rms_norm"):
                    print(json.dumps({"peer": "F.rms_norm", "kernel": op, "shape": shape, "missing": f"torch {torch.__version__} has no F.rms_norm"}))
                    continue
                fn, name, extra = (lambda: F.rms_norm(x, (c,), gamma, eps=1e-6)), "F.rms_norm", 1
            else:
                print(json.dumps({"error": f"unknown row op {op}"}))
                continue
            ms = timed(fn, a, torch)
            print(json.dumps({"peer": name, "kernel": op, "shape": shape, "ms": ms, "rate": 4 * (2 * r * c + extra * c) / ms / 1e6, "unit": "GB/s"}))


def epilogues(a, torch, dev):
    """cuBLAS then torch's bias + activation, and the plain matmul, at N^3 (f32, TF32 off)."""
    import torch.nn.functional as F
    for n in [int(s) for s in a.epilogue_sizes.split(",") if s]:
        x = torch.rand(n, n, device=dev) - 0.5
        y = torch.rand(n, n, device=dev) - 0.5
        bias = torch.rand(n, device=dev) - 0.5
        out = torch.empty(n, n, device=dev)
        for kernel, name, fn in [
            ("matmul", "cuBLAS SGEMM (torch, TF32 off)", lambda: torch.matmul(x, y, out=out)),
            ("matmul-bias-gelu", "F.gelu(A@B + bias, approximate='tanh') (torch)", lambda: F.gelu(x @ y + bias, approximate="tanh")),
            ("matmul-bias-relu", "F.relu(A@B + bias) (torch)", lambda: F.relu(x @ y + bias)),
        ]:
            ms = timed(fn, a, torch)
            print(json.dumps({"peer": name, "kernel": kernel, "dtype": "f32", "size": n, "shape": f"{n}x{n}x{n}", "ms": ms, "rate": 2 * n * n * n / ms / 1e6, "unit": "GFLOP/s"}))


# The aten op through which F.scaled_dot_product_attention dispatches to each backend
# (torch.nn.attention.SDPBackend's names).
SDPA_OPS = {
    "aten::_scaled_dot_product_flash_attention": "FLASH_ATTENTION",
    "aten::_scaled_dot_product_efficient_attention": "EFFICIENT_ATTENTION",
    "aten::_scaled_dot_product_cudnn_attention": "CUDNN_ATTENTION",
    "aten::_scaled_dot_product_fused_attention_overrideable": "OVERRIDEABLE",
    "aten::_scaled_dot_product_attention_math": "MATH",
}


def sdpa_backend(fn, torch):
    """The SDPA backend torch picked for `fn` (one call under torch.profiler: the backend's aten op
    among the recorded ops), and the CUDA kernel that took the most device time."""
    try:
        from torch.profiler import ProfilerActivity, profile

        with profile(activities=[ProfilerActivity.CPU, ProfilerActivity.CUDA]) as prof:
            fn()
            torch.cuda.synchronize()
        events = prof.key_averages()
    except Exception as e:  # noqa: BLE001 - a profiler that does not start leaves the backend unnamed, not the figure
        return f"unknown (torch.profiler: {str(e).splitlines()[0][:80]})", "?"
    names = {e.key for e in events}
    backend = next((b for op, b in SDPA_OPS.items() if op in names), "unknown")

    def device_time(e):
        return getattr(e, "self_device_time_total", None) or getattr(e, "self_cuda_time_total", 0) or 0

    kernels = [e for e in events if not e.key.startswith("aten::") and device_time(e) > 0]
    kernel = max(kernels, key=device_time).key if kernels else "?"
    return backend, kernel


def attention_reference_error(q, k, v, out, causal, torch):
    """Largest |out - reference| over the first and the last head, the reference in float64 (key j
    masked for query i when j > i + T - S)."""
    s, t, d = q.shape[2], k.shape[2], q.shape[3]
    worst = 0.0
    for bi, hi in sorted({(0, 0), (q.shape[0] - 1, q.shape[1] - 1)}):
        qq, kk, vv = (x[bi, hi].double() for x in (q, k, v))
        scores = qq @ kk.T / math.sqrt(d)
        if causal:
            i = torch.arange(s, device=q.device)[:, None]
            j = torch.arange(t, device=q.device)[None, :]
            scores = scores.masked_fill(j > i + (t - s), float("-inf"))
        ref = torch.softmax(scores, -1) @ vv
        worst = max(worst, (out[bi, hi].double() - ref).abs().max().item())
    return worst


def attention(a, torch, dev):
    """F.scaled_dot_product_attention in f32 over [B, H, S, D] (K, V: [B, H, T, D]). torch's
    is_causal aligns the mask top-left (key j masked when j > i), the bench's bottom-right
    (j > i + T - S): the same at S = T; otherwise torch.nn.attention.bias.causal_lower_right."""
    import torch.nn.functional as F

    causals = [c.strip() == "true" for c in a.attention_causal.split(",") if c.strip()]
    for shape in [s for s in a.attention_shapes.split(",") if s]:
        b, h, s, t, d = (int(v) for v in shape.split("x"))
        q = (torch.rand(b, h, s, d, device=dev) - 0.5) * 8
        k = torch.rand(b, h, t, d, device=dev) - 0.5
        v = torch.rand(b, h, t, d, device=dev) - 0.5
        for causal in causals:
            kw = {}
            if causal and s == t:
                kw["is_causal"] = True
            elif causal:
                from torch.nn.attention.bias import causal_lower_right

                kw["attn_mask"] = causal_lower_right(s, t)

            def fn(kw=kw):
                return F.scaled_dot_product_attention(q, k, v, **kw)

            err = attention_reference_error(q, k, v, fn(), causal, torch)
            check = f"{'ok' if err <= 1e-4 else 'WRONG'} (max err {err:.1e} over 2 heads against float64)"
            backend, kernel = sdpa_backend(fn, torch)
            ms = timed(fn, a, torch)
            flops = 4 * b * h * s * t * d / (2 if causal else 1)
            print(json.dumps({"peer": "F.scaled_dot_product_attention", "kernel": "attention-causal" if causal else "attention", "dtype": "f32", "shape": shape,
                              "ms": ms, "rate": flops / ms / 1e6, "unit": "GFLOP/s", "backend": backend, "cudaKernel": kernel, "check": check}))
            sys.stdout.flush()


if __name__ == "__main__":
    sys.exit(main())
