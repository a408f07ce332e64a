"""Turns LimitBench's JMH lines into a Markdown table: model vs hand-written loop, and their ratio."""
import re
import sys

rows = {}
for line in sys.stdin:
    m = re.match(r"LimitBench\.(\w+)\s+(\S+)\s+thrpt\s+\d+\s+([\d.]+)\s+(?:±\s+([\d.]+)\s+)?ops/s", line.strip())
    if m:
        rows.setdefault(m.group(2), {})[m.group(1)] = (float(m.group(3)), float(m.group(4) or 0))
print("| model | workbench model (gradients/s) | hand-written loop (gradients/s) | ratio |")
print("|---|---|---|---|")
for model, r in rows.items():
    w, wn = r.get("workbenchModel", (float("nan"), 0))
    h, hn = r.get("handWritten", (float("nan"), 0))
    print(f"| {model} | {w:.3g} ± {wn:.2g} | {h:.3g} ± {hn:.2g} | {w / h:.2f} |")
