"""Builds the NUTS-vs-Stan table from bench/target/stan/results.jsonl.

Both tools' draws go through the same diagnostics (`./workbench diagnose --json`); posterior's
mean bulk ESS for the Stan runs is printed beside ours as a cross-check.
"""
import json
import os
import statistics
import subprocess
import sys

out = sys.argv[1]
rows = [json.loads(l) for l in open(os.path.join(out, "results.jsonl")) if l.strip().startswith("{")]
names = {"gaussian": "gaussian (dim 100)", "gaussian_illcond": "gaussian-illcond (dim 100)",
         "eight_schools_noncentered": "eight-schools-noncentered", "logistic_pima": "logistic-pima",
         "funnel": "funnel (dim 10)"}
key = {"gaussian-illcond": "gaussian_illcond", "eight-schools-noncentered": "eight_schools_noncentered",
       "logistic-pima": "logistic_pima"}


def ess(csv):
    r = subprocess.run(["./workbench", "diagnose", "--json", os.path.join(out, csv)], capture_output=True, text=True,
                       check=True)
    params = json.loads(r.stdout)["parameters"]
    return statistics.mean(p["ess_bulk"] for p in params)


for r in rows:
    r["model"] = key.get(r["model"], r["model"])
    r["ess"] = ess(r["draws_csv"])
    r["ess_per_grad"] = r["ess"] / r["gradients_sampling"]
    r["ess_per_s"] = r["ess"] / r["sampling_seconds"]
    r["us_per_grad"] = 1e6 * r["sampling_seconds"] / r["gradients_sampling"]


def spread(xs):
    return f"{statistics.mean(xs):.3g} [{min(xs):.3g}, {max(xs):.3g}]"


print("| model | tool | bulk ESS / grad | bulk ESS / s | µs / grad | warmup s | sampling s | divergences (w/s) |")
print("|---|---|---|---|---|---|---|---|")
ratios = []
for m in names:
    for tool in ("stan", "workbench"):
        rs = [r for r in rows if r["model"] == m and r["tool"] == tool]
        if not rs:
            continue
        div = f"{sum(r['divergences_warmup'] for r in rs)}/{sum(r['divergences_sampling'] for r in rs)}"
        print(f"| {names[m]} | {tool} | {spread([r['ess_per_grad'] for r in rs])} | "
              f"{spread([r['ess_per_s'] for r in rs])} | {spread([r['us_per_grad'] for r in rs])} | "
              f"{spread([r['warmup_seconds'] for r in rs])} | {spread([r['sampling_seconds'] for r in rs])} | {div} |")
    st = {r["seed"]: r for r in rows if r["model"] == m and r["tool"] == "stan"}
    us = {r["seed"]: r for r in rows if r["model"] == m and r["tool"] == "workbench"}
    seeds = sorted(set(st) & set(us))
    if seeds:
        ratios.append((m, [us[s]["ess_per_grad"] / st[s]["ess_per_grad"] for s in seeds],
                       [us[s]["ess_per_s"] / st[s]["ess_per_s"] for s in seeds],
                       [us[s]["us_per_grad"] / st[s]["us_per_grad"] for s in seeds]))
print()
print("| model | ours / Stan: ESS per grad | ESS per second | cost per grad | goal met |")
print("|---|---|---|---|---|")
for m, eg, es, cg in ratios:
    held = m != "funnel"
    ok = (0.8 <= statistics.mean(eg) <= 1.4 and statistics.mean(cg) <= 0.5) if held else None
    verdict = "not held to a ratio" if ok is None else ("yes" if ok else "no")
    print(f"| {names[m]} | {spread(eg)} | {spread(es)} | {spread(cg)} | {verdict} |")
print()
print("Mean bulk ESS of the Stan runs by R posterior vs ours (same draws): " + ", ".join(
    f"{r['model']}/{r['seed']}: {r['posterior_mean_ess_bulk']:.1f} vs {r['ess']:.1f}"
    for r in rows if r["tool"] == "stan"))
print()
def last_json(path):
    lines = [l for l in open(path) if l.strip().startswith("{")]
    return json.loads(lines[-1])


print("Stan compile seconds (reported apart, not in the ratios): " + ", ".join(
    f"{m}: {last_json(os.path.join(out, 'compile-' + m + '.json'))['compile_seconds']:.0f}"
    for m in names if os.path.exists(os.path.join(out, 'compile-' + m + '.json'))))
