"""Builds the extension jungle._jungle with the project's own CMake.

pyproject.toml holds the metadata; this file only replaces setuptools'
compiler with CMake (python/CMakeLists.txt), building the one target
_jungle in build/python so that a second install is incremental, and
through ccache when the top CMakeLists.txt finds it. Nothing is fetched.
"""

import os
import shutil
import subprocess
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = os.path.dirname(os.path.abspath(__file__))


class CMakeBuild(build_ext):
    def build_extension(self, ext):
        out_dir = os.path.dirname(os.path.abspath(self.get_ext_fullpath(ext.name)))
        build_dir = os.environ.get("JUNGLE_PYTHON_BUILD_DIR", os.path.join(ROOT, "build", "python"))
        args = [
            "cmake",
            "-S", ROOT,
            "-B", build_dir,
            "-DCMAKE_BUILD_TYPE=Release",
            "-DCMAKE_UNITY_BUILD=ON",
            "-DJUNGLE_PYTHON=ON",
            "-DJUNGLE_TESTS=OFF",
            "-DJUNGLE_MICROBENCH=OFF",
            "-DPython3_EXECUTABLE=" + sys.executable,
            "-DJUNGLE_PYTHON_OUTPUT_DIR=" + out_dir,
        ]
        if shutil.which("ninja"):
            args += ["-G", "Ninja"] if not os.path.exists(os.path.join(build_dir, "CMakeCache.txt")) else []
        subprocess.check_call(args)
        jobs = os.environ.get("CMAKE_BUILD_PARALLEL_LEVEL", str(os.cpu_count() or 1))
        subprocess.check_call(["cmake", "--build", build_dir, "--target", "_jungle", "--parallel", jobs])


setup(ext_modules=[Extension("jungle._jungle", sources=[])], cmdclass={"build_ext": CMakeBuild})
