"""Writes the playground page (scripts/playground.sh): playground.html with its style (the
replay page's, from the core, then the playground's own), its script, its examples and the
WebAssembly core inlined, and a Content-Security-Policy that allows that one style and that
one script by their hashes, WebAssembly, and images from the page's own blobs.

    python3 web/page/assemble.py CORE.wasm OUT.html

Refuses a module that imports anything (the page gives it nothing) and a page over 2.5 MB.
"""

import base64
import gzip
import hashlib
import html
import json
import os
import re
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
from wasm_imports import imports  # noqa: E402  (the repository's scripts/, found above)
MOST_BYTES = 2_500_000
# The examples offered, one of each game and one SGF file: (file, label).
EXAMPLES = [
    ("examples/loa-connection.yaml", "Lines of Action: a connection"),
    ("examples/shoreline-beginner.yaml", "Shoreline: a beginner's game"),
    ("examples/towers-example.yaml", "Towers: the worked example"),
    ("examples/loa-club-game.sgf", "Lines of Action: a club game, as SGF"),
    ("examples/shoreline-evening.yaml", "Shoreline: an evening of several games"),
]


def read(path):
    with open(os.path.join(ROOT, path), encoding="utf-8") as f:
        return f.read()


def sha256(text):
    return base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: assemble.py CORE.wasm OUT.html")
    wasm_path, out = sys.argv[1], sys.argv[2]
    with open(wasm_path, "rb") as f:
        wasm = f.read()
    wanted = imports(wasm)
    if wanted:
        sys.exit(f"{wasm_path} imports {', '.join(wanted)}; the page gives the core nothing")
    # mtime=0: the same module gives the same page.
    core = base64.b64encode(gzip.compress(wasm, compresslevel=9, mtime=0)).decode()

    style = read("crates/core/src/backend/html/replay.css").strip() + "\n" + read("web/page/playground.css").strip()
    script = read("web/page/playground.js").strip()
    policy = (
        f"default-src 'none'; style-src 'sha256-{sha256(style)}'; "
        f"script-src 'sha256-{sha256(script)}' 'wasm-unsafe-eval'; img-src blob:; "
        "base-uri 'none'; form-action 'none'"
    )
    assert '"' not in policy, "the policy stands in a double-quoted attribute"
    options = "\n".join(
        f'<option value="{k}"{" selected" if k == 0 else ""}>{html.escape(label)}</option>'
        for k, (_, label) in enumerate(EXAMPLES)
    )
    examples = json.dumps(
        [{"file": path, "text": read(path)} for path, _ in EXAMPLES], ensure_ascii=False
    ).replace("</", "<\\/")
    parts = {
        "POLICY": html.escape(policy, quote=False),  # no " in a policy
        "STYLE": style,
        "EXAMPLES": options,
        "EXAMPLES_JSON": examples,
        "WASM": core,
        "SCRIPT": script,
    }
    template = read("web/page/playground.html")
    # One pass: no part is searched for another's placeholder.
    page = re.sub(r"\{\{([A-Z_]+)\}\}", lambda m: parts[m.group(1)], template)
    data = page.encode()
    if len(data) > MOST_BYTES:
        sys.exit(f"the page is {len(data)} bytes, over the {MOST_BYTES} it may weigh")
    # Written whole or not at all.
    folder = os.path.dirname(os.path.abspath(out))
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=".playground-")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.chmod(tmp, 0o644)
        os.replace(tmp, out)
    except BaseException:
        os.unlink(tmp)
        raise
    print(f"{out}: {len(data) / 1e6:.2f} MB (core {len(wasm) / 1e6:.2f} MB, {len(core) / 1e6:.2f} MB inlined)", file=sys.stderr)


if __name__ == "__main__":
    main()
