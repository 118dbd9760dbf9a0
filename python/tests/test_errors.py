"""Bad input raises exceptions that say what and where: ParseError with file, line and
column for malformed text, OSError for a missing file, TypeError and ValueError for bad
arguments, dance.Error for runs the problem does not allow. Nothing crashes."""
import pathlib

import pytest

import dance
from conftest import data


@pytest.mark.parametrize("text,line,column,message", [
    ("a b\na q\n", 2, 3, "unknown item 'q'"),
    ("a b\na a\n", 2, 3, "item 'a' twice in one option"),
    ("", 1, 1, "no item line (expected the primary items)"),
    ("| a comment only\n", 2, 1, "no item line (expected the primary items)"),
    ("a b | x\nx:red a\nb x:\n", 3, 3, "empty color after 'x:'"),
    ("a a\n", 1, 3, "item 'a' declared twice"),
    ("a b\na:red\n", 2, 1, "color on primary item 'a'"),
])
def test_parse_errors(text, line, column, message):
    with pytest.raises(dance.ParseError) as e:
        dance.Problem.parse(text, name="bad.dlx")
    x = e.value
    assert (x.file, x.line, x.column, x.message) == ("bad.dlx", line, column, message)
    assert str(x) == "bad.dlx:%d:%d: %s" % (line, column, message)
    assert isinstance(x, ValueError) and isinstance(x, dance.Error)


def test_parse_error_of_a_file(tmp_path):
    path = tmp_path / "broken.dlx"
    path.write_text("a b | c\na b\nb c d\n")
    with pytest.raises(dance.ParseError) as e:
        dance.Problem.read(path)
    assert str(e.value) == "%s:3:5: unknown item 'd'" % path


def test_missing_file():
    with pytest.raises(FileNotFoundError) as e:
        dance.Problem.read("no/such/file.dlx")
    assert e.value.filename == "no/such/file.dlx"


def test_pathlike_and_bytes():
    p = dance.Problem.read(pathlib.Path(data("queens12.dlx")))
    assert p.count() == 14200
    assert dance.Problem.parse(b"a b\na b\n").count() == 1


def test_a_skipped_option_warns():
    with pytest.warns(UserWarning, match=r"^c\.dlx:2:1: option has no primary item; skipped$"):
        p = dance.Problem.parse("a | x\nx\na\n", name="c.dlx")
    assert len(p) == 1


@pytest.mark.parametrize("args,kw,kind,message", [
    ("abc", [["a"]], TypeError, "items must be a list of names, not a string"),
    (["a", 3], [["a"]], TypeError, "items: an item name must be a str, not int"),
    (["a", "a"], [["a"]], ValueError, "item 'a' is named twice"),
    (["a"], [["a", "b"]], ValueError, "option 0: unknown item 'b'"),
    (["a"], [["a"], []], ValueError, "option 1 is empty"),
    (["a"], [["a", "a"]], ValueError, "option 0 names item 'a' twice"),
    (["a"], [["x"]], ValueError, "option 0 has no primary item"),
    (["a"], [["a:red"]], ValueError, "option 0: primary item 'a' cannot have a color"),
    (["a b"], [["a b"]], ValueError,
     "item 'a b': a name must have 1 to 32 bytes, without blanks, ':' or '|'"),
    (["a"], [["a", "x:r d"]], ValueError,
     "color 'r d': a name must have 1 to 32 bytes, without blanks, ':' or '|'"),
    (["a" * 33], [["a" * 33]], ValueError, "item '%s': a name must have 1 to 32 bytes" % ("a" * 33)),
    (["a"], ["a"], TypeError, "option 0 must be a list of item names, not 'a'"),
    (["a"], [["a", 5]], TypeError, "option 0: an item must be a name or (name, color), not 5"),
])
def test_bad_problems(args, kw, kind, message):
    with pytest.raises(kind) as e:
        dance.Problem(args, kw, secondary=["x"] if "x" not in args else [])
    assert str(e.value).startswith(message)


def test_bad_costs_and_bounds():
    with pytest.raises(ValueError, match="costs: 1 given for 2 options"):
        dance.Problem(["a"], [["a"], ["a"]], costs=[1])
    with pytest.raises(ValueError, match="cost of option 0 must be from 0 to 999999999999"):
        dance.Problem(["a"], [["a"]], costs=[-1])
    with pytest.raises(ValueError, match="bounds: 'x' is a secondary item"):
        dance.Problem(["a"], [["a"]], ["x"], bounds={"x": (0, 1)})
    with pytest.raises(ValueError, match="bounds: unknown item 'q'"):
        dance.Problem(["a"], [["a"]], bounds={"q": (0, 1)})
    with pytest.raises(ValueError, match="upper bound of 'a' must be from 2 to"):
        dance.Problem(["a"], [["a"]], bounds={"a": (2, 1)})


@pytest.mark.parametrize("kw,kind,message", [
    ({"threads": 0}, ValueError, "threads must be from 1 to 1024, not 0"),
    ({"threads": "2"}, TypeError, "threads must be an int, not str"),
    ({"max": -1}, ValueError, "max must be from 1 to 18446744073709551615, not -1"),
    ({"max_nodes": 2**64}, ValueError, "max_nodes must be from 1 to"),
    ({"shard": (3, 3)}, ValueError, "shard index must be from 0 to 2, not 3"),
    ({"shard": 3}, TypeError, "shard must be a pair (k, n), not 3"),
    ({"engine": "fast"}, ValueError, "engine must be 'auto', 'dlx' or 'bits', not 'fast'"),
    ({"max_memory": 10}, ValueError, "max_memory is for memo=True"),
    ({"bogus": 1}, TypeError, "Problem.count() got an unexpected keyword argument 'bogus'"),
])
def test_bad_settings(kw, kind, message):
    p = dance.Problem(["a"], [["a"]])
    with pytest.raises(kind) as e:
        p.count(**kw)
    assert str(e.value).startswith(message)


def test_runs_the_problem_does_not_allow():
    colored = dance.Problem(["a"], [["a", "x:red"]], ["x"])
    with pytest.raises(dance.Error, match="engine"):
        colored.count(engine="bits")
    bounded = dance.Problem(["a"], [["a"]], bounds={"a": (0, 1)})
    with pytest.raises(dance.Error):
        bounded.best(2)
    with pytest.raises(dance.Error):
        bounded.count(memo=True)


def test_a_built_problem_does_not_change():
    p = dance.Problem(["a"], [["a"]])
    with pytest.raises(RuntimeError, match="cannot change"):
        p.__init__(["b"], [["b"]])
    with pytest.raises(RuntimeError, match="cannot change"):
        p._add_item("c", False)
    assert p.items == ("a",) and p.count() == 1


def test_options_sequence():
    p = dance.Problem(["a", "b"], [["a", ("x", "red")], ["b", "x:red"], ["a", "b", "x"]], ["x"])
    assert len(p.options) == len(p) == 3
    assert p.options[0] == ["a", "x:red"] and p.options[-1] == ["a", "b", "x"]
    assert p.options[1:] == [["b", "x:red"], ["a", "b", "x"]]
    with pytest.raises(IndexError):
        p.options[3]
    assert p.format_option(2) == "a b x"
    assert (p.items, p.primary, p.secondary) == (("a", "b", "x"), ("a", "b"), ("x",))
    assert p.count() == 2 and sorted(map(sorted, p.solutions())) == [[0, 1], [2]]
