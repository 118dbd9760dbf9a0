"""dance: exact cover with dancing links (Knuth's Algorithm X, with secondary items, colors,
multiplicities and costs), counted and listed on every core by the dance library.

    import dance
    p = dance.Problem.read("data/xc/pent6x10.dlx")
    p.count()                      # 9356
    for solution in p.solutions(max=3):
        print([p.options[i] for i in solution])

docs/python.md in the dance repository is the manual.
"""
import dataclasses
import os
import typing
import warnings
from collections.abc import Sequence

from . import _dance

__all__ = ["Problem", "Options", "Solutions", "Stats", "Estimate", "Error", "ParseError", "library_version",
           "Packing", "PackingCount", "piece_sets", "__version__"]

__version__ = _dance.HEADER_VERSION
COST_MAX = _dance.COST_MAX
Solutions = _dance.Solutions  # the iterator Problem.solutions() returns


def library_version():
    """The version of the dance library compiled into the extension (dlx_version())."""
    return _dance.library_version()


class Error(Exception):
    """What the library refuses to do: a kind of run the problem does not allow (memo=True
    with bounds, engine="bits" with colors, best() with bounds, ...). .message says why."""

    def __init__(self, message):
        super().__init__(message)
        self.message = message


class ParseError(Error, ValueError):
    """Malformed text in Knuth's format: .file, .line and .column (from 1; 0 when they do
    not apply) say where, .message what; str() is "file:line:column: message"."""

    def __init__(self, message, file="", line=0, column=0):
        super().__init__(message)
        self.args = (message, file, line, column)
        self.file, self.line, self.column = file, line, column

    def __str__(self):
        where = [str(x) for x in (self.file, self.line, self.column) if x]
        return ":".join(where + [" " + self.message]) if where else self.message


@dataclasses.dataclass(frozen=True)
class Stats:
    """What the last run found (the library's dlx_result). kind is "count", "memo",
    "solutions", "estimate" or "best"; fields that do not apply to the kind are 0."""
    kind: str
    solutions: int          # solutions found (best: kept); exact beyond 2**64 for memo
    complete: bool          # the whole tree was searched: the count is exact
    nodes: int              # search-tree nodes
    updates: int            # link updates (dancing links)
    bytes: int              # memory the run allocated
    seconds: float          # wall-clock time
    threads: int            # threads that searched
    engine: str             # "dlx" or "bits"
    isa: typing.Optional[str]  # bits: the instruction set of its code ("avx2", ...); else None
    overflow: bool          # the count passed 2**64 - 1 (2**128 - 1 memoized)
    pieces: int             # pieces of the split among threads or shards (0: not split)
    estimate: float         # estimate(): the tree's estimated nodes
    estimate_error: float   # and the standard error of that estimate
    probes: int             # and the random paths followed
    memo_entries: int       # memo: counts stored in the table
    memo_hits: int          # nodes whose count came from the table
    memo_table_bytes: int   # the table's size
    memo_full: bool         # the table filled up


class Estimate(typing.NamedTuple):
    """Knuth's estimate of the search tree: its nodes, the standard error of that figure,
    and the random paths it comes from."""
    nodes: float
    error: float
    probes: int


_dance._register(Error, ParseError, Stats)

_ENGINES = {"auto": 0, "dlx": 1, "bits": 2}
_MAX_THREADS = 1024
_U64 = 2**64


def _count_arg(name, value, least=1, top=_U64 - 1):
    """A whole number least..top, or None (0: no limit)."""
    if value is None:
        return 0
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError("%s must be an int, not %s" % (name, type(value).__name__))
    if not least <= value <= top:
        raise ValueError("%s must be from %d to %d, not %d" % (name, least, top, value))
    return value


