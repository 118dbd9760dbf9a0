"""Builds dance._dance: the extension's C sources (src/*.c) compiled together with the
library's (../dlx/*.c, the repository's dlx/ folder beside this one), which it uses through
the public header dlx.h only. The version is the header's DLX_VERSION_STRING."""
import glob
import os
import re
import sys

from setuptools import Extension, setup

HERE = os.path.dirname(os.path.abspath(__file__))
DLX = os.path.join(HERE, "..", "dlx")


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
    sources=relative(glob.glob(os.path.join(HERE, "src", "*.c"))) + relative(dlx_sources),
    include_dirs=[os.path.relpath(DLX, HERE), "src"],
    depends=relative(glob.glob(os.path.join(HERE, "src", "*.h")) + glob.glob(os.path.join(DLX, "*.h"))),
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
    zip_safe=False,
)
