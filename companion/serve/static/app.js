// The table page: one EventSource for the live table, fetch for the rules and (with --allow-plays)
// plays. Every text from the server is put in the page as text (never as HTML); rule ids become links.
"use strict";

// a private page (/p/TOKEN...) or the host's (/h/TOKEN...): its links keep it so
const privateMatch = location.pathname.match(/^\/([ph])\/([0-9a-f]+)(\/.*)?$/);
const home = privateMatch ? `/${privateMatch[1]}/${privateMatch[2]}` : "";
const isHost = !!privateMatch && privateMatch[1] === "h";
const path = privateMatch ? privateMatch[3] || "/" : location.pathname;  // the view: /, /rules, /rules/ID
const api = privateMatch ? `/api${home}` : "/api";
// the games' ids come as data with the page (a meta tag; companion/serve/assets.py games_meta)
const GAME_IDS = (document.querySelector('meta[name="games"]')?.content || "").split(" ").filter(Boolean);
const RULE_ID = new RegExp(`\\b((?:${GAME_IDS.join("|")})\\.[a-z0-9][a-z0-9.-]*[a-z0-9])`, "g");
const $ = (id) => document.getElementById(id);
let lastSeq = null;
let taps = null;  // the player's legal plays now: {seq, moves, note, trie} from /moves
let picked = [];  // the steps tapped so far
let verdictSeq = null;
let wasYourTurn = false;  // the last event when the verdict shown was given: a later one clears a refusal
let steppersShown = [];  // the counters of the table shown (refreshed with each table)

function el(tag, text, cls) {
  const node = document.createElement(tag);
  if (text !== undefined && text !== null) node.append(linked(String(text)));
  if (cls) node.className = cls;
  return node;
}

// Text with each rule id made a link to its entry.
function linked(text) {
  const frag = document.createDocumentFragment();
  let at = 0;
  for (const m of text.matchAll(RULE_ID)) {
    frag.append(text.slice(at, m.index));
    const a = document.createElement("a");
    a.href = `${home}/rules/${m[1]}`;
    a.className = "rule";
    a.textContent = m[1];
    frag.append(a);
    at = m.index + m[1].length;
  }
  frag.append(text.slice(at));
  return frag;
}

function cell(value) {
  if (value === null || value === undefined || value === "") return "-";
  if (value === true) return "yes";
  if (value === false) return "no";
  if (Array.isArray(value)) return value.length ? value.map(cell).join(", ") : "-";
  if (typeof value === "object") {
    if ("name" in value) {
      const rest = Object.entries(value).filter(([k, v]) => k !== "name" && v !== null && v !== false && v !== "" && v !== 0);
      return rest.length ? `${value.name} (${rest.map(([k, v]) => (v === true ? k : `${k} ${cell(v)}`)).join(", ")})` : value.name;
    }
    return Object.entries(value).map(([k, v]) => `${k.replaceAll("_", " ")} ${cell(v)}`).join(", ") || "-";
  }
  return String(value);
}

// One value of the table: a counter as a big number, dice as their faces, the winning set (Catopomp) and
// the Line (Cataclysm Arcade) as cards, anything else as text.
const FACES = ["⚀", "⚁", "⚂", "⚃", "⚄", "⚅"];
function die(v) {
  const f = el("span", FACES[v - 1], "die");
  f.setAttribute("role", "img");
  f.setAttribute("aria-label", `die ${v}`);
  return f;
}

function cardsCell(tag, key, value) {
  const node = el(tag, null, "cards");
  if (key === "line") {  // the Line: each card on it, oldest first, "fighter Grunt (Ann)"
    value.forEach((c) => node.append(el("span", c, "card")));
    return node;
  }
  const [, owner, said] = value.match(/^(.*?): (.*)$/);  // "Ann: 4 4 6 dice 3+4", as the table says it
  node.append(el("span", owner, "owner"));
  const dice = said.match(/\bdice ([1-6](?:\+[1-6])*)$/);
  (dice ? said.slice(0, dice.index) : said).split(" ").filter(Boolean).forEach((c) => node.append(el("span", c, "card")));
  if (dice) dice[1].split("+").forEach((v) => node.append(die(Number(v))));
  return node;
}

