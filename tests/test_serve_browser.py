"""`companion serve` in a real browser (issue 24): Playwright driving Debian's Chromium against the
installed `companion serve` in a subprocess. The table's other commands (a play, a change, a log read)
run in-process (typer's runner), writing the same sessions file as another terminal would: the server
sees them only through that file. Skipped, saying why, where /usr/bin/chromium is absent
(`.ci/run` installs it)."""
from __future__ import annotations

import http.client
import json
import time
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from tests.conftest import run_in_process
from tests.serve_helpers import SECRET, Server, arcade_table

CHROMIUM = Path("/usr/bin/chromium")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run"]

pytestmark = [pytest.mark.installed,  # serve in a real browser
              pytest.mark.skipif(not CHROMIUM.exists(), reason="no /usr/bin/chromium: install Debian's chromium "
                                "package (apt-get install chromium; .ci/run does) to run the browser tests")]


@pytest.fixture(scope="module")
def browser():
    sync_api = pytest.importorskip("playwright.sync_api", reason="the playwright package is not installed")
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), args=FLAGS)
        yield b
        b.close()


@pytest.fixture
def page(browser):
    context = browser.new_context()
    yield context.new_page()
    context.close()


@pytest.fixture
def table(home):
    arcade_table(home)
    return home


def env(home) -> dict:
    return {"COMPANION_HOME": str(home)}


# The page's content policy forbids evaluating strings (as it should), so the tests wait with locators.

def live(page) -> None:
    """Wait until the page's event stream is open and its first table drawn."""
    page.locator("#status.live").wait_for(timeout=15_000)
    page.locator("body[data-seq]").wait_for(timeout=15_000)


def shows(page, selector: str, text: str, timeout: float) -> None:
    page.locator(selector, has_text=text).first.wait_for(timeout=timeout)


def log_has(page, text: str, timeout: float) -> None:
    shows(page, "#log li", text, timeout)


def raw_stream(url: str, seconds: float) -> str:
    """What an event stream sends in `seconds`, read as bytes off the socket."""
    parts = urlsplit(url)
    con = http.client.HTTPConnection(parts.hostname, parts.port, timeout=seconds)
    con.request("GET", parts.path)
    response = con.getresponse()
    got = b""
    end = time.monotonic() + seconds
    try:
        while time.monotonic() < end:
            chunk = response.read1(65536)
            if not chunk:
                break
            got += chunk
    except TimeoutError:
        pass
    finally:
        con.close()
    return got.decode("utf-8")


def open_pages(browser, server, pages: dict, **context) -> None:
    """The public page and Ann's and Ben's private pages, each live, into `pages` (who -> page; the
    caller closes them)."""
    for who, url in (("public", server.url), ("Ann", server.links["Ann"]), ("Ben", server.links["Ben"])):
        pages[who] = browser.new_context(**context).new_page()
        pages[who].goto(url)
        live(pages[who])


def test_a_private_link_shows_its_own_hand_the_public_page_no_hidden_card_and_the_phones_theme(browser, table):
    """The hands, and (issue 34) light and dark following prefers-color-scheme (no switch to find): the
    public page opened light, then once more dark on a narrow phone."""
    server = Server(table)
    pages = {}
    try:
        open_pages(browser, server, pages, color_scheme="light")
        assert pages["Ann"].text_content("#hand-cards") == "Zap Blast + 3 unnamed"
        assert pages["Ben"].is_visible("#hand") and "Zap" not in pages["Ben"].text_content("#hand-cards")
        assert run_in_process("track", "hand", "ann", "Grunt", env=env(table)).returncode == 0
        log_has(pages["public"], "hand Ann (1 card", timeout=2000)
        shows(pages["Ann"], "#hand-cards", "Grunt", 2000)
        for who in ("public", "Ben"):
            html = pages[who].content()
            assert not any(card in html for card in (*SECRET, "Grunt")), who
            assert not pages[who].is_visible("#hand") or who == "Ben"
        stream = raw_stream(server.url + "api/stream", 1.5)
        assert "event: table" in stream and '"hand Ann (' in stream
        assert not any(card in stream for card in (*SECRET, "Grunt"))
        mine = raw_stream(server.links["Ann"].replace("/p/", "/api/p/") + "/stream", 1.5)
        assert all(card in mine for card in (*SECRET, "Grunt"))
        pages["dark"] = browser.new_context(color_scheme="dark", viewport={"width": 320, "height": 640}).new_page()
        pages["dark"].goto(server.url)
        live(pages["dark"])
        colours = {scheme: pages[who].locator("header").evaluate("e => getComputedStyle(e).backgroundColor")
                   for scheme, who in (("light", "public"), ("dark", "dark"))}
        assert colours["light"] == "rgb(255, 255, 255)" and colours["dark"] != colours["light"]
    finally:
        for p in pages.values():
            p.context.close()
        server.stop()


