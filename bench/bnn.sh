#!/usr/bin/env bash
# BNN benchmark (not part of the test suite): on bnn-regression (Boston) and bnn-classification (Pima),
# 1 hidden layer of 50 tanh units, compare at equal gradient evaluations
#   map              Adam, 1 chain, G steps                                  (G gradients)
#   deep-ensemble    Adam, K=5 chains from the sampler's default starts (LeCun-normal per layer), G steps each (5G gradients)
#   SAMPLER-from-map the map fit (G) then SAMPLER, 4 chains started at the MAP, G/GPI iterations each
#                    (GPI gradients per iteration), the first 1/WARMUP_FRACTION (default 5) warmup
#                    (G + 4G = 5G gradients)
#   SAMPLER-from-ensemble  K=5 Adam fits of G/2 steps (run "ensemble-half"), then SAMPLER, 5 chains,
#                    chain k from member k's end (--init-from), G/(2 GPI) iterations each, the first
#                    1/WARMUP_FRACTION warmup (5G/2 + 5G/2 = 5G gradients)
# over 3 seeds; every run is a session evaluated by 'workbench evaluate --json'.
# Usage: bench/bnn.sh [G (default 1000)] [seeds (default "1 2 3")]
# Environment: GRADIENTS=minibatch (default; batches of BATCH=64 rows for every method) or full;
#   SAMPLER (default psmile), GPI (gradients per iteration: 2 for smile/psmile, else 1),
#   SAMPLER_SET (default for smile/psmile: step_size=0.01, near Adam's learning rate).
# Writes bench/target/bnn/{results.jsonl,table.md}. Runs single-threaded (--threads 1).
set -euo pipefail
cd "$(dirname "$0")/.."
G="${1:-1000}"
SEEDS="${2:-1 2 3}"
mvn -B -q -pl app -am -DskipTests package
OUTDIR=bench/target/bnn
rm -rf "$OUTDIR"; mkdir -p "$OUTDIR"
GRADIENTS="${GRADIENTS:-minibatch}"; BATCH="${BATCH:-64}"; SAMPLER="${SAMPLER:-psmile}"
case "$SAMPLER" in smile|psmile) GPI="${GPI:-2}"; SAMPLER_SET="${SAMPLER_SET-step_size=0.01}";; *) GPI="${GPI:-1}";; esac
W=(java -Xmx2g -Dorg.slf4j.simpleLogger.defaultLogLevel=warn -cp "app/target/app-0.1.0.jar:app/target/lib/*" workbench.app.Main)

# run NAME MODEL DATA SAMPLER CHAINS WARMUP DRAWS SEED [extra args...]
run() {
  local name=$1 model=$2 data=$3 sampler=$4 chains=$5 warmup=$6 draws=$7 seed=$8; shift 8
  local dir="$OUTDIR/$model-$name-$seed"
  /usr/bin/time -f "%M" -o "$dir.rss" "${W[@]}" run --model "$model" --set data="$data" --set width=50 --set batch_size="$BATCH" \
      --sampler "$sampler" --chains "$chains" --warmup "$warmup" --draws "$draws" --seed "$seed" --threads 1 \
      --no-progress --json --out "$dir" "$@" > "$dir.run.json" 2> "$dir.log"
  "${W[@]}" evaluate "$dir" --json > "$dir.eval.json"
  python3 - "$dir" "$name" "$model" "$seed" >> "$OUTDIR/results.jsonl" <<'PY'
import json, sys
d, name, model, seed = sys.argv[1:]
run = json.load(open(d + ".run.json")); ev = json.load(open(d + ".eval.json"))
s = run["sampler"]; g = s["gradient_evaluations"]
rec = dict(method=name, model=model, seed=int(seed), grads=g["warmup"] + g["sampling"],
           chain_seconds=s["warmup_seconds"] + s["sampling_seconds"], wall_seconds=s["wall_seconds"],
           run_rss_mb=int(open(d + ".rss").read().split()[-1]) / 1024.0, **ev)
print(json.dumps(rec))
PY
}

map_point() { # constrained final MAP estimate of a map session, comma-separated
  python3 -c 'import json,sys; print(",".join(repr(p["mean"]) for p in json.load(open(sys.argv[1]))["parameters"]))' "$1"
}