def _settings(threads, max, max_nodes, shard, engine):
    """The six settings every run passes to the extension, checked."""
    t = _count_arg("threads", threads, 1, _MAX_THREADS)
    k = n = 0
    if shard is not None:
        if not (isinstance(shard, (tuple, list)) and len(shard) == 2):
            raise TypeError("shard must be a pair (k, n), not %r" % (shard,))
        n = _count_arg("shard count", shard[1], 1, 2**32 - 1)
        k = _count_arg("shard index", shard[0], 0, n - 1)
    if engine not in _ENGINES:
        raise ValueError("engine must be 'auto', 'dlx' or 'bits', not %r" % (engine,))
    return (t, _count_arg("max", max), _count_arg("max_nodes", max_nodes), k, n, _ENGINES[engine])


class Options(Sequence):
    """The options of a problem, a read-only sequence: options[i] is the list of the item
    names of option i, a colored secondary item as "name:color"."""

    def __init__(self, core, n):
        self._core, self._n = core, n

    def __len__(self):
        return self._n

    def __getitem__(self, i):
        if isinstance(i, slice):
            return [self._core._option(k) for k in range(*i.indices(self._n))]
        i = i.__index__()
        if i < 0:
            i += self._n
        if not 0 <= i < self._n:
            raise IndexError("option index out of range")
        return self._core._option(i)

    def __repr__(self):
        return "<dance.Options: %d options>" % self._n


def _names(what, names):
    if isinstance(names, (str, bytes)):
        raise TypeError("%s must be a list of names, not a string" % what)
    names = list(names)
    for n in names:
        if not isinstance(n, str):
            raise TypeError("%s: an item name must be a str, not %s" % (what, type(n).__name__))
    return names


