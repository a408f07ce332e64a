"""Turns DiagnosticsBench's JMH lines into a Markdown table: full summary vs one mean/sd pass, and their ratio."""
import re
import sys

rows = {}
for line in sys.stdin:
    m = re.match(r"DiagnosticsBench\.(\w+)\s+(\d+)\s+avgt\s+\d+\s+([\d.]+)\s+(?:±\s+([\d.]+)\s+)?ms/op", line.strip())
    if m:
        rows.setdefault(int(m.group(2)), {})[m.group(1)] = (float(m.group(3)), float(m.group(4) or 0))
print("| draws per chain | full summary, 100 params × 4 chains (ms) | mean and sd only (ms) | ratio |")
print("|---|---|---|---|")
for n, r in sorted(rows.items()):
    f, fe = r.get("fullSummary", (float("nan"), 0))
    p, pe = r.get("meanAndSd", (float("nan"), 0))
    print(f"| {n} | {f:.4g} ± {fe:.2g} | {p:.3g} ± {pe:.2g} | {f / p:.0f} |")
