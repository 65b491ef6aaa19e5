from . import native

__version__ = "0.1.0"

native.install()  # the engine's compiled modules, when installed and fresh (native.py)
