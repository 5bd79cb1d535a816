#!/usr/bin/env python3
"""Fails (exit 1) naming file:line:function for every function body longer than MAX_LINES lines.

Scanned: the C++ sources under models/, sim/, app/ and calibration/ (tests, *_test.cpp, excepted: a test case is a
list of checks). The scan strips comments, strings and character literals, matches braces, and takes as a function
every brace block opened at namespace or class level whose head ends like a function's: `)` followed by qualifiers, a
trailing return type or a constructor's initialiser list. Lambdas and blocks inside a function count towards it.

Exempt by rule, not by name list: declarative parameter lists, i.e. functions declaring through a Fields object (the
parameter declaration API, sim/input/fields.hpp: a `Fields&` parameter or a local `Fields`) whose body is mostly
declarations: at least half of its statements call a Fields reader (quantity, integer, number, boolean, string,
choice, object, ..., or read_sourced). Their length is the number of parameters they declare, each with its
documentation, not control flow.

ALLOWED lists functions still over the limit whose split is someone else's open work; each entry says why.
"""
import re
import sys
from pathlib import Path

MAX_LINES = 80
ROOTS = ["models", "sim", "app", "calibration"]
ALLOWED = set()  # empty: every function is within the limit
FIELD_CALL = re.compile(
    r"\b\w+\s*\.\s*(quantity|quantity_list|integer|number|boolean|string|string_list|required_string|choice|object|"
    r"finish|fail)\s*[<(]|\bread_sourced\s*\(")
MEMBER_INIT = re.compile(r"\)\s*(noexcept\s*)?:(?!:)[^;]*\w$")
CONTROL = re.compile(r"^\s*(if|for|while|switch|catch|do|else|try|return)\b")


def strip(text):
    """Comments, string and character literals blanked (newlines kept, so line numbers hold)."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            i = j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append("\n" * text.count("\n", i, j))
            i = j
        elif text.startswith('R"', i) and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_")):
            m = re.match(r'R"([^(]*)\(', text[i:])
            end = text.find(")" + m.group(1) + '"', i) if m else -1
            j = n if end < 0 else end + len(m.group(1)) + 2
            out.append('""' + "\n" * text.count("\n", i, j))
            i = j
        elif c in "\"'":
            j = i + 1
            while j < n and text[j] != c:
                j += 2 if text[j] == "\\" else 1
            if c == "'" and j - i > 4:  # a digit separator (1'000), not a character literal
                out.append(c)
                i += 1
                continue
            out.append(c + c)
            i = j + 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def function_name(head):
    """The name before the parameter list of a function head, or None if the head is not a function's."""
    head = " ".join(head.split())
    if CONTROL.match(head) or head.endswith("=") or re.search(r"\b(namespace|class|struct|union|enum)\b[^()]*$", head):
        return None
    if re.search(r"(^|[^\w])\[[^\]]*\]\s*(\([^()]*\))?\s*(mutable\s*)?$", head):
        return None  # a lambda
    # Cut a constructor's initialiser list: `) : a(x), b{y}` -> `)`.
    m = re.match(r"^(.*?\))\s*(const|noexcept|override|final|mutable|&|\s)*\s*:(?!:)", head)
    if m:
        head = m.group(1)
    head = re.sub(r"\s*->\s*[\w:<>,&*\s]+$", "", head)
    head = re.sub(r"(\)\s*)((const|noexcept|override|final|mutable|&)\s*)*$", r"\1", head).rstrip()
    if not head.endswith(")"):
        return None
    depth, k = 0, len(head) - 1
    while k >= 0:
        depth += head[k] == ")"
        depth -= head[k] == "("
        if depth == 0:
            break
        k -= 1
    m = re.search(r"([~\w:]+|operator\s*\S+)\s*$", head[:k])
    return m.group(1) if m else None


