#!/usr/bin/python3
"""Reads 光's row of attention-lab's weights heatmap over AT-SPI, as a screen reader would.

Run by atspi_check.sh inside Xvfb and a private D-Bus session (it needs a running
accessibility bus): starts `attention-lab --preset lesson`, finds the application and its
"Attention weights" table through pyatspi, reads the query row of 光 cell by cell (names such as
"光 → 明: 0.26") and the column headers, and compares the numbers with `attention-cli weights
--preset lesson` within the heatmap's rounding (two decimals). Then it gives the table the
focus and waits for the focus to land on a cell (the event Orca speaks). Every wait has a
timeout with a message saying what did not happen; the app is always stopped.

usage: read_weights.py ATTENTION_LAB ATTENTION_CLI [--timeout SECONDS]
"""

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time

import pyatspi
from gi.repository import GLib

TABLE_NAME = "Attention weights"
QUERY = "光"
ROUNDING = 0.005 + 1e-9  # the heatmap shows two decimals


def fail(message):
    print(f"FAIL: {message}", flush=True)
    sys.exit(1)


def wait_for(what, timeout, probe, interval=0.5):
    """Calls probe() until it returns something true; fails with `what` after `timeout` s."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            found = probe()
        except Exception as error:  # the tree changes while the app starts up
            found = None
            last_error = error
        else:
            last_error = None
        if found:
            return found
        if time.monotonic() > deadline:
            detail = f" (last error: {last_error})" if last_error else ""
            fail(f"timed out after {timeout:.0f} s waiting for {what}{detail}")
        time.sleep(interval)


def find_application(name):
    desktop = pyatspi.Registry.getDesktop(0)
    for i in range(desktop.childCount):
        app = desktop.getChildAtIndex(i)
        if app is not None and app.name == name:
            return app
    return None


def find_table(app):
    def is_weights_table(node):
        return (node is not None and node.getRole() == pyatspi.ROLE_TABLE
                and node.name == TABLE_NAME
                and node.getState().contains(pyatspi.STATE_SHOWING))
    # The cells of other tables are leaves: do not walk into tables.
    stack = [app]
    while stack:
        node = stack.pop()
        if is_weights_table(node):
            return node
        if node.getRole() == pyatspi.ROLE_TABLE:
            continue
        stack.extend(node.getChildAtIndex(i) for i in range(node.childCount - 1, -1, -1))
    return None


def number_in(text):
    match = re.search(r"([−-]?\d+(?:\.\d+)?)\s*$", text)
    if not match:
        fail(f"no number at the end of the cell's name {text!r}")
    return float(match.group(1).replace("−", "-"))


def expected_weights(cli):
    result = subprocess.run([cli, "weights", "--preset", "lesson", "--format", "json"],
                            capture_output=True, text=True, timeout=60, check=False)
    if result.returncode != 0:
        fail(f"attention-cli weights exited with {result.returncode}: {result.stderr.strip()}")
    data = json.loads(result.stdout)
    return data["tokens"], data["weights"]


def focused_cells(trigger, timeout):
    """Calls trigger() in the event loop; returns the names of the table cells that got the
    focus, in order, once one did and a second has passed (or `timeout` s have)."""
    heard = []
    loop = GLib.MainLoop()

    def on_focus(event):
        source = event.source
        if event.detail1 != 1 or source is None:
            return
        role = source.getRole()
        print(f"  heard: focus on the {source.getRoleName()} {source.name!r}", flush=True)
        if role == pyatspi.ROLE_TABLE_CELL:
            if not heard:
                GLib.timeout_add(1000, loop.quit)
            heard.append(source.name)
        elif heard:
            heard.append(None)  # the focus moved on from the cell

    def run_trigger():
        trigger()
        return False

    pyatspi.Registry.registerEventListener(on_focus, "object:state-changed:focused")
    try:
        GLib.timeout_add(int(timeout * 1000), loop.quit)
        GLib.idle_add(run_trigger)
        loop.run()
    finally:
        pyatspi.Registry.deregisterEventListener(on_focus, "object:state-changed:focused")
    return heard


def expect_focus(cells, what, expected):
    if not cells:
        fail(f"no focus event for a cell after {what}")
    if cells[-1] is None:
        fail(f"after {what} the focus left the cell {cells[0]!r} again")
    if not cells[-1].startswith(expected):
        fail(f"after {what} the focus is on {cells[-1]!r}, expected a cell {expected}…")
    print(f"after {what}: focus on the cell {cells[-1]!r}", flush=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("lab")
    parser.add_argument("cli")
    parser.add_argument("--timeout", type=float, default=60.0)
    args = parser.parse_args()

    tokens, weights = expected_weights(args.cli)
    if QUERY not in tokens:
        fail(f"the lesson preset has no token {QUERY}: {tokens}")
    expected = weights[tokens.index(QUERY)]
    print("attention-cli weights for " + QUERY + ": "
          + " ".join(f"{w:.4f}" for w in expected), flush=True)

    settings = tempfile.TemporaryDirectory(prefix="atspi-check-")
    env = dict(os.environ,
               QT_QPA_PLATFORM="xcb",
               QT_ACCESSIBILITY="1",
               QT_LINUX_ACCESSIBILITY_ALWAYS_ON="1",
               XDG_CONFIG_HOME=settings.name,
               XDG_DATA_HOME=settings.name,
               XDG_CACHE_HOME=settings.name)
    app_process = subprocess.Popen([args.lab, "--preset", "lesson", "--lang", "en"], env=env)
    try:
        app = wait_for("attention-lab on the accessibility bus", args.timeout,
                       lambda: app_process.poll() is None and find_application("attention-lab")
                       or (app_process.poll() is not None
                           and fail(f"attention-lab exited with {app_process.returncode}")))
        print(f"found the application {app.name!r}", flush=True)
        table = wait_for(f"a showing table named {TABLE_NAME!r}", args.timeout,
                         lambda: find_table(app))
        cells = table.queryTable()
        print(f"found the table {table.name!r}: {cells.nRows} rows, {cells.nColumns} columns",
              flush=True)
        if cells.nRows != len(tokens) or cells.nColumns != len(tokens):
            fail(f"the table is {cells.nRows} × {cells.nColumns}, the preset has "
                 f"{len(tokens)} tokens")
        headers = [cells.getColumnHeader(c).name for c in range(cells.nColumns)]
        if headers != tokens:
            fail(f"column headers {headers}, expected the tokens {tokens}")
        rows = [cells.getRowHeader(r).name for r in range(cells.nRows)]
        if QUERY not in rows:
            fail(f"no row headed {QUERY}: row headers {rows}")
        row = rows.index(QUERY)

        read = []
        for column in range(cells.nColumns):
            cell = cells.getAccessibleAt(row, column)
            name = cell.name
            read.append(name)
            value = number_in(name)
            if not name.startswith(f"{QUERY} → {tokens[column]}"):
                fail(f"cell ({row}, {column}) is named {name!r}, expected it to start with "
                     f"'{QUERY} → {tokens[column]}'")
            if abs(value - expected[column]) > ROUNDING:
                fail(f"cell {name!r} reads {value}, attention-cli gives {expected[column]:.4f}")
        print("read " + QUERY + "'s row: " + " | ".join(read), flush=True)
        selected = cells.getAccessibleAt(row, 0).getState().contains(pyatspi.STATE_SELECTED)
        if not selected:
            fail(f"{QUERY}'s row is the selected query but its cells are not selected")
        print(f"{QUERY}'s cells are selected (the selected query)", flush=True)

        # The focus, as Orca would give it: on the current cell (光's first: the selected
        # query's), then one to the right with the arrow key.
        wait = min(args.timeout, 20.0)
        expect_focus(focused_cells(lambda: table.queryComponent().grabFocus(), wait),
                     "giving the table the focus", f"{QUERY} → {tokens[0]}")
        right = 0xFF53  # the Right key's keysym
        expect_focus(focused_cells(lambda: pyatspi.Registry.generateKeyboardEvent(
            right, None, pyatspi.KEY_SYM), wait), "pressing Right", f"{QUERY} → {tokens[1]}")
        if app_process.poll() is not None:  # a sanitizer stops the app at the first report
            fail(f"attention-lab exited with {app_process.returncode} during the check")
        print("PASS", flush=True)
    finally:
        if app_process.poll() is None:
            app_process.terminate()
            try:
                app_process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                app_process.kill()
                app_process.wait()
        settings.cleanup()


if __name__ == "__main__":
    main()
