"""pip builds the package with setuptools (pyproject.toml); this adds ``library.lua``,
the function library composed from the repository's ``lua/`` folder (treelock/composer.py)."""

import importlib.util
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
LUA = HERE.parent.parent / "lua"


def compose() -> bytes:
    # Loaded by path: importing the package would need its dependencies at build time.
    spec = importlib.util.spec_from_file_location("treelock_composer", HERE / "treelock" / "composer.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    if not (LUA / "common.lua").is_file():
        raise SystemExit(f"treelock: cannot compose the function library: no {LUA / 'common.lua'} "
                         "(build the package from a checkout of the repository)")
    return module.compose(LUA)


class BuildWithLibrary(build_py):
    def run(self) -> None:
        super().run()
        target = Path(self.build_lib) / "treelock" / "library.lua"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(compose())


setup(cmdclass={"build_py": BuildWithLibrary})
