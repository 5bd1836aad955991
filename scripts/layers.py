#!/usr/bin/env python3
"""Checks ARCHITECTURE.md's layers inside each crate: a module imports (`use crate::…`,
`crate::…` paths, `super::…`) only modules of its own layer or lower ones, and no modules
import each other in a cycle. Between crates the layering is Cargo's: the core depends on
no other crate of the workspace, the backends on the core, the command line on both. Prints
each offence and exits 1 if there is one. Run by .ci/run:

    python3 scripts/layers.py
"""
import os
import re
import sys

# Bottom first, as ARCHITECTURE.md's tables list them, crate by crate. A module's layer is
# that of its first path segment (`games::loa::rules` is in `games`).
CRATES = {
    "crates/core/src": [
        ("words", ["vocabulary", "words", "diagnostic", "error", "io_error", "rng", "yaml", "packed"]),
        ("input", ["input", "formats"]),
        ("drawing model", ["figure", "font", "layout", "palette", "page", "print_marks", "annotate", "frame", "legend", "replay"]),
        ("backends", ["backend"]),
        ("record schema", ["record"]),
        ("games", ["games"]),
        ("assembly", ["load", "diagram", "theme", "booklet", "game_replay", "render", "api", "lib"]),
    ],
    "crates/backends/src": [
        ("backends", ["pdf", "png", "lib"]),
    ],
    "src": [
        ("files", ["files", "folders", "output", "twice"]),
        ("jobs", ["job", "options"]),
        ("commands", ["check", "render", "booklet", "commands", "run"]),
        ("command line", ["cli", "main", "lib"]),
    ],
}

top = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
problems = []
files = {}


def modules_of(root):
    found = {}
    for folder, _, names in os.walk(root):
        for name in names:
            if name.endswith(".rs"):
                path = os.path.join(folder, name)
                parts = os.path.relpath(path, root)[:-3].split(os.sep)
                if parts[-1] == "mod":
                    parts = parts[:-1]
                found["::".join(parts)] = path
    return found


def resolve(path, modules):
    segments = path.split("::")
    for k in range(len(segments), 0, -1):
        candidate = "::".join(segments[:k])
        if candidate in modules:
            return candidate
    return None


def imports(module, text, modules):
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
            target = resolve(head.strip(":"), modules)
            if target and target != module and not module.startswith(target + "::"):
                yield target


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



def check_crate(root, layers):
    layer_of = {module: i for i, (_, modules) in enumerate(layers) for module in modules}
    crate_files = modules_of(os.path.join(top, root))
    files.update({f"{root}:{m}": p for m, p in crate_files.items()})
    modules = set(crate_files)
    graph.clear()
    graph.update({m: set() for m in modules})
    index.clear(), low.clear(), stack.clear(), on_stack.clear()
    for module, path in sorted(crate_files.items()):
        first = module.split("::")[0]
        if first not in layer_of:
            problems.append(f"{root}: {module}: in no layer; add it to CRATES in scripts/layers.py")
            continue
        for target in imports(module, open(path, encoding="utf-8").read(), modules):
            graph[module].add(target)
            target_top = target.split("::")[0]
            if layer_of.get(target_top, -1) > layer_of[first]:
                problems.append(
                    f"{root}: {module} ({layers[layer_of[first]][0]}) imports {target} "
                    f"({layers[layer_of[target_top]][0]}), a higher layer"
                )
    for v in sorted(graph):
        if v not in index:
            visit(v)


graph = {}
for root, layers in CRATES.items():
    check_crate(root, layers)

for problem in problems:
    print(problem)
print(f"layers: {len(files)} modules, {len(problems)} problems")
sys.exit(1 if problems else 0)
