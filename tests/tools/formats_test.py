#!/usr/bin/env python3
"""Puzzle files written by `xwdb fill --clues` checked by readers the
project did not write: Python's XML parser for SVG, its JSON parser and the
ipuz specification's required fields for ipuz, and the .puz layout.

Usage: formats_test.py XWDB
"""
import json
import os
import struct
import subprocess
import sys
import tempfile
import unittest
import xml.etree.ElementTree as ET

XWDB = sys.argv[1]
del sys.argv[1]


class FormatsTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        d = cls.tmp.name
        cls.db = os.path.join(d, "db")
        words = os.path.join(d, "w.txt")
        clues = os.path.join(d, "c.txt")
        with open(words, "w") as f:
            f.write("cat;60\ncot;80\nare;50\nten;40\nace;70\ntoe;30\nate;20\neon;90\n")
        with open(clues, "w") as f:
            f.write("CAT|Tom, for one\nTEN|Decade's years\nACE|Top card & <best>\nARE|Exist\n")
        for path, fmt in ((words, "scored"), (clues, "pipe")):
            subprocess.run([XWDB, "import", "--db", cls.db, "--format", fmt, path], check=True,
                           stdout=subprocess.DEVNULL)
        cls.grid = os.path.join(d, "g.txt")
        with open(cls.grid, "w") as f:
            f.write("c..\n...\n..n\n")

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def fill(self, fmt):
        r = subprocess.run([XWDB, "fill", "--db", self.db, self.grid, "--allow-duplicates", "--clues",
                            "--format", fmt], stdout=subprocess.PIPE, stderr=subprocess.PIPE, check=True)
        return r.stdout

    def test_svg_is_xml_with_every_cell(self):
        root = ET.fromstring(self.fill("svg"))
        self.assertTrue(root.tag.endswith("svg"))
        rects = [e for e in root.iter() if e.tag.endswith("rect")]
        self.assertEqual(len(rects), 1 + 9)
        texts = [e.text for e in root.iter() if e.tag.endswith("text")]
        self.assertIn("C", texts)
        self.assertIn("1", texts)

    def test_ipuz_has_the_required_fields(self):
        p = json.loads(self.fill("ipuz"))
        for field in ("version", "kind", "dimensions", "puzzle", "solution", "clues"):
            self.assertIn(field, p)
        self.assertTrue(p["version"].startswith("http://ipuz.org/v"))
        self.assertIn("http://ipuz.org/crossword#1", p["kind"])
        self.assertEqual(p["dimensions"], {"width": 3, "height": 3})
        self.assertEqual(p["puzzle"][0][0], 1)
        self.assertEqual(p["solution"][0], ["C", "A", "T"])
        self.assertEqual(p["clues"]["Across"][0], [1, "Tom, for one"])

    def test_puz_layout(self):
        f = self.fill("puz")
        self.assertEqual(f[2:14], b"ACROSS&DOWN\0")
        width, height, nclues = f[0x2C], f[0x2D], struct.unpack("<H", f[0x2E:0x30])[0]
        self.assertEqual((width, height, nclues), (3, 3, 6))
        self.assertEqual(f[0x34:0x34 + 3], b"CAT")
        self.assertEqual(f[0x34 + 9:0x34 + 18], b"-" * 9)
        strings = f[0x34 + 18:].split(b"\0")
        self.assertEqual(strings[3], b"Tom, for one")  # after title, author, copyright


if __name__ == "__main__":
    unittest.main()