class Problem(_dance.Core):
    """An exact-cover problem: items (primary: covered exactly once; secondary: at most
    once, or by options that agree on a color) and options, each a set of items.

    Problem(items, options, secondary=(), *, costs=None, bounds=None) builds one: items the
    primary item names, options lists of item names (a secondary item may be "x:red" or
    ("x", "red") to give it a color), costs one int per option (Knuth's DLX5), bounds
    {"item": (lo, hi)} for primary items covered lo..hi times (Knuth's MCC).
    Problem.read(path) and Problem.parse(text) read Knuth's format.

    len(problem) is the number of options."""

    def __init__(self, items, options, secondary=(), *, costs=None, bounds=None):
        if getattr(self, "_built", False):
            raise RuntimeError("the problem is built: it cannot change")
        primary, secondary = _names("items", items), _names("secondary", secondary)
        ids = {}
        for name in primary + secondary:
            if name in ids:
                raise ValueError("item %r is named twice" % name)
            ids[name] = self._add_item(name, len(ids) >= len(primary))
        is_secondary = set(secondary)
        n = 0
        if isinstance(options, (str, bytes)):
            raise TypeError("options must be a list of lists of item names")
        for n, option in enumerate(options, 1):
            self._add_option(*self._option_ids(n - 1, option, ids, is_secondary))
        self._set_costs(costs, n)
        self._set_bounds_of(bounds, ids, is_secondary)
        self._finish()

    def _option_ids(self, index, option, ids, is_secondary):
        """(item ids, color ids or None) of one option given by names."""
        if isinstance(option, (str, bytes)) or not isinstance(option, typing.Iterable):
            raise TypeError("option %d must be a list of item names, not %r" % (index, option))
        items, colors, primaries = [], [], 0
        for entry in option:
            if isinstance(entry, tuple) and len(entry) == 2:
                name, color = entry
            elif isinstance(entry, str):
                name, _, color = entry.partition(":")
                color = color if ":" in entry else None
            else:
                raise TypeError("option %d: an item must be a name or (name, color), not %r"
                                % (index, entry))
            if name not in ids:
                raise ValueError("option %d: unknown item %r" % (index, name))
            if name in is_secondary:
                colors.append(0 if color is None else self._color(str(color)))
            elif color is not None:
                raise ValueError("option %d: primary item %r cannot have a color" % (index, name))
            else:
                colors.append(0)
                primaries += 1
            if ids[name] in items:
                raise ValueError("option %d names item %r twice" % (index, name))
            items.append(ids[name])
        if not items:
            raise ValueError("option %d is empty" % index)
        if not primaries:
            raise ValueError("option %d has no primary item" % index)
        return items, colors if any(colors) else None

    def _set_costs(self, costs, n):
        if costs is None:
            return
        costs = list(costs)
        if len(costs) != n:
            raise ValueError("costs: %d given for %d options" % (len(costs), n))
        for i, c in enumerate(costs):
            self._set_cost(i, _count_arg("cost of option %d" % i, c, 0, COST_MAX))

    def _set_bounds_of(self, bounds, ids, is_secondary):
        for name, pair in (bounds or {}).items():
            if name not in ids:
                raise ValueError("bounds: unknown item %r" % (name,))
            if name in is_secondary:
                raise ValueError("bounds: %r is a secondary item; only primary items take bounds"
                                 % name)
            if not (isinstance(pair, (tuple, list)) and len(pair) == 2):
                raise TypeError("bounds of %r must be a pair (lo, hi)" % name)
            lo = _count_arg("lower bound of %r" % name, pair[0], 0, 2**31 - 1)
            hi = _count_arg("upper bound of %r" % name, pair[1], max(lo, 1), 2**31 - 1)
            self._set_bounds(ids[name], lo, hi)

    def _finish(self):
        self._freeze()
        self._built = True
        items, primary, options, *_ = self._sizes()
        self._item_info = [self._item(i) for i in range(items)]
        self._options = Options(self, options)

    # ---- reading Knuth's format

    @classmethod
    def parse(cls, text, name="<string>"):
        """The problem written in Knuth's format in text (a str or bytes); name is the file
        name ParseError gives. An option without a primary item is skipped, as Knuth's
        programs do, with a warning (UserWarning) naming its line."""
        return cls._parse_text(text, name, 3)

    @classmethod
    def _parse_text(cls, text, name, stacklevel):
        if isinstance(text, str):
            text = text.encode("utf-8")
        if not isinstance(text, (bytes, bytearray, memoryview)):
            raise TypeError("text must be a str or bytes, not %s" % type(text).__name__)
        p, notes = cls._parse(text, str(name))
        for line, column, message in notes:
            where = ":".join(str(x) for x in (name, line, column) if x)
            warnings.warn("%s: %s" % (where, message), stacklevel=stacklevel)
        p._finish()
        return p

    @classmethod
    def read(cls, path):
        """The problem in the file at path (a str or os.PathLike), in Knuth's format."""
        with open(path, "rb") as f:
            data = f.read()
        return cls._parse_text(data, os.fsdecode(os.fspath(path)), 3)

    # ---- what it holds

    def __len__(self):
        return len(self._options)

    def __repr__(self):
        items, primary, options, *_ = self._sizes()
        return "<dance.Problem: %d items (%d primary), %d options>" % (items, primary, options)

    @property
    def items(self):
        """Every item's name, primary and secondary, in the order given."""
        return tuple(i[0] for i in self._item_info)

    @property
    def primary(self):
        """The primary items' names."""
        return tuple(i[0] for i in self._item_info if not i[1])

    @property
    def secondary(self):
        """The secondary items' names."""
        return tuple(i[0] for i in self._item_info if i[1])

    @property
    def options(self):
        """The options: options[i] lists the item names of option i."""
        return self._options

    @property
    def costs(self):
        """Each option's cost (all 0 when none was given)."""
        return tuple(self._cost(i) for i in range(len(self._options)))

    @property
    def bounds(self):
        """{item: (lo, hi)} for the primary items covered other than exactly once."""
        return {n: (lo, hi) for n, sec, lo, hi in self._item_info if not sec and (lo, hi) != (1, 1)}

    def format_option(self, i):
        """Option i in Knuth's format, as the command prints it: "a b x:red", and " |7"
        after it when it costs 7."""
        return self._format(range(len(self._options))[i])

    @property
    def stats(self):
        """The last run's Stats (count, solutions, estimate, best), or None before any."""
        last = self._last
        return None if last is None else Stats(**last)

    # ---- runs

    def count(self, *, threads=None, max=None, max_nodes=None, shard=None, engine="auto",
              memo=False, max_memory=None, memo_order="fewest"):
        """The number of solutions, an int. threads: how many search (default: every core,
        one for a tiny search); max: stop after that many solutions; max_nodes: after about
        that many nodes; shard=(k, n): count part k of n; engine: "auto", "dlx" or "bits";
        memo=True: memoized counting (exact past 2**64; max_memory bytes for its table,
        default 1 GiB; memo_order="first" branches on the first item not covered, in the
        order the items were given, rather than on one with the fewest options: the way to
        count tilings whose cells come along a narrow frontier). A count ended by a limit is
        a lower bound: self.stats.complete says."""
        s = _settings(threads, max, max_nodes, shard, engine)
        if memo_order not in ("fewest", "first"):
            raise ValueError('memo_order must be "fewest" or "first", not %r' % (memo_order,))
        if memo:
            return self._count_memo(*s, _count_arg("max_memory", max_memory, 1, 2**63 - 1),
                                    1 if memo_order == "first" else 0)
        if max_memory is not None:
            raise ValueError("max_memory is for memo=True")
        if memo_order != "fewest":
            raise ValueError("memo_order is for memo=True")
        return self._count(*s)

    def solutions(self, *, threads=None, max=None, max_nodes=None, shard=None, engine="auto"):
        """An iterator over the solutions, each a list of option indices in the order the
        search chose them. With threads=1 they come in the order of the search (the order of
        `dance xc --print -t 1`); with more, in any order. Leaving the loop, close(), or the
        end of a `with` block stops the search; .stats then describes the run."""
        return self._solutions(*_settings(threads, max, max_nodes, shard, engine))

    def estimate(self, probes=1000, *, seed=1, threads=None, max_nodes=None, engine="auto"):
        """Knuth's estimate of the search tree's size from `probes` random paths (seed picks
        them; the same seed gives the same figures): an Estimate(nodes, error, probes)."""
        p = _count_arg("probes", probes)
        sd = _count_arg("seed", seed, 0)
        self._estimate(*_settings(threads, None, max_nodes, None, engine), p, sd)
        last = self._last
        return Estimate(last["estimate"], last["estimate_error"], last["probes"])

    def best(self, k=1, *, threads=None, max_nodes=None, shard=None):
        """The k cheapest solutions by the options' costs, cheapest first: a list of
        (cost, [option indices])."""
        k = _count_arg("k", k, 1, 2**31 - 1)
        return self._best(*_settings(threads, None, max_nodes, shard, "auto"), k)