def test_a_page_resumes_after_the_server_restarts(page, table):
    server = Server(table)
    port = server.port
    try:
        page.goto(server.url)
        live(page)
        assert run_in_process("track", "coins", "ann", "+1", env=env(table)).returncode == 0
        log_has(page, "coins Ann +1", timeout=2000)
    finally:
        server.stop()
    page.locator("#status.lost").wait_for(timeout=10_000)
    assert run_in_process("track", "coins", "ben", "+2", env=env(table)).returncode == 0  # made while it was down
    server = Server(table, port=port)
    try:
        log_has(page, "coins Ben +2", timeout=10_000)
        live(page)
        said = page.locator("#log li").all_text_contents()
        assert sum("coins Ann +1" in s for s in said) == 1 and sum("coins Ben +2" in s for s in said) == 1
        assert run_in_process("track", "coins", "ann", "+3", env=env(table)).returncode == 0
        log_has(page, "coins Ann +3", timeout=2000)
    finally:
        server.stop()


def play_from(browser, link: str, move: str, outcome: str):
    """A new page at `link` that submits `move` and waits for `outcome` in its verdict."""
    page = browser.new_context().new_page()
    page.goto(link)
    live(page)
    page.click("#typed summary")  # the typed play: behind a tap, under the taps
    page.fill("#move", move)
    page.click("#play-form button")
    shows(page, "#verdict", outcome, 5000)
    return page


def test_a_play_submitted_from_the_page_is_judged_and_recorded(browser, table):
    server = Server(table, "--allow-plays")
    try:
        ann = play_from(browser, server.links["Ann"], "fighter Grunt", "Recorded")
        log_has(ann, "Ann: play fighter Grunt", timeout=2000)
        ben = play_from(browser, server.links["Ben"], "pass", "refused")
        verdict = ben.text_content("#verdict")
        assert "Legal instead: decline" in verdict
        href = ben.locator("#verdict a.rule").first.get_attribute("href")  # the rules, still on Ben's private page
        assert href == urlsplit(server.links["Ben"]).path + "/rules/cataclysm-arcade.turn.line.repeat"
        ben.click("#verdict a.rule >> nth=0")
        shows(ben, "#rules-out .rule-id", "cataclysm-arcade.turn.line.repeat", 10_000)
        for p in (ann, ben):
            p.context.close()
    finally:
        server.stop()
    log = json.loads(run_in_process("track", "log", "--json", env=env(table)).stdout)["entries"]
    assert [(e["verb"], e["by"]) for e in log] == [("hand", "Ann"), ("play", "Ann")]  # the refused pass left nothing


def test_a_finished_games_button_carries_its_bgstats_link(page, home):
    """Issue 36: once the game is over, the page offers the play for BG Stats: the very link
    `companion track export-play` prints."""
    for words in (["track", "new", "cataclysm-arcade", "--players", "Ann,Ben", "--option", "boss-health=5", "--name",
                   "arcade"], ["track", "pass", "ann"], ["track", "pass", "ben"], ["track", "next-level"]):
        assert run_in_process(*words, env=env(home)).returncode == 0
    server = Server(home)
    try:
        page.goto(server.url)
        live(page)
        assert page.locator("#bgstats-row").is_hidden()
        assert run_in_process("track", "damage", "ben", "boss", "5", env=env(home)).returncode == 0
        page.locator("#bgstats-row").wait_for(state="visible", timeout=5000)
        link = json.loads(run_in_process("track", "export-play", "--json", env=env(home)).stdout)["link"]
        assert link.startswith("bgstats://") and page.get_attribute("#bgstats", "href") == link
    finally:
        server.stop()


def tap_a_play(page) -> str:
    """Tap the first choice until a whole play is built; send it; the play as the page showed it."""
    page.locator("#choices button").first.wait_for(timeout=10_000)
    while page.locator("#tap-send").is_disabled():
        page.locator("#choices button").first.click()
    built = page.text_content("#picked")
    page.click("#tap-send")
    return built


