"""Every example of docs/python.md runs and prints what the page shows: the ```pycon
blocks of the page, in order, as one doctest (from the repository's top, where data/ is);
the ```python blocks, if any, run without error in the same namespace."""
import doctest
import os
import re

import pytest

from conftest import ROOT

PAGE = os.path.join(ROOT, "docs", "python.md")


def blocks(kind):
    with open(PAGE, encoding="utf-8") as f:
        text = f.read()
    return [(text.count("\n", 0, m.start()) + 2, m.group(1))
            for m in re.finditer(r"^```%s\n(.*?)^```" % kind, text, re.S | re.M)]


def test_the_page_has_examples():
    assert len(blocks("pycon")) >= 10


def test_pycon_examples(monkeypatch):
    monkeypatch.chdir(ROOT)
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    namespace = {}
    for line, block in blocks("pycon"):
        test = parser.get_doctest(block, namespace, "docs/python.md", PAGE, line - 1)
        runner.run(test, clear_globs=False)
        namespace = test.globs
    failed, attempted = runner.summarize(verbose=False)
    assert attempted > 20 and failed == 0


def test_python_examples(monkeypatch):
    monkeypatch.chdir(ROOT)
    namespace = {}
    for line, block in blocks("python"):
        exec(compile("\n" * (line - 1) + block, PAGE, "exec"), namespace)
