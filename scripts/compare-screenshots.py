#!/usr/bin/env python3
"""Compares two screenshots of Attention Lab by content (scripts/clean-room.sh: the clean room's
against the host's, made the same way).

Usage: scripts/compare-screenshots.py EXPECTED.png ACTUAL.png

Both must have the same size. Each is turned into grey levels and averaged over blocks of
16 x 10 pixels (100 x 100 blocks at 1600 x 1000). Fails (exit 1) when more than CHANGED_LIMIT
blocks differ by more than BLOCK_LEVELS grey levels, or the blocks by more than MEAN_LIMIT on
average. Measured on the lesson preset: another hinting or no anti-aliasing moves at most 3
blocks that far (text shifts by a pixel); Chinese tokens drawn as boxes (no CJK font) move 84,
the Chinese interface 381. A single changed digit can pass: this checks that the clean room draws
the same window, text and fonts, not each number. Reads 8-bit PNGs (grey, RGB, RGBA; not
interlaced), as Qt writes them, with the standard library only.
"""

import struct
import sys
import zlib

BLOCK = (16, 10)  # width, height in pixels
BLOCK_LEVELS = 32  # grey levels: a block this far off has changed
CHANGED_LIMIT = 20  # blocks (of 10,000)
MEAN_LIMIT = 2.0  # grey levels, mean over the blocks


def unfilter(data, width, height, channels):
    """The raw rows of a PNG's inflated image data (filter types 0 to 4)."""
    stride = width * channels
    rows = []
    previous = bytearray(stride)
    at = 0
    for _ in range(height):
        kind = data[at]
        row = bytearray(data[at + 1 : at + 1 + stride])
        at += 1 + stride
        if kind == 1:
            for i in range(channels, stride):
                row[i] = (row[i] + row[i - channels]) & 255
        elif kind == 2:
            row = bytearray((a + b) & 255 for a, b in zip(row, previous))
        elif kind == 3:
            for i in range(stride):
                left = row[i - channels] if i >= channels else 0
                row[i] = (row[i] + ((left + previous[i]) >> 1)) & 255
        elif kind == 4:
            for i in range(stride):
                a = row[i - channels] if i >= channels else 0
                b = previous[i]
                c = previous[i - channels] if i >= channels else 0
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pred = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                row[i] = (row[i] + pred) & 255
        elif kind != 0:
            raise ValueError(f"unknown PNG filter {kind}")
        rows.append(row)
        previous = row
    return rows


def read_grey(path):
    """(width, height, rows of grey levels) of an 8-bit PNG."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError(f"{path}: not a PNG")
    at, chunks, header = 8, [], None
    while at < len(data):
        length, kind = struct.unpack(">I4s", data[at : at + 8])
        body = data[at + 8 : at + 8 + length]
        at += 12 + length
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            chunks.append(body)
    width, height, depth, colour, _, _, interlace = header
    channels = {0: 1, 2: 3, 4: 2, 6: 4}.get(colour)
    if depth != 8 or channels is None or interlace:
        raise ValueError(f"{path}: only 8-bit, not interlaced, non-palette PNGs")
    rows = unfilter(zlib.decompress(b"".join(chunks)), width, height, channels)
    if channels < 3:
        return width, height, [row[::channels] for row in rows]
    grey = []
    for row in rows:  # ITU-R 601 luma, as qGray
        r, g, b = row[0::channels], row[1::channels], row[2::channels]
        grey.append([(11 * x + 16 * y + 5 * z) // 32 for x, y, z in zip(r, g, b)])
    return width, height, grey


def block_means(width, height, grey):
    bw, bh = BLOCK
    means = []
    for top in range(0, height - bh + 1, bh):
        sums = [0] * (width // bw)
        for row in grey[top : top + bh]:
            for j in range(len(sums)):
                sums[j] += sum(row[j * bw : (j + 1) * bw])
        means.extend(s / (bw * bh) for s in sums)
    return means


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__.split("\n\n")[1])
    expected, actual = (read_grey(path) for path in sys.argv[1:])
    if expected[:2] != actual[:2]:
        print(f"screenshot is {actual[0]}x{actual[1]}, expected {expected[0]}x{expected[1]}")
        return 1
    same = sum(a == b for ra, rb in zip(expected[2], actual[2]) for a, b in zip(ra, rb))
    differences = [abs(a - b) for a, b in zip(block_means(*expected), block_means(*actual))]
    mean = sum(differences) / len(differences)
    changed = sum(d > BLOCK_LEVELS for d in differences)
    ok = mean <= MEAN_LIMIT and changed <= CHANGED_LIMIT
    print(f"screenshot {actual[0]}x{actual[1]}: {100 * same / (actual[0] * actual[1]):.2f} % "
          f"identical pixels; {changed} of {len(differences)} blocks off by more than "
          f"{BLOCK_LEVELS} grey levels (limit {CHANGED_LIMIT}), {mean:.2f} on average (limit "
          f"{MEAN_LIMIT}): {'same' if ok else 'DIFFERENT'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
