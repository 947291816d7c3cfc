"""Screenshots of `companion serve`'s pages for docs/serve.md: the public, a private and the host page of a
three-player Catopomp round, on a phone (390x844), light and dark.

    python benchmarks/serve_screenshots.py [--out docs/img] [--chromium /usr/bin/chromium]

Runs the installed `companion` (beside this Python) on a fresh session in a temporary COMPANION_HOME:
Ann has played a winning set, Ben (whose hand is recorded) is to act. Needs the test extra (playwright)
and Debian's chromium. Writes serve-{public,private,host}-{light,dark}.png (the phone's screen only, not
the whole page, so each stays small). Traffic goes to 127.0.0.1 only.
"""
from __future__ import annotations

import argparse
import os
import re
import signal
import subprocess
import sys
import tempfile
from pathlib import Path

SCRIPT = Path(sys.executable).parent / "companion"
ROOT = Path(__file__).resolve().parent.parent
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run"]
TABLE = [["track", "new", "catopomp", "--players", "Ann,Ben,Cy", "--name", "friday", "--option", "start=ann"],
         ["track", "dice", "1", "3", "4", "4", "6", "6"],
         ["track", "hand", "ann", "1", "2", "3", "3", "4", "5", "6", "7", "8", "8"],
         ["play", "heaven 3 3 then hell 8"],
         ["track", "hand", "ben", "1", "2", "2", "4", "5", "5", "6", "7", "7", "8"]]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", type=Path, default=ROOT / "docs" / "img")
    ap.add_argument("--chromium", default="/usr/bin/chromium")
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    home = Path(tempfile.mkdtemp(prefix="serve-shots-"))
    env = {**os.environ, "COMPANION_HOME": str(home)}
    env.pop("PYTHONPATH", None)
    for words in TABLE:
        subprocess.run([str(SCRIPT), *words], env=env, check=True, capture_output=True)
    server = subprocess.Popen([str(SCRIPT), "serve", "--port", "0", "--allow-plays"], env=env, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True, start_new_session=True)
    lines = []
    while not any(line.startswith("Host link") for line in lines):
        line = server.stdout.readline()
        if not line:
            raise SystemExit(f"serve ended: {server.stderr.read()}")
        lines.append(line.strip())
    links = {"public": re.search(r"http://\S+/", lines[0]).group(0),
             "private": next(line.split(": ", 1)[1] for line in lines if line.startswith("Ben: ")),
             "host": next(line.split(": ", 1)[1] for line in lines if line.startswith("Host link"))}
    args.out.mkdir(parents=True, exist_ok=True)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=args.chromium, args=FLAGS)
            for scheme in ("light", "dark"):
                for which, url in links.items():
                    context = browser.new_context(viewport={"width": 390, "height": 844}, color_scheme=scheme)
                    page = context.new_page()
                    page.goto(url)
                    page.locator("#status.live").wait_for(timeout=15_000)
                    if which == "private":
                        page.locator("#choices button").first.wait_for(timeout=15_000)
                        page.locator("#choices button").first.click()  # one step of a play built by taps
                    shot = args.out / f"serve-{which}-{scheme}.png"
                    page.screenshot(path=str(shot), animations="disabled")
                    print(f"{shot.relative_to(ROOT) if shot.is_relative_to(ROOT) else shot}: {shot.stat().st_size} bytes")
                    context.close()
            browser.close()
    finally:
        os.killpg(server.pid, signal.SIGINT)
        server.wait(timeout=15)


if __name__ == "__main__":
    main()
