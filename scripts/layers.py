#!/usr/bin/env python3
"""Checks ARCHITECTURE.md's layers: a module imports (`use crate::…`, `crate::…` paths,
`super::…`) only modules of its own layer or lower ones, and no modules import each other
in a cycle. Prints each offence and exits 1 if there is one. Run by .ci/run:

    python3 scripts/layers.py
"""
import os
import re
import sys

# Bottom first, as ARCHITECTURE.md's table lists them. A module's layer is that of its
# first path segment (`games::loa::rules` is in `games`).
LAYERS = [
    ("words", ["vocabulary", "words", "diagnostic", "error", "rng"]),
    ("input and output", ["input", "formats", "folders", "output"]),
    ("drawing model", ["figure", "font", "layout", "palette", "page", "print_marks", "annotate", "frame", "legend", "replay"]),
    ("backends", ["backend"]),
    ("record schema", ["record", "options", "job"]),
    ("games", ["games"]),
    ("assembly", ["load", "diagram", "theme", "check", "render", "booklet", "game_replay", "run", "api"]),
    ("command line", ["cli", "main", "lib"]),
]
LAYER_OF = {module: i for i, (_, modules) in enumerate(LAYERS) for module in modules}

root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src")
files = {}
for folder, _, names in os.walk(root):
    for name in names:
        if name.endswith(".rs"):
            path = os.path.join(folder, name)
            parts = os.path.relpath(path, root)[:-3].split(os.sep)
            if parts[-1] in ("mod",) or parts == ["lib"] or parts == ["main"]:
                parts = parts[:-1] if parts[-1] == "mod" else parts
            files["::".join(parts)] = path
modules = set(files)


def resolve(path):
    segments = path.split("::")
    for k in range(len(segments), 0, -1):
        candidate = "::".join(segments[:k])
        if candidate in modules:
            return candidate
    return None


def imports(module, text):
    text = re.sub(r"#\[cfg\(test\)\]\s*mod tests\s*\{.*", "", text, flags=re.S)
    text = re.sub(r"//[^\n]*", "", text)
    for used in re.findall(r"\b(?:crate|super)::[A-Za-z_:{}, \n]+", text):
        base = used.split("{")[0].rstrip(":")
        parent = module.split("::")[:-1]
        if base == "super":
            base = "::".join(parent)
        elif base.startswith("super::"):
            base = "::".join(parent + [base[len("super::"):]])
        else:
            base = base[len("crate::"):]
        heads = [base]
        if "{" in used:
            inner = used.split("{", 1)[1]
            heads = [base + "::" + x.strip() for x in re.split(r"[,}]", inner) if x.strip()]
        for head in heads:
            target = resolve(head.strip(":"))
            if target and target != module and not module.startswith(target + "::"):
                yield target


problems = []
graph = {m: set() for m in modules}
for module, path in sorted(files.items()):
    top = module.split("::")[0]
    if top not in LAYER_OF:
        problems.append(f"{module}: in no layer; add it to LAYERS in scripts/layers.py")
        continue
    for target in imports(module, open(path, encoding="utf-8").read()):
        graph[module].add(target)
        target_top = target.split("::")[0]
        if LAYER_OF.get(target_top, -1) > LAYER_OF[top]:
            problems.append(
                f"{module} ({LAYERS[LAYER_OF[top]][0]}) imports {target} "
                f"({LAYERS[LAYER_OF[target_top]][0]}), a higher layer"
            )

# Cycles: Tarjan's strongly connected components.
index, low, stack, on_stack, counter = {}, {}, [], set(), [0]
sys.setrecursionlimit(10000)


def visit(v):
    index[v] = low[v] = counter[0]
    counter[0] += 1
    stack.append(v)
    on_stack.add(v)
    for w in graph[v]:
        if w not in index:
            visit(w)
            low[v] = min(low[v], low[w])
        elif w in on_stack:
            low[v] = min(low[v], index[w])
    if low[v] == index[v]:
        component = []
        while True:
            w = stack.pop()
            on_stack.discard(w)
            component.append(w)
            if w == v:
                break
        if len(component) > 1:
            problems.append("import cycle: " + " ".join(sorted(component)))


for v in sorted(graph):
    if v not in index:
        visit(v)

for problem in problems:
    print(problem)
print(f"layers: {len(files)} modules, {len(problems)} problems")
sys.exit(1 if problems else 0)