def test_a_play_made_only_by_taps_is_recorded_and_shows_on_the_other_pages(browser, table):
    """Issue 34: the private page offers its player's legal plays as taps; the play built is shown in
    notation, judged as `play --by` judges it, and reaches the public page. Ben, not to act, gets no taps."""
    server = Server(table, "--allow-plays")
    pages = {}
    try:
        open_pages(browser, server, pages, viewport={"width": 390, "height": 844})
        shows(pages["Ben"], "#picker-note", "not Ben's", 10_000)
        assert pages["Ben"].locator("#choices button").count() == 0
        listed = json.loads(run_in_process("moves", "--json", env=env(table)).stdout)["moves"]
        built = tap_a_play(pages["Ann"])
        assert built in listed
        shows(pages["Ann"], "#verdict", "Recorded", 5000)
        log_has(pages["public"], f"Ann: play {built}", timeout=3000)
        log = json.loads(run_in_process("track", "log", "--json", env=env(table)).stdout)["entries"]
        assert [(e["verb"], e["by"]) for e in log][-1] == ("play", "Ann")
        shows(pages["Ben"], "#picker-note", "tap to build one", 5000)  # the turn passed: Ben's taps now (his one listed play may be a pass: his Boss has no name, so no attack is listed)
    finally:
        for p in pages.values():
            p.context.close()
        server.stop()


def test_a_private_page_stays_private_through_the_rules_and_an_old_refusal_clears(browser, table):
    """Issue 34's table fixes: Rules then Table keeps the private view (hand, play box); a glossary entry
    shows its text (an unknown id says so without a terminal command); a refusal leaves the page once
    the table has moved on."""
    from rulesdb.glossary import reference

    term = reference().glossary["cataclysm-arcade.glossary.armor"].term
    server = Server(table, "--allow-plays")
    try:
        ann = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
        ann.goto(server.links["Ann"])
        live(ann)
        ann.click("#nav-rules")
        ann.wait_for_url(server.links["Ann"] + "/rules")
        ann.goto(server.links["Ann"] + "/rules/cataclysm-arcade.glossary.armor")
        shows(ann, "#rules-out .rule-text", term.definition[:40], 10_000)
        assert term.term in ann.text_content("#rules-out h3")
        ann.goto(server.links["Ann"] + "/rules/no-such-entry")  # said in words, no terminal command
        shows(ann, "#rules-out .refused", "no rule", 10_000)
        assert "companion" not in ann.text_content("#rules-out")
        ann.click("#nav-table")
        ann.wait_for_url(server.links["Ann"])
        live(ann)
        assert ann.is_visible("#hand") and ann.is_visible("#act") and "Zap" in ann.text_content("#hand-cards")
        assert run_in_process("play", "fighter Grunt", env=env(table)).returncode == 0
        ben = play_from(browser, server.links["Ben"], "pass", "refused")
        assert run_in_process("play", "decline", env=env(table)).returncode == 0
        log_has(ben, "decline", timeout=5000)
        ben.locator("#verdict p").first.wait_for(state="detached", timeout=5000)
        assert ben.text_content("#verdict") == ""
        for p in (ann, ben):
            p.context.close()
    finally:
        server.stop()


def test_a_cli_play_shows_within_a_second_and_your_turn_on_the_right_page_only(browser, table):
    """A play made at the command line reaches the open page within a second; the player the turn
    passes to is told at the top and in the page's title (issue 34); no other page is."""
    server = Server(table)
    pages = {}
    try:
        open_pages(browser, server, pages, viewport={"width": 390, "height": 844})
        assert pages["public"].text_content("#title").startswith("arcade")
        assert pages["public"].text_content("#turn") == "Ann: make a move or pass"
        assert pages["Ann"].is_visible("#your-turn") and pages["Ann"].title().startswith("▶ Your turn")
        for who in ("public", "Ben"):
            assert pages[who].is_hidden("#your-turn") and "Your turn" not in pages[who].title()
        assert pages["public"].locator("body.public").count() == 1  # whose turn in large type
        done = run_in_process("play", "fighter Grunt", env=env(table))
        assert done.returncode == 0, done.stderr
        committed = time.monotonic()  # the play was committed before the command ended
        log_has(pages["public"], "Ann: play fighter Grunt", timeout=1000)
        shown = time.monotonic() - committed
        assert shown < 1.0
        pages["Ben"].locator("#your-turn").wait_for(state="visible", timeout=5000)
        assert pages["Ben"].title().startswith("▶ Your turn")
        pages["Ann"].locator("#your-turn").wait_for(state="hidden", timeout=5000)
        assert "Your turn" not in pages["Ann"].title() and pages["public"].is_hidden("#your-turn")
        assert pages["public"].text_content("#turn").startswith("Ben: ")
    finally:
        for p in pages.values():
            p.context.close()
        server.stop()


