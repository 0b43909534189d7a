#!/usr/bin/env python3
"""The benchmark grids (bench/grids/*.txt) checked as data: each reads as a
grid (`xwdb check` states its design facts), the stacked grids are
180-degree symmetric, connected, with no entry under 3 letters and no
unchecked cell, and each has the long entries its name promises, which the
README's figures about them depend on.

Usage: bench_grids_test.py XWDB SOURCE_DIR
"""
import glob
import os
import subprocess
import sys
import tempfile
import unittest

XWDB = sys.argv[1]
GRIDS = os.path.join(sys.argv[2], "bench", "grids")
del sys.argv[1:3]


def read_rows(path):
    with open(path) as f:
        return [line.rstrip("\n") for line in f if line.strip()]


def across_lengths(rows):
    """Per row, the lengths of its runs of non-block cells."""
    return [[len(run) for run in row.split("#") if run] for row in rows]


def columns(rows):
    return ["".join(row[c] for row in rows) for c in range(len(rows[0]))]


def full_lines(lines):
    return [i for i, line in enumerate(lines) if "#" not in line]


class BenchGridsTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        cls.db = os.path.join(cls.tmp.name, "db")
        words = os.path.join(cls.tmp.name, "w.txt")
        with open(words, "w") as f:
            f.write("cat;50\nact;50\ntac;50\n")
        subprocess.run([XWDB, "import", "--db", cls.db, "--format", "scored", words], check=True,
                       stdout=subprocess.DEVNULL)
        cls.grids = sorted(glob.glob(os.path.join(GRIDS, "*.txt")))
        # `xwdb check` once per grid: 0 if every slot has a word, 2 if the
        # grid is dead with this tiny dictionary; anything else is a grid the
        # engine could not read.
        cls.checks = {p: subprocess.run([XWDB, "check", "--db", cls.db, p], capture_output=True, text=True)
                      for p in cls.grids}

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def facts(self, path):
        """The first line of `xwdb check`, and every line it printed."""
        out = self.checks[path]
        self.assertIn(out.returncode, (0, 2), f"{path}: {out.stderr}")
        lines = out.stdout.splitlines()
        self.assertTrue(lines, path)
        return lines[0], lines

    def test_every_grid_reads_and_is_rectangular(self):
        self.assertGreaterEqual(len(self.grids), 10)
        for path in self.grids:
            rows = read_rows(path)
            self.assertTrue(rows, path)
            for r, row in enumerate(rows):
                self.assertEqual(len(row), len(rows[0]), f"{path}: row {r + 1}")
                self.assertTrue(set(row) <= set(".#*ABCDEFGHIJKLMNOPQRSTUVWXYZ"), f"{path}: row {r + 1}: {row!r}")
            first, _ = self.facts(path)
            self.assertTrue(first.startswith(f"{len(rows)}x{len(rows[0])}, "), f"{path}: {first}")

    def test_stacked_grids_are_sound_themeless_designs(self):
        stacked = [p for p in self.grids if os.path.basename(p).startswith("stack-")]
        self.assertGreaterEqual(len(stacked), 9)
        for path in stacked:
            first, lines = self.facts(path)
            facts = first.split(", ")
            self.assertIn("180-degree symmetric", facts, f"{path}: {first}")
            self.assertEqual(facts[-1], "connected", f"{path}: {first}")
            self.assertFalse(any(l.startswith("entries shorter than") for l in lines), f"{path}: {lines[:3]}")
            self.assertFalse(any(l.startswith("unchecked cells") for l in lines), f"{path}: {lines[:3]}")

    def test_stacked_grids_have_the_long_entries_their_names_promise(self):
        for path in self.grids:
            name = os.path.basename(path)
            rows = read_rows(path)
            if name.startswith("stack-six-15s"):
                # Six 15s: a triple stack at the top and at the bottom.
                self.assertEqual((len(rows), len(rows[0])), (15, 15), name)
                self.assertEqual(full_lines(rows), [0, 1, 2, 12, 13, 14], name)
            elif name.startswith("stack-triple-10-15-9"):
                # A 15 with a 10 and a 9 stacked on it, at the top and at the
                # bottom.
                self.assertEqual((len(rows), len(rows[0])), (15, 15), name)
                full = full_lines(rows)
                self.assertEqual(len(full), 2, name)
                lengths = across_lengths(rows)
                for r in full:
                    beside = sorted(n for n in lengths[r - 1] + lengths[r + 1] if n >= 9)
                    self.assertEqual(beside, [9, 10], f"{name}: rows beside row {r + 1}")
            elif name.startswith("stack-double-13s"):
                # Two double stacks of 13s crossed by four 13-letter downs.
                self.assertEqual((len(rows), len(rows[0])), (13, 13), name)
                full = full_lines(rows)
                self.assertEqual(len(full), 4, name)
                self.assertEqual([full[1] - full[0], full[3] - full[2]], [1, 1], name)
                self.assertEqual(len(full_lines(columns(rows))), 4, name)


if __name__ == "__main__":
    unittest.main()
