#!/usr/bin/python3
"""Reads every cell of attention-lab's weights heatmap over AT-SPI, as a screen reader would.

Run by atspi_check.sh inside Xvfb and a private D-Bus session (it needs a running
accessibility bus): starts `attention-lab distinct-weights.json` (a scenario in which the
weights of each row and of each column all differ, so that cells mixed up show), finds the
application and its "Attention weights" table through pyatspi, checks its headers and that the
last row is the selected query, then chooses another query with the keyboard as a user does:
the focus on the table (the focus event lands on the current cell, as Orca speaks it), Right,
Up to the second row, Enter. It then reads every cell's name (such as "前 → 明: 0.32") against
`attention-cli weights` on the same file within the heatmap's rounding (two decimals), checks
that the cells of the chosen row, and only those, are selected, and that the weights chart is
the chosen query's. Every wait has a timeout with a message saying what did not happen; the app
is always stopped.

usage: read_weights.py ATTENTION_LAB ATTENTION_CLI [--scenario FILE] [--timeout SECONDS]
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

HERE = os.path.dirname(os.path.abspath(__file__))
TABLE_NAME = "Attention weights"
CHOSEN_ROW = 1  # the query chosen with the keyboard, not the default (the last)
ROUNDING = 0.005 + 1e-9  # the heatmap shows two decimals
CHART_ROUNDING = 0.00005 + 1e-9  # the chart's bars say four
KEY_RIGHT, KEY_UP, KEY_RETURN = 0xFF53, 0xFF52, 0xFF0D  # keysyms


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


def expected_weights(cli, scenario):
    result = subprocess.run([cli, "weights", scenario, "--format", "json"],
                            capture_output=True, text=True, timeout=60, check=False)
    if result.returncode != 0:
        fail(f"attention-cli weights exited with {result.returncode}: {result.stderr.strip()}")
    data = json.loads(result.stdout)
    return data["tokens"], data["weights"]


def close_weights(weights, margin):
    """Two weights of one row or one column that differ by no more than `margin` (cells mixed
    up there could pass), described; None when there are none."""
    size = len(weights)
    for a in range(size):
        for b in range(size):
            for c in range(b + 1, size):
                if abs(weights[a][b] - weights[a][c]) <= margin:
                    return f"row {a}: columns {b} and {c}"
                if abs(weights[b][a] - weights[c][a]) <= margin:
                    return f"column {a}: rows {b} and {c}"
    return None


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


def find_chart(app, name):
    """The showing chart named `name`, or None."""
    stack = [app]
    while stack:
        node = stack.pop()
        if node is None:
            continue
        role = node.getRole()
        if (role == pyatspi.ROLE_CHART and node.name == name
                and node.getState().contains(pyatspi.STATE_SHOWING)):
            return node
        if role not in (pyatspi.ROLE_TABLE, pyatspi.ROLE_CHART):
            stack.extend(node.getChildAtIndex(i) for i in range(node.childCount))
    return None


def selected_rows(cells):
    return sorted(cells.getSelectedRows())


def check_table(cells, tokens):
    """The table's shape and headers are the scenario's; the last token's row is selected."""
    if cells.nRows != len(tokens) or cells.nColumns != len(tokens):
        fail(f"the table is {cells.nRows} × {cells.nColumns}, the scenario has "
             f"{len(tokens)} tokens")
    headers = [cells.getColumnHeader(c).name for c in range(cells.nColumns)]
    rows = [cells.getRowHeader(r).name for r in range(cells.nRows)]
    if headers != tokens or rows != tokens:
        fail(f"column headers {headers}, row headers {rows}, expected the tokens {tokens}")
    if selected_rows(cells) != [len(tokens) - 1]:
        fail(f"at the start the selected rows are {selected_rows(cells)}, expected the last, "
             f"{len(tokens) - 1}")


def choose_query(table, tokens, chosen, wait):
    """Selects row `chosen` as a keyboard user does, and checks the focus events on the way:
    the focus on the table lands on the current cell (the last row's first), Right moves it
    right, each Up up to `chosen`, and Enter selects that row."""
    last = len(tokens) - 1

    def press(keysym):
        return lambda: pyatspi.Registry.generateKeyboardEvent(keysym, None, pyatspi.KEY_SYM)

    expect_focus(focused_cells(lambda: table.queryComponent().grabFocus(), wait),
                 "giving the table the focus", f"{tokens[last]} → {tokens[0]}:")
    expect_focus(focused_cells(press(KEY_RIGHT), wait), "pressing Right",
                 f"{tokens[last]} → {tokens[1]}:")
    for row in range(last - 1, chosen - 1, -1):
        expect_focus(focused_cells(press(KEY_UP), wait), "pressing Up",
                     f"{tokens[row]} → {tokens[1]}:")
    cells = table.queryTable()
    press(KEY_RETURN)()
    deadline = time.monotonic() + wait
    while selected_rows(cells) != [chosen]:
        if time.monotonic() > deadline:
            fail(f"{wait:.0f} s after Enter on row {chosen} the selected rows are "
                 f"{selected_rows(cells)}")
        time.sleep(0.2)
    print(f"after Enter: the selected rows are {selected_rows(cells)}", flush=True)