function valueCell(tag, key, value) {
  if ((key === "line" && Array.isArray(value) && value.length && value.every((c) => typeof c === "string"))
      || (key === "winning_set" && typeof value === "string" && /^.*?: \S/.test(value))) {
    return cardsCell(tag, key, value);
  }
  const isDice = /dice|die|roll/.test(key) && Array.isArray(value) && value.length
    && value.every((v) => Number.isInteger(v) && v >= 1 && v <= 6);
  if (isDice) {
    const node = el(tag, null, "dice");
    value.forEach((v) => node.append(die(v)));
    return node;
  }
  return el(tag, cell(value), typeof value === "number" ? "num" : undefined);
}

// The raw summary (behind "Set-up details", and the whole table where no phone view came): a list of
// records as a table, anything else as a definition list.
function summaryView(summary) {
  const out = document.createDocumentFragment();
  const dl = el("dl");
  for (const [key, value] of Object.entries(summary)) {
    const rows = Array.isArray(value) && value.length && value.every((r) => r && typeof r === "object" && !Array.isArray(r));
    if (!rows) {
      dl.append(el("dt", key.replaceAll("_", " ")), valueCell("dd", key, value));
      continue;
    }
    const list = el("div");
    list.append(el("h3", key.replaceAll("_", " ")));
    for (const r of value) list.append(el("p", cell(r)));
    out.append(list);
  }
  out.prepend(dl);
  return out;
}

