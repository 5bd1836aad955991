"""The imports a WebAssembly module asks for, as `module.name`: read from its import section
(id 2), for the scripts that refuse a module their host cannot give what it imports
(scripts/typst-package.sh, web/page/assemble.py).

    python3 scripts/wasm_imports.py MODULE.wasm    (one import a line)
"""

import sys


def imports(data):
    """The imports of the module `data` (its bytes); exits on a file that is no module."""
    if data[:4] != b"\0asm":
        sys.exit("not a WebAssembly module")

    def leb(pos):
        value = shift = 0
        while True:
            byte = data[pos]
            pos += 1
            value |= (byte & 0x7F) << shift
            shift += 7
            if byte < 0x80:
                return value, pos

    def name(pos):
        length, pos = leb(pos)
        return data[pos:pos + length].decode(), pos + length

    pos, imports = 8, []
    while pos < len(data):
        section, size_at = data[pos], pos + 1
        size, pos = leb(size_at)
        end = pos + size
        if section == 2:
            count, pos = leb(pos)
            for _ in range(count):
                module, pos = name(pos)
                field, pos = name(pos)
                imports.append(f"{module}.{field}")
                kind = data[pos]
                pos += 1
                # function: a type index; table: type + limits; memory: limits; global: type + mut
                if kind == 0:
                    _, pos = leb(pos)
                elif kind in (1, 2):
                    pos += 1 if kind == 1 else 0
                    flags = data[pos]
                    _, pos = leb(pos + 1)
                    if flags & 1:
                        _, pos = leb(pos)
                else:
                    pos += 2
        pos = end
    return imports


if __name__ == "__main__":
    with open(sys.argv[1], "rb") as module:
        print("\n".join(imports(module.read())))
