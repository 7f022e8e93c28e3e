"""Tests of the tabulate Python package against the binary ($TABULATE or
tabulate on the PATH): values from a plain mex written here, the tables'
types from the Parquet schema. Run: python3 -m unittest discover python/tests"""

import os
import tempfile
import unittest

import tabulate

try:
    import pandas as pd
except ImportError:
    pd = None


def plain_kayles(n):
    """g(0..n) of Kayles: knock down one pin or two adjacent pins of a row."""
    g = [0] * (n + 1)
    for h in range(1, n + 1):
        seen = set()
        for k in (1, 2):
            for a in range(0, h - k + 1):
                seen.add(g[a] ^ g[h - k - a])
        while g[h] in seen:
            g[h] += 1
    return g


def plain_subtraction(s, n):
    g = [0] * (n + 1)
    for h in range(1, n + 1):
        seen = {g[h - k] for k in s if k <= h}
        while g[h] in seen:
            g[h] += 1
    return g


class TestTabulate(unittest.TestCase):
    def test_grundy(self):
        want = plain_kayles(300)
        for game in ("0.77", "kayles"):
            got = [int(v) for v in tabulate.grundy(game, 300)]
            self.assertEqual(got, want, game)
        got = [int(v) for v in tabulate.grundy("subtraction:1,3,4", 200)]
        self.assertEqual(got, plain_subtraction([1, 3, 4], 200))

    def test_solve(self):
        g = plain_kayles(100)
        for n in (0, 1, 10, 71, 100):
            a = tabulate.solve("kayles", n)
            self.assertEqual(a["grundy"], g[n])
            self.assertEqual(a["win"], g[n] != 0)
        a = tabulate.solve("wythoff", 3, 10**15)
        self.assertTrue(a["win"])
        self.assertEqual(a["winning_moves"], [{"from": "heap 2", "remove": 10**15 - 5, "leaves": [3, 5]}])
        with self.assertRaises(tabulate.TabulateError) as e:
            tabulate.solve("no-such-game", 1)
        self.assertEqual(e.exception.status, 2)

    def test_read_types(self):
        with tempfile.TemporaryDirectory() as tmp:
            cfg = os.path.join(tmp, "census.yaml")
            with open(cfg, "w") as f:
                f.write("plots: []\nformats: [csv, parquet]\ncensus:\n  subtraction: {max_element: 3, max: 200}\n")
            out = os.path.join(tmp, "out")
            tabulate.run("census", "-q", "--config", cfg, "--out", out)
            kinds = {n: (k, o) for n, k, o in tabulate._parquet.schema(os.path.join(out, "census", "subtraction.parquet"))}
            self.assertEqual(kinds["set"][0], "list")
            self.assertEqual(kinds["period"], ("int64", True))
            self.assertEqual(kinds["max_value"], ("int32", False))
            t = tabulate.read(out, "census", "subtraction", engine="csv")
            if pd is None:
                rows = t
                first = rows[0]
                self.assertEqual(first["set"], [1])
                self.assertIsInstance(first["max_value"], int)
                self.assertIsInstance(first["proven"], bool)
                self.assertIsNone(first["last_exception"])  # {1}: periodic from 0
            else:
                rows = t.to_dict("records")
                self.assertEqual(str(t["max_value"].dtype), "int32")
                self.assertEqual(str(t["period"].dtype), "Int64")
                self.assertEqual(str(t["proven"].dtype), "bool")
                self.assertEqual(rows[0]["set"], [1])
                self.assertTrue(pd.isna(rows[0]["last_exception"]))
            self.assertEqual(len(rows), 7)  # the non-empty subsets of {1, 2, 3}
            for row in rows:
                g = plain_subtraction(row["set"], 200)
                self.assertEqual(row["max_value"], max(g), row["set"])


if __name__ == "__main__":
    unittest.main()