def read_every_cell(cells, tokens, weights, chosen):
    """Reads each cell's name as a screen reader does ("前 → 明: 0.32") against the weights,
    and its selected state against the chosen row."""
    for row in range(cells.nRows):
        read = []
        for column in range(cells.nColumns):
            cell = cells.getAccessibleAt(row, column)
            name = cell.name
            read.append(name)
            head = f"{tokens[row]} → {tokens[column]}:"
            if not name.startswith(head):
                fail(f"cell ({row}, {column}) is named {name!r}, expected it to start with "
                     f"{head!r}")
            value = number_in(name)
            if not abs(value - weights[row][column]) <= ROUNDING:
                fail(f"cell ({row}, {column}) {name!r} reads {value}, attention-cli gives "
                     f"{weights[row][column]:.4f}")
            selected = cell.getState().contains(pyatspi.STATE_SELECTED)
            if selected != (row == chosen):
                fail(f"cell ({row}, {column}) {name!r} is {'' if selected else 'not '}"
                     f"selected, the selected row is {chosen}")
        print("read: " + " | ".join(read), flush=True)


def check_chart(app, tokens, weights, chosen, timeout):
    """The weights chart is titled with the chosen query and its bars are that row's."""
    name = f"Weights of {tokens[chosen]}'s query over the keys"
    chart = wait_for(f"a showing chart named {name!r}", timeout, lambda: find_chart(app, name))
    bars = [chart.getChildAtIndex(i) for i in range(chart.childCount)]
    bars = [bar.name for bar in bars if bar.getRole() == pyatspi.ROLE_LIST_ITEM]
    if [bar.split(": ")[0] for bar in bars] != tokens:
        fail(f"the chart's bars are {bars}, expected one for each token {tokens}")
    for bar, weight in zip(bars, weights[chosen]):
        if not abs(number_in(bar) - weight) <= CHART_ROUNDING:
            fail(f"the chart's bar {bar!r}: attention-cli gives {weight:.6f}")
    print(f"the chart {name!r}: " + " | ".join(bars), flush=True)


def start_app(lab, scenario, settings):
    env = dict(os.environ,
               QT_QPA_PLATFORM="xcb",
               QT_ACCESSIBILITY="1",
               QT_LINUX_ACCESSIBILITY_ALWAYS_ON="1",
               XDG_CONFIG_HOME=settings,
               XDG_DATA_HOME=settings,
               XDG_CACHE_HOME=settings)
    return subprocess.Popen([lab, scenario, "--lang", "en"], env=env)


def stop_app(app_process):
    if app_process.poll() is None:
        app_process.terminate()
        try:
            app_process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            app_process.kill()
            app_process.wait()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("lab")
    parser.add_argument("cli")
    parser.add_argument("--scenario", default=os.path.join(HERE, "distinct-weights.json"))
    parser.add_argument("--timeout", type=float, default=60.0)
    args = parser.parse_args()

    tokens, weights = expected_weights(args.cli, args.scenario)
    close = close_weights(weights, 2 * ROUNDING)
    if close:
        fail(f"{args.scenario} has equal weights at the heatmap's precision, {close}")
    chosen = CHOSEN_ROW
    print("attention-cli weights:\n" + "\n".join(
        " ".join(f"{w:.4f}" for w in row) for row in weights), flush=True)

    settings = tempfile.TemporaryDirectory(prefix="atspi-check-")
    app_process = start_app(args.lab, args.scenario, settings.name)
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
        check_table(cells, tokens)
        choose_query(table, tokens, chosen, min(args.timeout, 20.0))
        read_every_cell(cells, tokens, weights, chosen)
        check_chart(app, tokens, weights, chosen, min(args.timeout, 20.0))
        if app_process.poll() is not None:  # a sanitizer stops the app at the first report
            fail(f"attention-lab exited with {app_process.returncode} during the check")
        print("PASS", flush=True)
    finally:
        stop_app(app_process)
        settings.cleanup()


if __name__ == "__main__":
    main()
