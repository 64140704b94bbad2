"""Jungle (Dou Shou Qi) for Python: every family (the open game, Flip Jungle,
hidden pieces) through one OpenSpiel-shaped interface, batched self-play in
C++ (VectorGame) and the engine. See docs/python.md."""

from ._jungle import *  # noqa: F401,F403
from ._jungle import __doc__ as _native_doc  # noqa: F401

__all__ = [name for name in dir() if not name.startswith("_")]
