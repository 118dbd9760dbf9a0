"""Builds dance._dance: the extension's C sources (src/*.c) compiled together with the
library's (../dlx/*.c, the repository's dlx/ folder beside this one), which dance.Problem uses
through the public header dlx.h only, and with the polycube model of ../models/ behind
dance.Packing. The piece sets of ../cube_pieces/ go into the package (dance/pieces/). The
version is the header's DLX_VERSION_STRING."""
import glob
import shutil
import os
import re
import sys
from concurrent.futures import ThreadPoolExecutor

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

HERE = os.path.dirname(os.path.abspath(__file__))
DLX = os.path.join(HERE, "..", "dlx")
MODELS = os.path.join(HERE, "..", "models")
PIECES = os.path.join(HERE, "..", "cube_pieces")
# The polycube model and what it reads and draws with: the models dance.Packing wraps.
MODEL_SOURCES = ["polycube.c", "polycube_read.c", "polycube_render.c", "polycube_library.c",
                 "lines.c", "svg.c"]


def relative(paths):
    """Paths relative to this folder, as setuptools wants them, in a stable order."""
    return sorted(os.path.relpath(p, HERE) for p in paths)


def library_sources():
    header = os.path.join(DLX, "dlx.h")
    sources = glob.glob(os.path.join(DLX, "*.c"))
    if not os.path.isfile(header) or not sources:
        sys.exit("setup.py: the dance library's sources are not at %s: build from the dance "
                 "repository, where python/ and dlx/ are side by side" % os.path.normpath(DLX))
    return header, sources


def model_sources():
    sources = [os.path.join(MODELS, f) for f in MODEL_SOURCES]
    missing = [f for f in sources + [PIECES] if not os.path.exists(f)]
    if missing:
        sys.exit("setup.py: %s not found: build from the dance repository, where python/, "
                 "models/ and cube_pieces/ are side by side" % os.path.normpath(missing[0]))
    return sources


class build_py_with_pieces(build_py):
    """The package's Python files, and the piece sets that come with dance as dance/pieces/."""

    def run(self):
        super().run()
        target = os.path.join(self.build_lib, "dance", "pieces")
        os.makedirs(target, exist_ok=True)
        for f in sorted(glob.glob(os.path.join(PIECES, "*.txt"))):
            shutil.copy(f, target)


class build_ext_side_by_side(build_ext):
    """The extension's C files compiled side by side, one compiler a processor, where
    setuptools compiles them one after another (the AVX-512 copy of the search loop alone
    takes a while). The objects come back in the sources' order, so the link is the same."""

    def build_extension(self, ext):
        compile_one = self.compiler.compile
        jobs = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()

        def compile_all(sources, *args, **kwargs):
            # the objects' folders first: one compile alone makes its own, but side by side
            # ../dlx/x.o's can come before the folder that their ".." goes through exists
            out = kwargs.get("output_dir", args[0] if args else None)
            for obj in self.compiler.object_filenames(sources, output_dir=out):
                os.makedirs(os.path.dirname(obj) or ".", exist_ok=True)
            with ThreadPoolExecutor(jobs or 1) as pool:
                parts = list(pool.map(lambda s: compile_one([s], *args, **kwargs), sources))
            return [obj for objs in parts for obj in objs]

        self.compiler.compile = compile_all
        try:
            super().build_extension(ext)
        finally:
            del self.compiler.compile


def header_version(header):
    with open(header, encoding="utf-8") as f:
        m = re.search(r'^#define DLX_VERSION_STRING "([^"]+)"', f.read(), re.M)
    if not m:
        sys.exit("setup.py: no DLX_VERSION_STRING in %s" % header)
    return m.group(1)


os.chdir(HERE)  # setuptools resolves the relative paths from here
header, dlx_sources = library_sources()
extension = Extension(
    "dance._dance",
    sources=relative(glob.glob(os.path.join(HERE, "src", "*.c"))) + relative(dlx_sources) +
    relative(model_sources()),
    include_dirs=[os.path.relpath(DLX, HERE), os.path.relpath(MODELS, HERE), "src"],
    depends=relative(glob.glob(os.path.join(HERE, "src", "*.h")) + glob.glob(os.path.join(DLX, "*.h")) +
                     glob.glob(os.path.join(MODELS, "*.h"))),
    extra_compile_args=["-std=c17", "-D_POSIX_C_SOURCE=200809L", "-O3", "-fvisibility=hidden",
                        "-Wall", "-Wextra", "-pthread"],
    extra_link_args=["-pthread"],
    libraries=["m"],
)

setup(
    version=header_version(header),
    packages=["dance"],
    package_data={"dance": ["py.typed", "*.pyi"]},
    ext_modules=[extension],
    cmdclass={"build_py": build_py_with_pieces, "build_ext": build_ext_side_by_side},
    zip_safe=False,
)
