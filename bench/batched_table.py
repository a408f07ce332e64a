"""Turns BatchedEngineBench's JMH lines into a Markdown table: per-chain vs batched time per transition of all chains, and their ratio."""
import re
import sys

rows = {}
for line in sys.stdin:
    m = re.match(r"BatchedEngineBench\.(\w+)\s+(\d+)\s+(\S+)\s+avgt\s+\d+\s+([\d.,]+)\s+(?:±\s+([\d.,]+)\s+)?us/op", line.strip())
    if m:
        num = lambda s: float((s or "0").replace(",", ""))
        rows.setdefault((m.group(3), int(m.group(2))), {})[m.group(1)] = (num(m.group(4)), num(m.group(5)))
print("| problem | chains K | plain µs (all K chains) | batched µs (all K chains) | batched / plain |")
print("|---|---|---|---|---|")
for (problem, k), r in rows.items():
    p, pe = r.get("plain", (float("nan"), 0))
    b, be = r.get("batched", (float("nan"), 0))
    print(f"| {problem} | {k} | {p:,.1f} ± {pe:,.1f} | {b:,.1f} ± {be:,.1f} | {b / p:.2f} |")
