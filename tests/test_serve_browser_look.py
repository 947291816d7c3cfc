"""The served page as a player sees it (issue 34), in Debian's Chromium: an automated accessibility check
(axe-core, from the axe-playwright-python package of the test extra) with no serious or critical violation
on the public, private and host pages, light and dark. (The cards in play and no sideways scrolling at
320 px, at every step of each title's whole game: tests/test_serve_browser_games.py.)"""
from __future__ import annotations

import pytest

from tests.conftest import run_in_process
from tests.serve_helpers import Server, arcade_table
from tests.test_serve_browser import CHROMIUM, browser, env, live, shows  # noqa: F401 - the browser fixture

pytestmark = [pytest.mark.installed,  # serve in a real browser
              pytest.mark.skipif(not CHROMIUM.exists(), reason="no /usr/bin/chromium: install Debian's chromium "
                                "package (apt-get install chromium; .ci/run does) to run the browser tests")]


def arcade_with_a_line(home):
    """The arcade table after Ann's Fighter went on the Line."""
    arcade_table(home)
    assert run_in_process("play", "fighter Grunt", env=env(home)).returncode == 0


def the_three_pages(server) -> dict[str, str]:
    host = next(line.split(": ", 1)[1] for line in server.lines if line.startswith("Host link"))
    return {"public": server.url, "private": server.links["Ann"], "host": host}


def axe_violations(page) -> list[dict]:
    """axe-core's serious and critical violations on the page as it is (its script injected from the file
    the axe-playwright-python package ships)."""
    from axe_playwright_python.base import AXE_FILE_PATH

    page.add_script_tag(path=str(AXE_FILE_PATH))
    found = page.evaluate("axe.run(document, {resultTypes: ['violations']}).then(r => r.violations)")
    return [{"id": v["id"], "impact": v["impact"], "nodes": [n["target"] for n in v["nodes"]][:3]}
            for v in found if v["impact"] in ("serious", "critical")]


def test_no_serious_or_critical_accessibility_violation_on_any_page(browser, home):  # noqa: F811
    """Each of the three pages, light and dark (one server for both schemes: the table is the same)."""
    arcade_with_a_line(home)
    server = Server(home, "--allow-plays")
    found = {}
    try:
        for scheme in ("light", "dark"):
            for which, url in the_three_pages(server).items():
                # the page's content policy forbids inline scripts, as it should: the check's own script is let in
                context = browser.new_context(viewport={"width": 390, "height": 844}, color_scheme=scheme,
                                              bypass_csp=True)
                page = context.new_page()
                page.goto(url)
                live(page)
                if which == "private":
                    page.locator(".stepper").first.wait_for(timeout=10_000)
                found[scheme, which] = axe_violations(page)
                context.close()
    finally:
        server.stop()
    assert found == {(scheme, which): [] for scheme in ("light", "dark") for which in ("public", "private", "host")}



def test_a_browser_set_to_large_text_gets_large_text_and_no_page_scrolls_sideways(browser, home):  # noqa: F811
    """A player's browser set to large text (its default font size 32 px, as a "very large" font
    setting makes it; set through the browser's own devtools protocol): every page follows it, and
    none scrolls sideways on a 360 px phone."""
    arcade_with_a_line(home)
    server = Server(home, "--allow-plays")
    seen = {}
    try:
        for which, url in the_three_pages(server).items():
            context = browser.new_context(viewport={"width": 360, "height": 640})
            page = context.new_page()
            context.new_cdp_session(page).send("Page.setFontSizes", {"fontSizes": {"standard": 32, "fixed": 26}})
            page.goto(url)
            live(page)
            seen[which] = page.evaluate("() => [getComputedStyle(document.body).fontSize,"
                                        " document.documentElement.scrollWidth]")
            context.close()
    finally:
        server.stop()
    assert seen == {which: ["32px", 360] for which in ("public", "private", "host")}