# ---- packings of polycubes and polyominoes, as `dance cube` packs them

class PackingCount(typing.NamedTuple):
    """What Packing.count() found: the packings up to the box's rotations (solutions, as
    `dance cube` counts them), the covers in all (every packing, each rotation its own),
    the solutions that are their own mirror image (with reflections=True), whether the
    search was complete, its nodes and seconds."""
    solutions: int
    covers: int
    self_mirror: int
    complete: bool
    nodes: int
    seconds: float


def _pieces_dir():
    """Where the piece sets that come with dance are: DANCE_PIECES, or the package's own."""
    return os.environ.get("DANCE_PIECES") or os.path.join(os.path.dirname(__file__), "pieces")


def piece_sets():
    """The names of the piece sets that come with dance (bedlam, pentominoes, soma, ...)."""
    folder = _pieces_dir()
    try:
        return sorted(f[:-4] for f in os.listdir(folder) if f.endswith(".txt"))
    except OSError:
        return []


def _piece_text(pieces):
    """(text, name) of a set's name, a piece file's path or piece text."""
    if isinstance(pieces, os.PathLike) or (isinstance(pieces, str) and os.path.isfile(pieces)):
        with open(pieces, "rb") as f:
            return f.read(), os.fsdecode(os.fspath(pieces))
    if isinstance(pieces, bytes):
        return pieces, "<pieces>"
    if not isinstance(pieces, str):
        raise TypeError("pieces must be a set's name, a file's path or piece text, not %s"
                        % type(pieces).__name__)
    if "\n" in pieces:
        return pieces.encode("utf-8"), "<pieces>"
    path = os.path.join(_pieces_dir(), pieces + ".txt")
    if not os.path.isfile(path):
        raise ValueError("no piece set named %r in %s (the sets: %s); or give a file or piece text"
                         % (pieces, _pieces_dir(), ", ".join(piece_sets()) or "none"))
    with open(path, "rb") as f:
        return f.read(), pieces