def test_a_page_hidden_and_shown_again_catches_up_exactly_and_sends_nothing_while_behind(browser, table):
    """Issue 34: a phone that slept. The page is frozen (as a background tab is), the table changes, the page
    is shown again: it reopens its stream from its last event and shows each change once. While its stream
    is down it says so and sends nothing."""
    server = Server(table, "--allow-plays")
    port = server.port
    try:
        context = browser.new_context(viewport={"width": 390, "height": 844})
        page = context.new_page()
        page.goto(server.links["Ann"])
        live(page)
        cdp = context.new_cdp_session(page)
        cdp.send("Page.setWebLifecycleState", {"state": "frozen"})
        for n in ("+1", "+2", "+3"):
            assert run_in_process("track", "coins", "ben", n, env=env(table)).returncode == 0
        cdp.send("Page.setWebLifecycleState", {"state": "active"})
        page.dispatch_event("body", "visibilitychange")  # bubbles to the document, as the phone's own does
        log_has(page, "coins Ben +3", timeout=10_000)
        live(page)
        said = page.locator("#log li").all_text_contents()
        assert [sum(f"coins Ben {n}" in s for s in said) for n in ("+1", "+2", "+3")] == [1, 1, 1]
        entries = json.loads(run_in_process("track", "log", "--json", env=env(table)).stdout)["entries"]
        page.locator(f"body[data-seq='{len(entries)}']").wait_for(timeout=5000)
    finally:
        server.stop()
    try:
        page.locator("#status.lost").wait_for(timeout=10_000)
        page.click("#typed summary")
        page.fill("#move", "fighter Grunt")
        page.click("#play-form button")
        shows(page, "#verdict", "reconnecting: not sent", 5000)
        server = Server(table, "--allow-plays", port=port)
        live(page)
        log = json.loads(run_in_process("track", "log", "--json", env=env(table)).stdout)["entries"]
        assert [e["verb"] for e in log].count("play") == 0  # nothing was sent while behind
    finally:
        server.stop()
        context.close()


def test_the_host_page_undoes_and_a_private_page_has_no_undo(browser, table):
    """Issue 34: the host link, printed on the laptop only, adds undo; the private pages have none."""
    server = Server(table, "--allow-plays")
    try:
        host = next(line.split(": ", 1)[1] for line in server.lines if line.startswith("Host link"))
        assert host not in server.links.values()
        ann = browser.new_context().new_page()
        ann.goto(server.links["Ann"])
        live(ann)
        assert ann.is_hidden("#host") and urlsplit(host).path.split("/")[-1] not in ann.content()
        page = browser.new_context().new_page()
        page.goto(host)
        live(page)
        assert run_in_process("track", "coins", "ann", "+2", env=env(table)).returncode == 0
        log_has(page, "coins Ann +2", timeout=5000)
        page.click("#undo")
        shows(page, "#host-verdict", "Undone", 5000)
        log = json.loads(run_in_process("track", "log", "--json", env=env(table)).stdout)["entries"]
        assert log[-1]["kind"] == "undo" and "coins Ann +2" in log[-1]["said"]
        for p in (ann, page):
            p.context.close()
    finally:
        server.stop()


def test_a_counter_stepper_tap_records_the_change_and_the_other_pages_show_it(browser, table):
    """Issue 34: a counter the player may change is a − / + stepper: a tap sends the checked change (as
    `track coins ann +1` with the page's last event), and every other page shows it."""
    server = Server(table, "--allow-plays")
    pages = {}
    try:
        open_pages(browser, server, pages, viewport={"width": 390, "height": 844})
        assert pages["public"].locator(".stepper").count() == 0
        plus = pages["Ann"].get_by_role("button", name="coins Ann plus 1")
        plus.wait_for(timeout=10_000)
        assert pages["Ann"].locator(".stepper", has_text="coins Ann").locator(".num").text_content() == "1"
        assert pages["Ben"].get_by_role("button", name="coins Ann plus 1").count() == 0  # only their own
        plus.click()
        shows(pages["Ann"], "#verdict", "Recorded: coins Ann +1", 5000)
        for who in ("public", "Ben"):
            log_has(pages[who], "coins Ann +1", timeout=5000)
        shows(pages["Ann"], ".stepper .num", "2", 5000)
        log = json.loads(run_in_process("track", "log", "--json", env=env(table)).stdout)["entries"]
        assert log[-1]["said"].startswith("coins Ann +1") and len(log) == 2
    finally:
        for p in pages.values():
            p.context.close()
        server.stop()
