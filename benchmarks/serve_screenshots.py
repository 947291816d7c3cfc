"""Screenshots of `companion serve`'s pages for docs/serve.md: each title's public page on a phone (390x844)
mid-game and at its end, light and dark, and a three-player Catopomp round's private and host pages.

    python benchmarks/serve_screenshots.py [--out docs/img] [--chromium /usr/bin/chromium] [--only theseus]

Runs the installed `companion` (beside this Python) in a temporary COMPANION_HOME: each title's whole game
of benchmarks/whole_games_steps.py, served with --allow-plays, shot halfway through its steps and after the
last. Needs the test extra (playwright) and Debian's chromium. Writes serve-GAME-{mid,end}-{light,dark}.png
and serve-{private,host}-{light,dark}.png (the phone's screen only, not the whole page, so each stays small).
Traffic goes to 127.0.0.1 only.
"""
from __future__ import annotations

import argparse
import os
import re
import shlex
import signal
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from whole_games_steps import GAMES  # noqa: E402

SCRIPT = Path(sys.executable).parent / "companion"
ROOT = Path(__file__).resolve().parent.parent
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run"]
PHONE = {"width": 390, "height": 844}
ROUND = [["track", "new", "catopomp", "--players", "Ann,Ben,Cy", "--name", "friday", "--option", "start=ann"],
         ["track", "dice", "1", "3", "4", "4", "6", "6"],
         ["track", "hand", "ann", "1", "2", "3", "3", "4", "5", "6", "7", "8", "8"],
         ["play", "heaven 3 3 then hell 8"],
         ["track", "hand", "ben", "1", "2", "2", "4", "5", "5", "6", "7", "7", "8"]]


class Served:
    """`companion serve --allow-plays` on the home's current session; its links."""

    def __init__(self, env: dict):
        self.proc = subprocess.Popen([str(SCRIPT), "serve", "--port", "0", "--allow-plays"], env=env,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
        lines = []
        while not any(line.startswith("Host link") for line in lines):
            line = self.proc.stdout.readline()
            if not line:
                raise SystemExit(f"serve ended: {self.proc.stderr.read()}")
            lines.append(line.strip())
        self.url = re.search(r"http://\S+/", lines[0]).group(0)
        self.links = {m.group(1): m.group(2) for line in lines if (m := re.match(r"(\w+): (http://\S+)", line))}
        self.host = next(line.split(": ", 1)[1] for line in lines if line.startswith("Host link"))

    def stop(self) -> None:
        os.killpg(self.proc.pid, signal.SIGINT)
        self.proc.wait(timeout=15)


def shoot(browser, url: str, path: Path, scheme: str, seq: int, then=None) -> None:
    context = browser.new_context(viewport=PHONE, color_scheme=scheme)
    page = context.new_page()
    page.goto(url)
    page.locator("#status.live").wait_for(timeout=15_000)
    page.locator(f"body[data-seq='{seq}']").wait_for(timeout=15_000)
    if then:
        then(page)
    page.screenshot(path=str(path), animations="disabled")
    print(f"{path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}: {path.stat().st_size} bytes")
    context.close()


def run(env: dict, words: list[str]) -> None:
    subprocess.run([str(SCRIPT), *words], env=env, check=True, capture_output=True)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", type=Path, default=ROOT / "docs" / "img")
    ap.add_argument("--chromium", default="/usr/bin/chromium")
    ap.add_argument("--only", default="", help="comma-separated titles (default: all five and the Catopomp round)")
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    only = [g for g in args.only.split(",") if g]
    args.out.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=args.chromium, args=FLAGS)
        for game in only or GAMES:
            if game not in GAMES:
                continue
            env = {**os.environ, "COMPANION_HOME": tempfile.mkdtemp(prefix="serve-shots-")}
            env.pop("PYTHONPATH", None)
            steps = [s.command for s in GAMES[game]() if s.rc == 0]
            half = len(steps) // 2
            for command in steps[:half + 1]:
                run(env, shlex.split(command))
            served = Served(env)
            try:
                for scheme in ("light", "dark"):
                    shoot(browser, served.url, args.out / f"serve-{game}-mid-{scheme}.png", scheme, half)
                for command in steps[half + 1:]:
                    run(env, shlex.split(command))
                for scheme in ("light", "dark"):
                    shoot(browser, served.url, args.out / f"serve-{game}-end-{scheme}.png", scheme, len(steps) - 1)
            finally:
                served.stop()
        if not only or "round" in only:
            env = {**os.environ, "COMPANION_HOME": tempfile.mkdtemp(prefix="serve-shots-")}
            env.pop("PYTHONPATH", None)
            for words in ROUND:
                run(env, words)
            served = Served(env)
            try:
                for scheme in ("light", "dark"):
                    shoot(browser, served.links["Ben"], args.out / f"serve-private-{scheme}.png", scheme, len(ROUND) - 1,
                          lambda page: page.locator("#choices button").first.click())  # a play being built by taps
                    shoot(browser, served.host, args.out / f"serve-host-{scheme}.png", scheme, len(ROUND) - 1)
            finally:
                served.stop()
        browser.close()


if __name__ == "__main__":
    main()