// Text from the server for a player: a terminal command in it (`companion ...`) is left out, with the
// clause that carries it; other backquotes (a play as said) go.
function plain(text) {
  return String(text ?? "")
    .replace(/\s*\([^()]*`companion [^`]*`[^()]*\)/g, "")
    .replace(/[;,]?\s*[^;,()]*`companion [^`]*`[^;()]*/g, "")
    .replaceAll("`", "").trim();
}

function eventItem(event, fresh) {
  const li = el("li");
  li.dataset.seq = event.seq;
  for (const mark of event.marks || []) li.append(el("span", mark, "mark"));
  const line = el("span");
  if (event.kind === "change") line.append(el("span", event.by, "by"), ": ");
  line.append(linked(event.said));
  li.append(line);
  for (const t of event.triggered || []) li.append(el("span", `→ ${t}`, "said"));
  if (fresh) li.classList.add("new");
  return li;
}

// One group of cards in play: its name (and whose), then the cards and dice, or what it holds when empty.
function inPlay(group) {
  const box = el("div", null, "in-play");
  box.dataset.part = group.label;
  box.append(el("h3", group.owner ? `${group.label}: ${group.owner}` : group.label));
  const row = el("p", null, "cards");
  group.cards.forEach((c) => row.append(el("span", c, "card")));
  (group.dice || []).forEach((v) => row.append(die(v)));
  if (group.value !== undefined && group.value !== null) row.append(el("span", group.value, "num"));
  else if (!group.cards.length && !(group.dice || []).length) row.append(el("span", group.empty || "none", "effect"));
  box.append(row);
  return box;
}

function chip(label, value) {
  const c = el("span", null, "chip");
  c.append(el("span", label, "k"), " ", el("b", value));
  return c;
}

function drawView(t) {
  const v = t.view;
  $("turn").textContent = t.ended && !t.finished ? "The session has ended" : v.headline;
  $("setup").hidden = !v.setup || v.setup === v.headline;
  $("setup").textContent = v.setup || "";
  $("end").hidden = !v.end;
  if (v.end) {
    $("end-title").textContent = v.end.title;
    $("end-how").textContent = v.end.how;
    $("end-scores").replaceChildren(...v.end.scores.map(([who, said]) => {
      const li = el("li");
      li.append(el("b", who), `: ${said}`);
      return li;
    }));
  }
  $("in-play").replaceChildren(...v.in_play.map(inPlay));
  $("table-counters").replaceChildren(...v.counters.map(([k, val]) => chip(k, val)));
  $("players").replaceChildren(...v.players.map((p) => {
    const box = el("div", null, p.turn ? "player acting" : "player");
    const h = el("h3", p.name);
    if (p.turn) h.append(" ", el("span", "to act", "badge"));
    p.notes.forEach((n) => h.append(" ", el("span", n, "badge dim")));
    const chips = el("p", null, "chips");
    p.counters.forEach(([k, val]) => chips.append(chip(k, val)));
    box.append(h, chips);
    return box;
  }));
  const dl = el("dl");
  v.details.forEach(([k, val]) => dl.append(el("dt", k), el("dd", val)));
  $("details").replaceChildren(dl);
}

let shownSeq = null;  // the table drawn: a 409's table may be ahead of the stream's last event

function renderTable(t, fromStream = true) {
  if (t.version && VERSION && t.version !== VERSION) { reloadFor(t.version); return; }
  // your turn: said at the top, in the tab's title, and by a buzz where the phone allows it (once, as it comes)
  $("your-turn").hidden = !t.your_turn;
  if (t.your_turn && t.acting && t.to_act !== t.viewer) $("your-turn").textContent = `You may act: ${t.acting}`;
  else $("your-turn").textContent = "Your turn";
  document.title = `${t.your_turn ? "▶ Your turn · " : ""}${t.session} · companion`;
  if (t.your_turn && !wasYourTurn && navigator.vibrate) navigator.vibrate(200);
  wasYourTurn = !!t.your_turn;
  document.body.classList.toggle("public", !t.viewer);
  document.body.classList.toggle("over", !!t.finished);
  $("title").textContent = `${t.session} (${t.game})${t.viewer ? ` · ${t.viewer}` : ""}`;
  if (t.view) drawView(t);
  else {
    $("turn").textContent = t.ended ? "The session has ended" : t.finished ? "Game over"
      : t.acting || t.to_act ? `To act: ${t.acting || t.to_act}` : "";
    $("in-play").replaceChildren();
  }
  if (t.view) $("summary").replaceChildren();  // the engine's own keys only where no phone view came
  else $("summary").replaceChildren(summaryView(t.summary));
  $("switched").hidden = !t.switched_to;  // the host made another session current: this page stays on its own
  if (t.switched_to) $("switched").textContent = `The host switched to session ${t.switched_to}; this page still shows ${t.session}. Ask the host for the new links.`;
  $("bgstats-row").hidden = !t.bgstats;  // a finished game: its play for BG Stats, as `track export-play` gives it
  if (t.bgstats) $("bgstats").href = t.bgstats;
  viewer = t.viewer;
  if (t.hand) {
    $("hand").hidden = false;
    const h = t.hand;
    const cards = h.cards === null ? `${h.count} cards, none recorded yet` : (h.cards.join(" ") || "empty")
      + (h.unnamed ? ` + ${h.unnamed} unnamed` : "");
    // the hand as cards: one tile each, the words between them kept so the text reads as before
    if (h.cards === null || !h.cards.length) $("hand-cards").textContent = cards;
    else {
      const tiles = [];
      h.cards.forEach((c, i) => { if (i) tiles.push(" "); tiles.push(el("span", c, "card")); });
      if (h.unnamed) tiles.push(` + ${h.unnamed} unnamed`);
      $("hand-cards").replaceChildren(...tiles);
    }
    // what the cards in sight say against this record (Catopomp): told on this page only
    const conflicts = h.conflicts || [];
    $("hand-conflicts").hidden = !conflicts.length;
    $("hand-conflicts").textContent = conflicts.map((c) => `! ${c.message} [${c.rule}]`).join("\n");
  }
  $("act").hidden = !t.plays || !!t.finished;  // the end screen has no play box
  $("host").hidden = !isHost;
  if (isHost && $("by").options.length !== t.players.length) {
    $("by").replaceChildren(...t.players.map((p) => { const o = el("option", p); o.value = p; return o; }));
  }
  if (t.plays && !t.finished && t.seq !== shownSeq) loadTaps(t.seq);
  if ("steppers" in t) drawSteppers(steppersShown = t.steppers);
  // a stepper's change, else the server's example, which names this table's players (this page's first)
  const example = (t.steppers || []).map((s) => s.plus || s.minus).find(Boolean) || t.change_example;
  if (example) $("change").placeholder = `a counter change, e.g. ${example}`;
  if (verdictSeq !== null && t.seq > verdictSeq) { $("verdict").replaceChildren(); verdictSeq = null; }
  if (t.log) {
    $("log").replaceChildren(...t.log.slice().reverse().map((e) => eventItem(e, false)));
    wholeLog();
  }
  if (fromStream) lastSeq = t.seq;
  shownSeq = Math.max(shownSeq ?? 0, t.seq);
  if (shownSeq === t.seq) document.body.dataset.seq = t.seq;  // the table shown is the log up to this event
  if (staleFor !== null && lastSeq !== null && lastSeq >= staleFor) { staleFor = null; }
  showStatus();
}

// The log: the last few plays; the rest behind a tap.
const FEW = 5;
function wholeLog() {
  const n = $("log").children.length;
  $("whole-log").hidden = n <= FEW;
  $("whole-log").textContent = $("log").classList.contains("all") ? "Only the last plays" : `The whole log (${n})`;
}

// A page from another version of the companion (the server was upgraded): load the new page, once.
const VERSION = document.documentElement.dataset.version;
function reloadFor(version) {
  const key = `companion-reloaded-${version}`;
  try {
    if (!sessionStorage.getItem(key)) { sessionStorage.setItem(key, "1"); location.reload(); return; }
  } catch (err) { /* no storage: say so instead */ }
  $("switched").hidden = false;
  $("switched").textContent = "The companion was upgraded: reload this page.";
}

// The stream. A phone's browser drops it silently in a background tab: the page reopens it with its last
// event id when it is shown again, when the phone is back online, and when no event (not even the
// server's `alive`, sent every 15 s) came for a while; until it is open again the page says so and sends nothing.
// A page is "live" only with its stream open and caught up with the newest table it has been shown (a 409
// brings a table ahead of the stream: "catching up" until the stream has told what happened).
let source = null;
let streamOpen = false;
let staleFor = null;  // the seq a 409 showed that the stream has not reached yet
let lastBeat = Date.now();
const QUIET = 40_000;
let viewer = null;

function showStatus() {
  const behind = !streamOpen || (shownSeq !== null && lastSeq !== null && lastSeq < shownSeq);
  $("status").textContent = !streamOpen ? (lastSeq === null ? "connecting" : "reconnecting") : behind ? "catching up" : "live";
  $("status").className = `status ${behind ? "lost" : "live"}`;
}

function lost() {
  streamOpen = false;
  showStatus();
}

function connect() {
  if (source) source.close();
  lost();
  const url = `${api}/stream` + (lastSeq === null ? "" : `?last=${lastSeq}`);
  const mine = source = new EventSource(url);
  const beat = () => { lastBeat = Date.now(); };
  mine.onopen = () => { beat(); streamOpen = true; showStatus(); };
  mine.onerror = () => {
    lost();
    if (mine.readyState === EventSource.CLOSED && source === mine) setTimeout(() => { if (source === mine) connect(); }, 2000);
  };
  mine.addEventListener("alive", beat);
  mine.addEventListener("table", (e) => { beat(); renderTable(JSON.parse(e.data)); });
  mine.addEventListener("change", (e) => {
    beat();
    const m = JSON.parse(e.data);
    if (lastSeq !== null && m.seq <= lastSeq) return;  // told already (an old stream's last words)
    $("log").prepend(eventItem(m.event, true));
    while ($("log").children.length > 60) $("log").lastChild.remove();
    wholeLog();
    lastSeq = m.seq;
    if (m.table && (shownSeq === null || m.seq >= shownSeq)) renderTable(m.table);
    else showStatus();
  });
}

function watchSleep() {
  document.addEventListener("visibilitychange", () => { if (document.visibilityState === "visible") connect(); });
  window.addEventListener("online", connect);
  setInterval(() => { if (Date.now() - lastBeat > QUIET) { lastBeat = Date.now(); connect(); } }, 5000);
}

// The tap picker: the legal plays as a trie of their words (served, taps.py); each tap goes one step down.
async function loadTaps(seq) {
  let doc;
  try {
    const r = await fetch(`${api}/moves`);
    if (!r.ok) return;
    doc = await r.json();
  } catch (err) { return; }
  if (shownSeq !== null && doc.seq < shownSeq) return;  // an answer overtaken by a later table
  taps = doc;
  picked = [];
  drawTaps();
  $("picker").dataset.seq = doc.seq;  // the taps shown are the plays of the table up to this event
}

function tapNode() {
  let node = taps.trie;
  for (const label of picked) node = node.next.find(([l]) => l === label)[1];
  return node;
}

function drawTaps() {
  if (!taps) return;
  const node = tapNode();
  const handMissing = /not recorded/.test(taps.note || "") && /hand/.test(taps.note || "");
  const count = taps.moves.length;
  let note = count ? `${count} legal play${count === 1 ? "" : "s"}: tap to build one` : `No play to tap: ${plain(taps.note) || "none listed"}.`;
  if (handMissing) note = `${count ? `${count} legal play${count === 1 ? "" : "s"} (passes)` : "No play to tap"}. Plays with cards from your hand need your hand recorded.`;
  $("picker-note").replaceChildren(linked(note));  // its rule ids link to their entries, as everywhere
  $("hand-needed").hidden = !handMissing;
  $("picked").textContent = picked.length ? picked.join(" ") : "";
  if (count) $("move").placeholder = `a play, e.g. ${taps.moves[0]}`;
  $("choices").replaceChildren(...node.next.map(([label]) => {
    const b = el("button", label, "choice");
    b.type = "button";
    b.addEventListener("click", () => { picked.push(label); drawTaps(); });
    return b;
  }));
  // a play whose Board Refill turns up a card: tap the card (offered as `reveal NAME`), or say it is unknown
  const refill = picked.length && node.end ? (taps.refills || {})[picked.join(" ")] : null;
  $("refill").hidden = !refill;
  if (refill) {
    $("refill-said").textContent = `The Board refills from the Rank ${refill.ranks[0]} deck: `
      + (refill.cards.length ? "tap the card turned up, or" : "no card of that Rank is known yet:") + " unknown card, or type its name.";
  }
  $("tap-send").disabled = !(picked.length && node.end);
  $("tap-send").textContent = picked.length && node.end ? `Send: ${picked.join(" ")}` : "Send";
  $("tap-back").disabled = !picked.length;
}

// The counters this player may change, as − / + (served, steppers.py): each tap sends the change
// `coins Ann +1` exactly as the change box would, with the page's last event; a button the tracker would
// refuse now is not offered. The steppers wait for the table after a tap (a second tap on an old table is refused).
function drawSteppers(list) {
  const rows = list.map((s) => {
    const row = el("div", null, "stepper");
    const value = el("span", s.value === null ? "" : s.value, "num");
    const button = (change, sign, word) => {
      const b = el("button", sign, "step");
      b.type = "button";
      b.setAttribute("aria-label", `${s.label} ${word}`);
      b.disabled = !change;
      if (change) b.addEventListener("click", () => { holdSteppers(); submit("change", change); });
      return b;
    };
    row.append(el("span", s.label, "label"), button(s.minus, "−", "minus 1"), value, button(s.plus, "+", "plus 1"));
    return row;
  });
  $("steppers").replaceChildren(...rows);
}

function holdSteppers() {  // until the next table (or a refusal) draws them again
  for (const b of $("steppers").querySelectorAll("button")) b.disabled = true;
}

// A play or change the table had moved on from (409): the table that came with the answer is drawn at
// once, the page says what changed, and one tap sends it again on the table now.
let again = null;
function stale(kind, text, extra, doc) {
  if (doc.table) {
    renderTable(doc.table, false);
    staleFor = doc.table.seq;
    setTimeout(() => { if (staleFor !== null && lastSeq !== null && lastSeq < staleFor) connect(); }, 3000);
  }
  const changed = (doc.changed || []).map(plain);
  const what = changed.length > 3 ? `${changed.length} changes, the last: ${changed[changed.length - 1]}` : changed.join("; ");
  $("stale-said").textContent = `Not sent: the table moved on${what ? ` (${what})` : ""}. `
    + (text === null ? `Still mean to ${kind}?` : `Still mean ${text}?`);
  again = { kind, text, extra };
  $("stale-again").textContent = text === null ? `${kind === "undo" ? "Undo" : "Redo"} again` : `Send again: ${text}`;
  $("stale").hidden = false;
  $("stale-again").focus({ preventScroll: true });
  window.scrollTo(0, 0);
}

function unstale() { $("stale").hidden = true; again = null; }

async function submit(kind, text, extra = {}) {
  const out = $(isHost ? "host-verdict" : "verdict");
  unstale();
  if (!streamOpen) {  // the table shown may be old: nothing is sent until the stream is back
    out.replaceChildren(el("p", "reconnecting: not sent; send it again once the page says live", "refused"));
    drawSteppers(steppersShown);
    return;
  }
  out.replaceChildren(el("p", "…"));
  let doc;
  let status;
  try {
    const r = await fetch(`${api}/${kind}`, { method: "POST", headers: { "content-type": "application/json" },
      body: JSON.stringify(text === null ? { seen: shownSeq, ...extra }
        : { [kind === "change" ? "change" : "move"]: text, seen: shownSeq, ...extra }) });
    status = r.status;
    doc = await r.json();
  } catch (err) {
    out.replaceChildren(el("p", `not sent: ${err}`, "refused"));
    drawSteppers(steppersShown);
    return;
  }
  if (status === 409 && doc.moved) {
    out.replaceChildren();
    stale(kind, text, extra, doc);
    drawSteppers(steppersShown);
    return;
  }
  const parts = [];
  if (status === 200 && (kind === "undo" || kind === "redo")) {
    parts.push(el("p", `${kind === "undo" ? "Undone" : "Redone"}: ${plain(cell(doc.undone || doc.redone || doc.change))}`, "recorded"));
  } else if (status === 200 && doc.recorded) {
    parts.push(el("p", `Recorded: ${doc.move || doc.change}${doc.overruled ? " (overruled)" : ""}`, "recorded"));
  } else {
    parts.push(el("p", plain(doc.error) || `refused (${status})`, "refused"));
  }
  for (const r of doc.reasons || []) parts.push(el("p", plain(`${r.rule || ""} ${r.message || ""}`), "effect"));
  for (const e of doc.effects || []) parts.push(el("p", `→ ${plain(e.message)}${e.rule ? ` ${e.rule}` : ""}`, "effect"));
  for (const u of doc.unchecked || []) parts.push(el("p", `? ${plain(u.message || u)}${u.rule ? ` ${u.rule}` : ""}`, "effect"));
  if ((doc.alternatives || []).length) parts.push(el("p", `Legal instead: ${doc.alternatives.join(" | ")}`));
  if ((doc.did_you_mean || []).length) parts.push(el("p", `Did you mean: ${doc.did_you_mean.join(" | ")}`));
  if (doc.not_yours) parts.push(el("p", `Nothing is legal for you now: ${plain(doc.not_yours)}`));
  out.replaceChildren(...parts);
  verdictSeq = doc.recorded ? shownSeq + 1 : shownSeq;
  if (!doc.recorded) drawSteppers(steppersShown);  // refused: the steppers of the table shown, again
}

function snippet(text) {
  const p = el("p");
  text.split(/\*\*(.+?)\*\*/).forEach((piece, i) => p.append(i % 2 ? el("b", piece) : piece));
  return p;
}

async function search(q) {
  const out = $("rules-out");
  const r = await fetch(`/api/rules/search?q=${encodeURIComponent(q)}`);
  const doc = await r.json();
  if (!r.ok) { out.replaceChildren(el("p", plain(doc.error), "refused")); return; }
  const parts = [];
  if (!doc.results.length) parts.push(el("p", `No rules match ${q}.`));
  else if (doc.coverage !== "covered") parts.push(el("p", "The rulebooks do not seem to cover this; the closest entries:"));
  for (const hit of doc.results) {
    const div = el("div", null, "hit");
    const h = el("h3", hit.title);
    h.append(" ", el("span", hit.id, "id"));
    div.append(h, snippet(hit.snippet));
    if (hit.provenance) div.append(el("p", hit.provenance.label, "effect"));
    parts.push(div);
  }
  out.replaceChildren(...parts);
}

function ruleView(rule) {
  const div = el("div", null, "hit");  // a rule (title, text) or a glossary term (term, definition, its rules)
  div.append(el("h3", rule.title || rule.term), el("p", rule.id, "rule-id"),
    el("p", rule.text || rule.definition || "", "rule-text"));
  if ((rule.aliases || []).length) div.append(el("p", `Also called: ${rule.aliases.join(", ")}`, "effect"));
  if ((rule.rules || []).length) div.append(el("p", `Rules: ${rule.rules.map((r) => `${r.id} (${r.title})`).join(", ")}`));
  if (rule.unclear) div.append(el("p", `Unclear: ${cell(rule.unclear)}`, "effect"));
  if ((rule.see_also || []).length) div.append(el("p", `See also: ${rule.see_also.map((s) => s.id || s).join(", ")}`));
  return div;
}

async function show(id) {
  const out = $("rules-out");
  const r = await fetch(`/api/rules/show/${encodeURIComponent(id)}`);
  const doc = await r.json();
  if (!r.ok) { out.replaceChildren(el("p", plain(doc.error), "refused")); return; }
  const parts = [el("p", (doc.section_path || []).join(" › "), "effect")];
  for (const rule of doc.kind === "section" ? doc.entries : [doc]) parts.push(ruleView(rule));
  out.replaceChildren(...parts);
}

function start() {
  $("search-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const q = $("q").value.trim();
    if (q) { history.replaceState(null, "", `${home}/rules?q=${encodeURIComponent(q)}`); search(q); }
  });
  $("nav-table").href = home || "/";
  $("nav-rules").href = `${home}/rules`;
  if (path === "/rules" || path.startsWith("/rules/")) {
    $("table-view").hidden = true;
    $("rules-view").hidden = false;
    $("status").textContent = "";
    $("title").textContent = "Rules";
    const q = new URLSearchParams(location.search).get("q");
    if (path.startsWith("/rules/")) show(decodeURIComponent(path.slice(7)));
    else if (q) { $("q").value = q; search(q); }
    return;
  }
  $("play-form").addEventListener("submit", (e) => {
    e.preventDefault();
    if ($("move").value.trim()) submit("play", $("move").value.trim());
  });
  $("tap-send").addEventListener("click", () => {
    if (taps && picked.length && tapNode().end) { const text = picked.join(" "); picked = []; drawTaps(); submit("play", text); }
  });
  $("undo").addEventListener("click", () => submit("undo", null));
  $("redo").addEventListener("click", () => submit("redo", null));
  $("overrule-form").addEventListener("submit", (e) => {
    e.preventDefault();
    if ($("overrule-move").value.trim()) submit("overrule", $("overrule-move").value.trim(), { by: $("by").value });
  });
  $("tap-back").addEventListener("click", () => { picked.pop(); drawTaps(); });
  $("stale-again").addEventListener("click", () => { if (again) { const a = again; submit(a.kind, a.text, a.extra); } });
  $("stale-drop").addEventListener("click", unstale);
  $("refill-unknown").addEventListener("click", () => { $("tap-send").click(); });
  $("refill-type").addEventListener("click", () => {
    $("typed").open = true;
    $("move").value = `${picked.join(" ")} reveal `;
    $("move").focus();
  });
  $("record-hand").addEventListener("click", () => {
    $("typed").open = true;
    $("change").value = `hand ${(viewer || "").toLowerCase()} `;
    $("change").focus();
  });
  $("whole-log").addEventListener("click", () => {
    const all = $("log").classList.toggle("all");
    $("whole-log").setAttribute("aria-expanded", String(all));
    wholeLog();
  });
  $("change-form").addEventListener("submit", (e) => {
    e.preventDefault();
    if ($("change").value.trim()) submit("change", $("change").value.trim());
  });
  $("rules-view").hidden = false;  // the search box under the table too
  connect();
  watchSleep();
}

start();
