"""A PEP 517 build backend for the tabulate Python package, standard library
only, so that `pip install ./python` works offline: it writes a wheel (a zip
of the package and its .dist-info) and nothing else."""

import base64
import hashlib
import os
import zipfile

NAME, DIST, VERSION = "tabulate", "tabulate_games", "0.1.0"
HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

METADATA = f"""Metadata-Version: 2.1
Name: tabulate-games
Version: {VERSION}
Summary: Run the tabulate binary (impartial combinatorial games) and read its tables
Requires-Python: >=3.9
Provides-Extra: pandas
Requires-Dist: pandas; extra == "pandas"
Requires-Dist: numpy; extra == "pandas"
Provides-Extra: parquet
Requires-Dist: pyarrow; extra == "parquet"
"""

WHEEL = """Wheel-Version: 1.0
Generator: tabulate_build
Root-Is-Purelib: true
Tag: py3-none-any
"""


def _files():
    src = os.path.join(HERE, NAME)
    for name in sorted(os.listdir(src)):
        if name.endswith(".py"):
            with open(os.path.join(src, name), "rb") as f:
                yield f"{NAME}/{name}", f.read()


def _record_line(path, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{path},sha256={digest},{len(data)}"


def _write_wheel(directory, editable=False):
    info = f"{DIST}-{VERSION}.dist-info"
    wheel = f"{DIST}-{VERSION}-py3-none-any.whl"
    entries = [(f"{DIST}.pth", (HERE + "\n").encode())] if editable else list(_files())
    entries += [(f"{info}/METADATA", METADATA.encode()), (f"{info}/WHEEL", WHEEL.encode())]
    record = [_record_line(p, d) for p, d in entries] + [f"{info}/RECORD,,"]
    with zipfile.ZipFile(os.path.join(directory, wheel), "w", zipfile.ZIP_DEFLATED) as z:
        for path, data in entries:
            z.writestr(path, data)
        z.writestr(f"{info}/RECORD", "\n".join(record) + "\n")
    return wheel


def get_requires_for_build_wheel(config_settings=None):
    return []


def get_requires_for_build_editable(config_settings=None):
    return []


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    return _write_wheel(wheel_directory)


def build_editable(wheel_directory, config_settings=None, metadata_directory=None):
    return _write_wheel(wheel_directory, editable=True)