class Packing:
    """A set of pieces packed into a box or a region, each piece once (or at most once, if
    optional), counted as `dance cube` counts it: once up to the rotations of the box (the
    solutions), and every cover in all.

    Packing(pieces, *, box=None, region=None, copies=None, optional=False, mirror=False,
    reflections=False, hold="auto"): pieces a set's name (piece_sets()), a piece file's path
    or its text (docs/formats.md); box=(x, y, z) or (x, y) the box to fill, region a file
    drawing the region; copies: every piece taken N times (an int), or (A, B): B copies of
    each, at least A of them used (as 'xN' and 'xA..B' in a piece file); optional: every
    piece may be left out; mirror: pieces may be placed as their mirror images; reflections:
    count up to reflections of the box too; hold: the piece held to one placement per
    symmetry class ("auto", "none" or a name).
    Packing(library="pentominoes", box=...) packs a generated library instead (monomino,
    domino, trominoes, tetrominoes, pentominoes, hexominoes, heptominoes, tetracubes,
    pentacubes)."""

    def __init__(self, pieces=None, *, box=None, region=None, library=None, copies=None,
                 optional=False, mirror=False, reflections=False, hold="auto"):
        if (pieces is None) == (library is None):
            raise TypeError("give pieces (a set's name, a file or text) or library=, not both")
        text, name = (None, library) if library is not None else _piece_text(pieces)
        if library is not None and not isinstance(library, str):
            raise TypeError("library must be a str, not %s" % type(library).__name__)
        if box is not None and not (isinstance(box, (tuple, list)) and len(box) in (2, 3)):
            raise TypeError("box must be (x, y) or (x, y, z), not %r" % (box,))
        if region is not None:
            region = os.fsdecode(os.fspath(region))
        if not isinstance(hold, str):
            raise TypeError("hold must be 'auto', 'none' or a piece's name")
        self._core = _dance.PackingCore(text, name, library,
                                        None if box is None else tuple(box), region,
                                        bool(optional), bool(mirror), bool(reflections), hold,
                                        copies)
        self.name = name
        info = self._core.info()
        self.pieces = info["pieces"]
        self.box = info["box"]
        self.cells = info["cells"]
        self.symmetries = info["symmetries"]
        self.held = info["held"]

    def __repr__(self):
        return "<dance.Packing: %s, %d pieces in %s>" % (
            self.name, len(self.pieces), "x".join(str(s) for s in self.box))

    def count(self, *, threads=None, max=None):
        """A PackingCount: the solutions (up to the box's rotations), the covers in all, and
        whether the search was complete. threads: how many search (default: every core);
        max: stop after that many solutions (the count is then not complete)."""
        t = _count_arg("threads", threads, 1, _MAX_THREADS)
        return PackingCount(*self._core.count(t, _count_arg("max", max)))

    def solutions(self, *, threads=None, max=None):
        """An iterator over the solutions, one drawing of each (a str): the layers of
        letters that `dance cube --print` shows, top layer first. With threads=1 they come
        in the command's order; with more, in any order. close() or leaving the loop stops
        the search."""
        t = _count_arg("threads", threads, 1, _MAX_THREADS)
        return self._core.solutions(t, _count_arg("max", max))

    def problem(self):
        """The exact-cover matrix the packing is searched as, a Problem (its covers are the
        packings, every rotation its own, with the held piece's placements cut to one per
        symmetry class)."""
        return Problem.parse(self._core.matrix_text(), name=str(self.name))