for spec in "bnn-regression boston" "bnn-classification pima"; do
  set -- $spec; model=$1; data=$2
  for seed in $SEEDS; do
    echo "== $model $data seed $seed" >&2
    run map "$model" "$data" map 1 "$G" 1 "$seed" --sampler-set init_scale=0.1 --sampler-set gradients="$GRADIENTS"
    run deep-ensemble "$model" "$data" deep-ensemble 5 "$G" 1 "$seed" --sampler-set gradients="$GRADIENTS"
    init=$(map_point "$OUTDIR/$model-map-$seed.run.json")
    extra=(); [ -n "${SAMPLER_SET:-}" ] && extra=(--sampler-set "$SAMPLER_SET")
    # each chain's iterations: a fifth as warmup (the chains start at an optimum; pSMILE's tuner keeps
    # adapting after warmup anyway), the rest kept as draws; WARMUP_FRACTION=2 gives the even split
    wf="${WARMUP_FRACTION:-5}"
    it=$((G / GPI)); w=$((it / wf))
    run "$SAMPLER-from-map" "$model" "$data" "$SAMPLER" 4 "$w" $((it - w)) "$seed" --init "$init" "${extra[@]}"
    # K = 5 Adam fits of G/2 steps, then SAMPLER from each member's end for G/2 gradients per chain
    run ensemble-half "$model" "$data" deep-ensemble 5 $((G / 2)) 1 "$seed" --sampler-set gradients="$GRADIENTS"
    it=$((G / (2 * GPI))); w=$((it / wf))
    run "$SAMPLER-from-ensemble" "$model" "$data" "$SAMPLER" 5 "$w" $((it - w)) "$seed" \
        --init-from "$OUTDIR/$model-ensemble-half-$seed" "${extra[@]}"
  done
done

python3 - "$OUTDIR" "$G" "$GRADIENTS" "$BATCH" > "$OUTDIR/table.md" <<'PY'
import json, sys, statistics as st
out, G, grads_kind, batch = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
rows = [json.loads(l) for l in open(out + "/results.jsonl")]
# the sampler's budget includes the map fit it starts from
for r in rows:
    if r["method"].endswith("-from-map") or r["method"].endswith("-from-ensemble"):
        base = "map" if r["method"].endswith("-from-map") else "ensemble-half"
        m = next(x for x in rows if x["method"] == base and x["model"] == r["model"] and x["seed"] == r["seed"])
        r["grads_total"] = r["grads"] + m["grads"]; r["seconds_total"] = r["wall_seconds"] + m["wall_seconds"]
    else:
        r["grads_total"] = r["grads"]; r["seconds_total"] = r["wall_seconds"]
def ms(vals):
    vals = [v for v in vals if v is not None]
    if not vals: return "-"
    return f"{st.mean(vals):.3f} ± {st.stdev(vals):.3f}" if len(vals) > 1 else f"{vals[0]:.3f}"
sampler = next((r["method"] for r in rows if r["method"].endswith("-from-map")), "none")
from_ens = sampler.replace("-from-map", "-from-ensemble")
kind = f"minibatch gradients ({batch} rows)" if grads_kind == "minibatch" else "full-batch gradients (Adam); the sampler's own"
print(f"G = {G} Adam steps per fit, {kind}; mean ± sd over seeds {sorted({r['seed'] for r in rows})}; single thread.\n")
for model, metrics in [("bnn-regression", ["nll", "rmse", "coverage_90", "coverage_50"]),
                       ("bnn-classification", ["accuracy", "nll", "brier", "ece"])]:
    print(f"### {model}\n")
    hdr = ["method", "gradients"] + metrics + ["seconds (incl. map)", "ms / gradient", "run peak RSS MB", "eval latency ms/pt", "eval peak MB"]
    print("| " + " | ".join(hdr) + " |"); print("|" + "---|" * len(hdr))
    for meth in ["map", "deep-ensemble", sampler, from_ens]:
        rs = [r for r in rows if r["model"] == model and r["method"] == meth]
        if not rs: continue
        cells = [meth, str(rs[0]["grads_total"])] + [ms([r.get(k) for r in rs]) for k in metrics]
        cells += [ms([r["seconds_total"] for r in rs]), ms([1e3 * r["chain_seconds"] / r["grads"] for r in rs]),
                  ms([r["run_rss_mb"] for r in rs]), ms([r["latency_ms"] for r in rs]), ms([r["peak_memory_mb"] for r in rs])]
        print("| " + " | ".join(cells) + " |")
    adam = [1e3 * r["chain_seconds"] / r["grads"] for r in rows if r["model"] == model and r["method"] in ("map", "deep-ensemble")]
    samp = [1e3 * r["chain_seconds"] / r["grads"] for r in rows if r["model"] == model and r["method"] in (sampler, from_ens)]
    print(f"\nCost per gradient evaluation, {sampler.replace('-from-map', '')} / Adam: {st.mean(samp) / st.mean(adam):.2f}x "
          f"({st.mean(samp):.3f} ms vs {st.mean(adam):.3f} ms; chain time, excluding JVM start and session writes).\n")
PY
cat "$OUTDIR/table.md"
