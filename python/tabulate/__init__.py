"""Python entry point to tabulate, a batch tool for impartial combinatorial
games: runs the tabulate binary and returns its answers and tables.

    import tabulate
    g = tabulate.grundy("0.77", 10**6)           # Kayles: g(0..10^6)
    a = tabulate.solve("kayles", 10**12)         # a dict, as solve --json
    df = tabulate.read("out", "squares", "grundy")

The binary is $TABULATE, else `tabulate` on the PATH (build it with
`go build -o tabulate ./cmd/tabulate`). Standard library only; with pandas
(and numpy) read returns a DataFrame and grundy a numpy array; read takes
the Parquet file when pyarrow is installed, else the CSV beside it with
the Parquet file's column types (int32 stays int32, a nullable integer is
pandas' Int64, a list column is a list)."""

import csv
import json
import os
import shutil
import subprocess
import tempfile

from . import _parquet

__all__ = ["TabulateError", "binary", "run", "solve", "grundy", "read"]


class TabulateError(RuntimeError):
    """The binary exited with a failure: its status and standard error."""

    def __init__(self, args, status, stderr):
        super().__init__(f"tabulate {' '.join(args)}: exit status {status}: {stderr.strip()}")
        self.status, self.stderr = status, stderr


def binary():
    """The path of the tabulate binary: $TABULATE, else tabulate on the PATH."""
    path = os.environ.get("TABULATE") or shutil.which("tabulate")
    if not path:
        raise FileNotFoundError("no tabulate binary: set TABULATE to its path, or put it on the PATH "
                                "(go build -o tabulate ./cmd/tabulate)")
    return path


def run(*args):
    """Runs tabulate with args and returns its standard output; a failure
    raises TabulateError with its standard error."""
    args = [str(a) for a in args]
    p = subprocess.run([binary(), *args], capture_output=True, text=True)
    if p.returncode != 0:
        raise TabulateError(args, p.returncode, p.stderr)
    return p.stdout


def solve(game, *position, misere=False, from_=None, config=None, max_seconds=None, max_moves=None):
    """Answers one position, as tabulate solve --json prints it: a dict with
    game, position, grundy, win, outcome, winning_moves, ... Heaps may be
    ints of any size below 2^63 (solve("wythoff", 3, 10**15))."""
    args = ["solve", "--json", "-q"]
    if misere:
        args.append("--misere")
    if from_ is not None:
        args += ["--from", os.fspath(from_)]
    if config is not None:
        args += ["--config", os.fspath(config)]
    if max_seconds is not None:
        args += ["--max-seconds", max_seconds]
    if max_moves is not None:
        args += ["--max-moves", max_moves]
    return json.loads(run(*args, game, *position))


def _spec(game, family):
    return game if ":" in game or family is None else f"{family}:{game}"


def _folder_name(spec):
    """The folder tabulate run --game gives a game (games.SpecName)."""
    out = []
    for ch in spec.lower():
        if ch.isascii() and (ch.isalnum() or ch in "-_"):
            out.append(ch)
        elif ch in ":,":
            out.append("-")
        else:
            out.append("_")
    return "".join(out)


def grundy(game, max, family="octal", out=None):
    """Returns g(0..max) of a heap game by tabulate run --game: an octal
    code or name ("0.77", "kayles"), or FAMILY:RULES ("subtraction:1,3,4",
    family ignored). A numpy int32 array with numpy, else a list. out keeps
    the run's folder (else a temporary one is removed)."""
    spec = _spec(game, family)
    with tempfile.TemporaryDirectory() as tmp:
        folder = os.fspath(out) if out is not None else os.path.join(tmp, "out")
        run("run", "-q", "--game", spec, "--max", max, "--formats", "csv,parquet", "--plots", "", "--out", folder)
        table = read(folder, _folder_name(spec), "grundy")
        if hasattr(table, "columns"):
            return table["grundy"].to_numpy()
        return [row["grundy"] for row in table]


def _convert(kind, optional):
    def conv(text):
        if text == "" and (optional or kind != "string"):
            return None
        if kind in ("int32", "int64"):
            return int(text)
        if kind in ("float32", "float64"):
            return float(text)
        if kind == "bool":
            return text == "true"
        if kind == "list":
            return json.loads(text)
        return text
    return conv


def read(out, game, table, engine=None):
    """Reads the table GAME/TABLE of the run folder out: a pandas DataFrame
    when pandas is installed (from the Parquet file when pyarrow is, else
    from the CSV with the Parquet file's column types), else a list of
    dicts from the CSV. engine "csv" or "parquet" forces one."""
    base = os.path.join(os.fspath(out), game, table)
    parquet, csv_path = base + ".parquet", base + ".csv"
    try:
        import pandas as pd
    except ImportError:
        pd = None
    if pd is not None and engine != "csv" and os.path.exists(parquet):
        try:
            import pyarrow  # noqa: F401
            return pd.read_parquet(parquet)
        except ImportError:
            if engine == "parquet":
                raise
    if not os.path.exists(csv_path):
        raise FileNotFoundError(f"{csv_path}: no CSV (run tabulate with --formats csv,parquet); "
                                "reading the Parquet file needs pyarrow")
    columns = _parquet.schema(parquet) if os.path.exists(parquet) else []
    kinds = {name: (kind, optional) for name, kind, optional in columns}
    if pd is None:
        with open(csv_path, newline="") as f:
            rows = list(csv.DictReader(f))
        convs = {c: _convert(*kinds.get(c, ("string", False))) for c in (rows[0] if rows else {})}
        return [{c: convs[c](v) for c, v in row.items()} for row in rows]
    dtype, converters = {}, {}
    for name, (kind, optional) in kinds.items():
        if kind == "list":
            converters[name] = json.loads
        elif kind == "string":
            dtype[name] = str
        elif kind in ("int32", "int64"):
            dtype[name] = {"int32": "Int32", "int64": "Int64"}[kind] if optional else kind
        elif kind == "bool":
            dtype[name] = "boolean" if optional else bool
        else:
            dtype[name] = kind
    return pd.read_csv(csv_path, dtype=dtype, converters=converters, keep_default_na=False,
                       na_values={c: [""] for c, (k, o) in kinds.items() if o and k != "string"})
