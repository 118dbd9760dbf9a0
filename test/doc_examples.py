#!/usr/bin/env python3
"""doc_examples.py -- run every example command of the documentation and check what it prints.

    python3 test/doc_examples.py --dance build/dance [--root .] [--show] [FILE.md ...]

The examples, so that they cannot drift from the program:

* In README.md and docs/*.md (or the FILEs given), every fenced block whose info string is
  `console` is a transcript: a line starting with "$ " is a command (a line ending in "\\"
  continues it), and the lines after it, up to the next "$ " line or the end of the block,
  are exactly what it prints: its stdout, then its stderr. In those lines "..." stands for
  any text within one line, and a line holding only "..." for any number of lines (also
  none). Trailing blanks are ignored.
* In fenced blocks marked `sh`, `bash` or `shell`, every line whose first word is `dance` or
  `build/dance` is run and must exit with status 0 or 1 (solved, or no solution); what it
  prints is not checked. Other lines there (set-up commands) are not run.
(The examples of `dance --help` and of every `dance help CMD` are run by test/cli/examples.sh.)

Each command runs under bash, from a scratch folder that stands for the repository root: it
holds links to the repository's data/, cube_pieces/ and docs/, a build/ folder whose dance is
the binary under test, and whatever earlier examples of the same page wrote there; `dance` is
first on PATH. Every link of a page to a file of the repository must lead to one, and a link
to a heading of a page (`page.md#heading`) to one of its headings, as GitHub names them. Exit
status: 0 when every example passes and every link leads somewhere, 1 otherwise (each failure
is shown with its page, line, and a diff of the expected and the actual output).
"""
import argparse
import difflib
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

TIMEOUT = 300  # seconds for one command


class Example:
    def __init__(self, page, line, command, expected, check_output):
        self.page, self.line, self.command = page, line, command
        self.expected = expected  # list of lines, or None when only the status is checked
        self.check_output = check_output


def fenced_blocks(text):
    """Yields (info string, first line number of the content, content lines)."""
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        m = re.match(r"^(\s*)(```+|~~~+)\s*([\w+-]*)", lines[i])
        if not m:
            i += 1
            continue
        indent, fence, info = m.group(1), m.group(2), m.group(3)
        start = i + 1
        j = start
        while j < len(lines) and not lines[j].strip().startswith(fence):
            j += 1
        body = [l[len(indent):] if l.startswith(indent) else l.lstrip() for l in lines[start:j]]
        yield info, start + 1, body
        i = j + 1


def page_examples(path):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    examples = []
    for info, first, body in fenced_blocks(text):
        if info == "console":
            k = 0
            while k < len(body):
                if not body[k].startswith("$ "):
                    if body[k].strip():
                        examples.append(Example(path, first + k, None, None, True))
                    k += 1
                    continue
                line = first + k
                command = body[k][2:]
                while command.endswith("\\") and k + 1 < len(body):
                    k += 1
                    command = command + "\n" + body[k]  # bash joins the lines again
                k += 1
                expected = []
                while k < len(body) and not body[k].startswith("$ "):
                    expected.append(body[k])
                    k += 1
                while expected and not expected[-1].strip():
                    expected.pop()
                examples.append(Example(path, line, command, expected, True))
        elif info in ("sh", "bash", "shell"):
            k = 0
            while k < len(body):
                line = first + k
                command = body[k]
                while command.endswith("\\") and k + 1 < len(body):
                    k += 1
                    command = command + "\n" + body[k]  # bash joins the lines again
                k += 1
                word = command.split(None, 1)[0] if command.strip() else ""
                if word in ("dance", "build/dance"):
                    examples.append(Example(path, line, command, None, False))
    return examples


def pattern(expected):
    """A regular expression for the expected lines ("..." as described above)."""
    parts = []
    for line in expected:
        line = line.rstrip()
        if line == "...":
            parts.append("(?:[^\n]*\n)*?")
        else:
            parts.append("[^\n]*".join(re.escape(p) for p in line.split("...")) + "\n")
    return "".join(parts)


def normalize(text):
    lines = [l.rstrip() for l in text.split("\n")]
    while lines and not lines[-1]:
        lines.pop()
    return "".join(l + "\n" for l in lines)


def scratch_root(root, dance):
    d = tempfile.mkdtemp(prefix="dance-doc-")
    for name in ("data", "cube_pieces", "docs"):
        if os.path.isdir(os.path.join(root, name)):
            os.symlink(os.path.join(root, name), os.path.join(d, name))
    os.mkdir(os.path.join(d, "build"))
    os.symlink(dance, os.path.join(d, "build", "dance"))
    os.mkdir(os.path.join(d, ".bin"))
    os.symlink(dance, os.path.join(d, ".bin", "dance"))
    return d


