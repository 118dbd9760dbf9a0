# Type stubs of the dance package (the pure-Python layer over dance._dance).
import os
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from types import TracebackType
from typing import Literal, NamedTuple, Optional, Tuple, Type, Union, overload

__version__: str
COST_MAX: int

def library_version() -> str: ...

class Error(Exception):
    message: str
    def __init__(self, message: str) -> None: ...

class ParseError(Error, ValueError):
    file: str
    line: int
    column: int
    def __init__(self, message: str, file: str = ..., line: int = ..., column: int = ...) -> None: ...

@dataclass(frozen=True)
class Stats:
    kind: str
    solutions: int
    complete: bool
    nodes: int
    updates: int
    bytes: int
    seconds: float
    threads: int
    engine: str
    isa: str | None
    overflow: bool
    pieces: int
    estimate: float
    estimate_error: float
    probes: int
    memo_entries: int
    memo_hits: int
    memo_table_bytes: int
    memo_full: bool

class Estimate(NamedTuple):
    nodes: float
    error: float
    probes: int

class Options(Sequence[list[str]]):
    def __len__(self) -> int: ...
    @overload
    def __getitem__(self, i: int) -> list[str]: ...
    @overload
    def __getitem__(self, i: slice) -> list[list[str]]: ...

class Solutions(Iterator[list[int]]):
    @property
    def stats(self) -> Optional[Stats]: ...
    def __next__(self) -> list[int]: ...
    def __iter__(self) -> Solutions: ...
    def close(self) -> None: ...
    def __enter__(self) -> Solutions: ...
    def __exit__(self, t: Optional[Type[BaseException]], v: Optional[BaseException],
                 tb: Optional[TracebackType]) -> None: ...

Item = Union[str, Tuple[str, str]]
Engine = str  # "auto", "dlx" or "bits"

class Problem:
    def __init__(self, items: Iterable[str], options: Iterable[Iterable[Item]],
                 secondary: Iterable[str] = ..., *, costs: Optional[Iterable[int]] = ...,
                 bounds: Optional[Mapping[str, Tuple[int, int]]] = ...) -> None: ...
    @classmethod
    def parse(cls, text: Union[str, bytes], name: str = ...) -> Problem: ...
    @classmethod
    def read(cls, path: Union[str, bytes, os.PathLike[str], os.PathLike[bytes]]) -> Problem: ...
    def __len__(self) -> int: ...
    @property
    def items(self) -> Tuple[str, ...]: ...
    @property
    def primary(self) -> Tuple[str, ...]: ...
    @property
    def secondary(self) -> Tuple[str, ...]: ...
    @property
    def options(self) -> Options: ...
    @property
    def costs(self) -> Tuple[int, ...]: ...
    @property
    def bounds(self) -> dict[str, Tuple[int, int]]: ...
    def format_option(self, i: int) -> str: ...
    @property
    def stats(self) -> Optional[Stats]: ...
    def count(self, *, threads: Optional[int] = ..., max: Optional[int] = ...,
              max_nodes: Optional[int] = ..., shard: Optional[Tuple[int, int]] = ...,
              engine: Engine = ..., memo: bool = ..., max_memory: Optional[int] = ...,
              memo_order: Literal["fewest", "first"] = ...) -> int: ...
    def solutions(self, *, threads: Optional[int] = ..., max: Optional[int] = ...,
                  max_nodes: Optional[int] = ..., shard: Optional[Tuple[int, int]] = ...,
                  engine: Engine = ...) -> Solutions: ...
    def estimate(self, probes: int = ..., *, seed: int = ..., threads: Optional[int] = ...,
                 max_nodes: Optional[int] = ..., engine: Engine = ...) -> Estimate: ...
    def best(self, k: int = ..., *, threads: Optional[int] = ..., max_nodes: Optional[int] = ...,
             shard: Optional[Tuple[int, int]] = ...) -> list[Tuple[int, list[int]]]: ...


class PackingCount(NamedTuple):
    solutions: int
    covers: int
    self_mirror: int
    complete: bool
    nodes: int
    seconds: float


def piece_sets() -> list[str]: ...


class Packing:
    name: str
    pieces: Tuple[str, ...]
    box: Tuple[int, int, int]
    cells: int
    symmetries: int
    held: Optional[str]
    def __init__(self, pieces: Union[str, bytes, os.PathLike[str], None] = ..., *,
                 box: Optional[Union[Tuple[int, int], Tuple[int, int, int]]] = ...,
                 region: Union[str, os.PathLike[str], None] = ..., library: Optional[str] = ...,
                 copies: Union[int, Tuple[int, int], None] = ..., optional: bool = ...,
                 mirror: bool = ..., reflections: bool = ..., hold: str = ...) -> None: ...
    def count(self, *, threads: Optional[int] = ..., max: Optional[int] = ...) -> PackingCount: ...
    def solutions(self, *, threads: Optional[int] = ...,
                  max: Optional[int] = ...) -> Iterator[str]: ...
    def problem(self) -> Problem: ...