def functions(path):
    text = strip(path.read_text(encoding="utf-8", errors="replace"))
    stack = []  # per open brace: (kind, name, line, head)
    head_start, line = 0, 1
    for i, c in enumerate(text):
        if c == "\n":
            line += 1
        elif c in ";{}":
            if c == "{":
                head = re.sub(r"#.*", "", text[head_start:i])
                inside_function = any(kind == "function" for kind, *_ in stack)
                if not inside_function and MEMBER_INIT.search(" ".join(head.split())):
                    stack.append(("init", None, line, head))  # `b_{x}` in a constructor's initialiser list
                    continue  # the head goes on to the constructor's body
                name = None if inside_function else function_name(head)
                stack.append(("function" if name else "block", name, line, head))
            elif c == "}" and stack:
                kind, name, start, head = stack.pop()
                if kind == "init":
                    continue
                if kind == "function":
                    yield name, start, line, head, text
            head_start = i + 1


def declarative(head, body):
    if not (re.search(r"\bFields\s*&", head) or re.search(r"\bFields\s+\w+\s*[({]", body)):
        return False
    statements = [s for s in body.split(";") if s.strip()]
    return sum(bool(FIELD_CALL.search(s)) for s in statements) * 2 >= len(statements)


def main(root):
    root = Path(root)
    failures = []
    for sub in ROOTS:
        for path in sorted((root / sub).rglob("*")):
            if path.suffix not in (".cpp", ".hpp") or path.name.endswith("_test.cpp"):
                continue
            rel = path.relative_to(root).as_posix()
            for name, start, end, head, text in functions(path):
                lines = end - start + 1
                if lines <= MAX_LINES:
                    continue
                short = name.split("::")[-1]
                body = "\n".join(text.split("\n")[start - 1:end])
                if (rel, short) in ALLOWED or declarative(head, body):
                    continue
                failures.append(f"{rel}:{start}: {name}: {lines} lines (limit {MAX_LINES})")
    for f in failures:
        print(f)
    if failures:
        print(f"{len(failures)} function(s) over {MAX_LINES} lines: split them by role", file=sys.stderr)
    return 1 if failures else 0


def self_test():
    """The scan on a made-up tree: a long function, a long constructor and a long method fail; a long declarative
    parameter list, a short function holding a long lambda's caller, and code in comments or strings do not."""
    import tempfile

    body = "  x += 1;\n" * (MAX_LINES + 5)
    decl = "  p.a = f.integer(\"a\", 1, \"doc\");\n" * (MAX_LINES + 5)
    src = (f"namespace n {{\nint long_one(int x)\n{{\n{body}  return x;\n}}\n"
           f"S::S(int a) : a_(a), b_{{a}}\n{{\n{body}}}\n"
           f"struct T {{\n  void method() const\n  {{\n{body}  }}\n}};\n"
           f"Params Params::from(Fields& f)\n{{\n  Params p;\n{decl}  return p;\n}}\n"
           f"void short_one()\n{{\n  auto l = [] {{ return 1; }};\n  // int commented(int x) {{\n"
           f"  const char* s = \"void in_string() {{\";\n}}\n}} // namespace n\n")
    with tempfile.TemporaryDirectory() as d:
        (Path(d) / "models").mkdir()
        (Path(d) / "models" / "m.cpp").write_text(src)
        found = {name for name, start, end, head, text in functions(Path(d) / "models" / "m.cpp")}
        assert {"long_one", "S::S", "method", "Params::from", "short_one"} <= found, found
        assert "in_string" not in found and "commented" not in found, found
        import contextlib
        import io

        out = io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
            status = main(d)
        reported = out.getvalue()
        assert status == 1, reported
        for name in ("long_one", "S::S", "method"):
            assert f": {name}: " in reported, reported
        assert "Params::from" not in reported and "short_one" not in reported, reported
    print("self-test passed")
    return 0


if __name__ == "__main__":
    if sys.argv[1:] == ["--self-test"]:
        sys.exit(self_test())
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else Path(__file__).resolve().parent.parent))