def run(example, cwd):
    env = dict(os.environ)
    env["PATH"] = os.path.join(cwd, ".bin") + os.pathsep + env.get("PATH", "")
    env["LC_ALL"] = "C"
    for name in ("DANCE_PIECES", "NO_COLOR"):
        env.pop(name, None)
    try:
        p = subprocess.run(["bash", "-c", example.command], cwd=cwd, env=env, stdin=subprocess.DEVNULL,
                           capture_output=True, text=True, errors="replace", timeout=TIMEOUT)
        return p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired:
        return None, "", "(timed out after %d s)\n" % TIMEOUT


def heading_anchors(path):
    """The anchors GitHub gives the headings of a markdown page: lower case, punctuation but
    '-' and '_' dropped, blanks made '-', a repeated one numbered."""
    anchors, seen = set(), {}
    with open(path, encoding="utf-8") as f:
        text = f.read()
    inside = False
    for line in text.split("\n"):
        if re.match(r"^\s*(```|~~~)", line):
            inside = not inside
            continue
        m = None if inside else re.match(r"^#{1,6}\s+(.*?)\s*#*\s*$", line)
        if m:
            slug = re.sub(r"[^\w\- ]", "", m.group(1).strip().lower()).replace(" ", "-")
            n = seen.get(slug, 0)
            seen[slug] = n + 1
            anchors.add(slug if n == 0 else "%s-%d" % (slug, n))
    return anchors


def broken_links(page):
    """(line, message) for each link of the page, outside code blocks, that leads nowhere."""
    with open(page, encoding="utf-8") as f:
        lines = f.read().split("\n")
    broken, inside = [], False
    for number, line in enumerate(lines, 1):
        if re.match(r"^\s*(```|~~~)", line):
            inside = not inside
            continue
        if inside:
            continue
        for target in re.findall(r"\]\(([^)\s]+)\)", re.sub(r"`[^`]*`", "", line)):
            if re.match(r"^[a-z]+:", target):
                continue  # https:, mailto: and the like are not checked
            path, _, anchor = target.partition("#")
            file = os.path.normpath(os.path.join(os.path.dirname(page), path)) if path else page
            if not os.path.exists(file):
                broken.append((number, "link to %s: no such file" % target))
            elif anchor and file.endswith(".md") and anchor not in heading_anchors(file):
                broken.append((number, "link to %s: no such heading" % target))
    return broken


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--dance", required=True, help="the dance binary to run")
    ap.add_argument("--root", default=".", help="the repository root")
    ap.add_argument("--show", action="store_true", help="print every example's actual output")
    ap.add_argument("pages", nargs="*", help="markdown pages (default: README.md, docs/*.md)")
    a = ap.parse_args()
    root = os.path.abspath(a.root)
    dance = os.path.abspath(a.dance)
    pages = a.pages or [os.path.join(root, "README.md")] + sorted(glob.glob(os.path.join(root, "docs", "*.md")))

    groups = [(p, page_examples(p)) for p in pages]

    failures = passed = 0
    timings = []
    for page, examples in groups:
        cwd = scratch_root(root, dance)
        try:
            for ex in examples:
                where = "%s:%d" % (os.path.relpath(ex.page, root), ex.line)
                if ex.command is None:
                    print("FAIL %s: output without a '$ ' command before it in a console block" % where)
                    failures += 1
                    continue
                began = time.monotonic()
                status, out, err = run(ex, cwd)
                timings.append((time.monotonic() - began, where, ex.command.split("\n")[0]))
                actual = normalize(out + err)
                if a.show:
                    print("== %s: $ %s\n%s" % (where, ex.command, actual), end="")
                if ex.check_output:
                    ok = re.fullmatch(pattern(ex.expected), actual) is not None
                    why = "its output differs"
                else:
                    ok = status in (0, 1)
                    why = "exit status %s (expected 0 or 1)" % status
                if ok:
                    passed += 1
                    continue
                failures += 1
                print("FAIL %s: $ %s\n  %s" % (where, ex.command, why))
                if ex.check_output:
                    want = normalize("\n".join(ex.expected))
                    for d in difflib.unified_diff(want.splitlines(), actual.splitlines(), "documented",
                                                  "actual", lineterm="", n=2):
                        print("  " + d)
                else:
                    for l in (out + err).splitlines()[-5:]:
                        print("  | " + l)
        finally:
            shutil.rmtree(cwd, ignore_errors=True)
    broken = 0
    for page in pages:
        for number, why in broken_links(page):
            print("FAIL %s:%d: %s" % (os.path.relpath(page, root), number, why))
            broken += 1
    total = passed + failures
    timings.sort(reverse=True)
    print("slowest: " + "; ".join("%.1f s %s" % (t, c) for t, _, c in timings[:3]))
    print("%d of %d examples pass (%.0f s)" % (passed, total, sum(t for t, _, _ in timings)))
    print("%d broken links" % broken)
    if total == 0:
        print("FAIL: no examples found")
        return 1
    return 1 if failures or broken else 0


if __name__ == "__main__":
    sys.exit(main())
