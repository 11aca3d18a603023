// The table page: a generic renderer of any game's view, its legal actions as buttons, the
// log, the components in view, scores, the end screen; hot-seat with a hand-off screen;
// reconnection. Seats are held by secret tokens kept in this browser's localStorage (an
// invitation link carries one in its #fragment, which never reaches the server's logs).
import { $, breakdownTable, clear, el, toast } from "./dom.js";
import { genericView, seatName as nameSeat } from "./generic.js";
import { loadWords, wordsOf } from "./gametext.js";
import { askHint, drawHints } from "./hints.js";
import { isDraw, lang, resultMark, setLang, t } from "./i18n.js";

const TABLE = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
const KEY = `spacetable.table.${TABLE}`;
const SKIP = new Set(["game", "players", "seat", "step", "to_act", "is_over", "clock"]);
// Games with their own board (static/boards/<game>.js, drawn in place of the generic view).
const BOARDS = new Set(["wildspace", "quazarys", "spacedealer", "tortuga2199", "planetraiders"]);
let board = null; // the game's board module once loaded ("loading" meanwhile, "none" if missing)

const seatName = (i) => nameSeat(table, i);
const { scalar, isScalar, value, zone } = genericView(seatName);
const held = new Map(); // seat (or "spectator") -> {ws, state, end, log, token, retry}
let table = null; // the public table info
let games = {};
let shown = null; // the seat whose view is on screen
let handoffTo = null; // a hot-seat hand-off waiting for a click
let endDismissed = false;

function stored() {
  return JSON.parse(localStorage.getItem(KEY) || "{}");
}

function store(data) {
  localStorage.setItem(KEY, JSON.stringify({ ...stored(), ...data }));
}

function tokensFromUrl() {
  const frag = new URLSearchParams(location.hash.slice(1));
  const found = [];
  if (frag.get("token")) found.push(frag.get("token"));
  if (frag.get("tokens")) found.push(...frag.get("tokens").split(",").filter(Boolean));
  if (location.hash) history.replaceState(null, "", location.pathname + location.search);
  const tokens = [...new Set([...(stored().tokens || []), ...found])];
  store({ tokens });
  return tokens;
}

function heldSeats() {
  return [...held.keys()].filter((k) => k !== "spectator").sort((a, b) => a - b);
}

// ---------------------------------------------------------------- connections
function connect(token) {
  const entry = { ws: null, state: null, end: null, log: [], token, retry: 0, seat: undefined };
  const open = () => {
    const proto = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${proto}://${location.host}/ws/tables/${encodeURIComponent(TABLE)}`);
    entry.ws = ws;
    ws.addEventListener("open", () => {
      entry.retry = 0;
      ws.send(JSON.stringify({ type: "hello", version: 1, token: token || null, lang: lang() }));
    });
    ws.addEventListener("message", (ev) => onMessage(entry, JSON.parse(ev.data)));
    ws.addEventListener("close", () => {
      if (entry.closed) return;
      showMessage(t("reconnecting"));
      entry.retry = Math.min(entry.retry + 1, 5);
      setTimeout(open, 500 * entry.retry);
    });
  };
  open();
  return entry;
}

function onMessage(entry, msg) {
  if (msg.type === "welcome") {
    table = msg.table;
    entry.seat = msg.seat;
    const key = msg.seat === null ? "spectator" : msg.seat;
    held.set(key, entry);
    // the seats this browser holds, for the lobby's "My games" (history)
    if (msg.seat !== null && !(stored().seats || []).includes(msg.seat)) {
      store({ seats: [...(stored().seats || []), msg.seat].sort((a, b) => a - b) });
    }
    if (shown === null || !held.has(shown)) {
      const saved = stored().shown;
      shown = held.has(saved) ? saved : key;
    }
    hideMessage();
    header();
    if (table.status === "open") waitingStart();
  } else if (msg.type === "table") {
    table = msg.table;
    header();
    if (table.status !== "open") hideMessage();
  } else if (msg.type === "state") {
    if (msg.log.from === 0) entry.log = [];
    else announce(entry, msg);
    if (undoing === entry) undoing = null;
    entry.log.push(...msg.log.events.map((e) => e.text));
    // The game's prompt is for the seat that acts; everyone else reads who is playing.
    if (!msg.prompt && !msg.over && msg.view.to_act && msg.view.to_act.length) {
      msg.prompt = t("playing", { who: msg.view.to_act.map((s) => seatName(s)).join(", ") });
    }
    entry.state = msg;
    entry.receivedAt = performance.now();
    if (msg.clocks) { entry.clocks = msg.clocks; entry.clocksAt = entry.receivedAt; }
    hideMessage();
    decide();
    render();
    if (msg.render_error) toast(`${t("error")}: ${msg.render_error}`);
  } else if (msg.type === "end") {
    entry.end = msg;
    render();
    if (msg.render_error) toast(`${t("error")}: ${msg.render_error}`);
  } else if (msg.type === "clocks") {
    entry.clocks = msg.clocks;
    entry.clocksAt = performance.now();
    if (held.get(shown) === entry) drawTurnClocks();
  } else if (msg.type === "notice") {
    entry.log.push(noticeText(msg.event));
    if (held.get(shown) === entry && handoffTo === null) drawLog(entry);
  } else if (msg.type === "chat_history") {
    entry.chat = msg.messages;
    if (entry.seat === undefined || held.get(shown) === entry) drawChat();
  } else if (msg.type === "chat") {
    entry.chat = [...(entry.chat || []), msg].slice(-200);
    if (held.get(shown) === entry) drawChat();
  } else if (msg.type === "why") {
    if (held.get(shown) === entry) drawWhy(msg);
  } else if (msg.type === "hint") {
    entry.hint = msg;
    entry.hintWaiting = false;
    if (held.get(shown) === entry) drawHints(table, entry, askHint);
  } else if (msg.type === "error") {
    if (undoing === entry) undoing = null;
    entry.hintWaiting = false;
    if (msg.reasons && held.get(shown) === entry) drawWhy(msg);
    if (msg.code === "bad_token" || msg.code === "no_table") {
      entry.closed = true;
      showMessage(`${t("error")}: ${msg.message}`);
    } else {
      toast(`${t("error")}: ${msg.message}`);
      render();
    }
  }
}

// ---------------------------------------------------------------- turn clocks
function noticeText(ev) {
  const who = seatName(ev.seat);
  if (ev.kind === "back") return `${who}: ${t("notice_back")}`;
  const level = ev.level ? t(ev.level) : "";
  return `${who}: ${t(ev.kind === "timeout" ? "notice_timeout" : "notice_left")} (${t("bot")} ${level})`;
}

function fmtClock(s) {
  const x = Math.max(0, Math.ceil(s));
  return `${Math.floor(x / 60)}:${String(x % 60).padStart(2, "0")}`;
}

function drawTurnClocks() {
  const entry = held.get(shown);
  const c = entry && entry.clocks;
  const panel = $("#turn-clocks");
  if (!c || handoffTo !== null) { panel.classList.add("hidden"); panel.dataset.shape = ""; return; }
  panel.classList.remove("hidden");
  $("#turn-clocks h2").textContent = t("turn_clocks");
  const elapsed = (performance.now() - entry.clocksAt) / 1000;
  // Between two changes only the times move: update them in place (a button being clicked
  // must not be replaced under the pointer).
  const shape = JSON.stringify([lang(), entry.seat, c.seats.map((sc) => [sc.away, sc.running, sc.left === null])]);
  if (panel.dataset.shape === shape) {
    c.seats.forEach((sc, i) => {
      const node = panel.querySelector(`[data-testid=turn-left-${i}]`);
      if (node && sc.left !== null) node.textContent = fmtClock(sc.running ? sc.left - elapsed : sc.left);
    });
    return;
  }
  panel.dataset.shape = shape;
  const body = clear($("#turn-clocks .body"));
  c.seats.forEach((sc, i) => {
    const row = el("div", { class: "kv", "data-testid": `turn-clock-${i}` },
      el("span", { class: "k", text: seatName(i) }));
    if (sc.left !== null) {
      const left = sc.running ? sc.left - elapsed : sc.left;
      row.append(el("span", { class: `clock${sc.running ? " running" : ""}`, "data-testid": `turn-left-${i}`, text: fmtClock(left) }));
    }
    if (sc.away) row.append(el("span", { class: "badge", "data-testid": `away-${i}`, text: `${t("bot")} · ${t(sc.away === "timeout" ? "away_timeout" : "away_left")}` }));
    body.append(row);
  });
  if (entry.seat !== null && entry.seat !== undefined && c.seats[entry.seat] && c.seats[entry.seat].away) {
    body.append(el("button", { type: "button", "data-testid": "back", text: t("im_back"),
      onclick: () => entry.ws.send(JSON.stringify({ type: "back" })) }));
  }
}

// ---------------------------------------------------------------- chat
// Two rooms: the table (everybody, spectators included) and the seat (the people sharing the
// seat on screen). Texts are shown through textContent only.
let chatRoom = "table";

function drawChat() {
  if (handoffTo !== null) return; // the seat that just played stays off the screen
  const entry = held.get(shown);
  const seatRoom = entry && entry.seat !== null && entry.seat !== undefined;
  if (!seatRoom && chatRoom === "seat") chatRoom = "table";
  $("#chat-seat").classList.toggle("hidden", !seatRoom);
  for (const [id, room] of [["#chat-table", "table"], ["#chat-seat", "seat"]]) {
    $(id).setAttribute("aria-selected", String(chatRoom === room));
  }
  const ol = clear($(".chat-list"));
  for (const m of (entry && entry.chat) || []) {
    if (m.scope !== chatRoom) continue;
    ol.append(el("li", { class: m.scope === "seat" ? "seat-room" : "" },
      el("span", { class: "who", text: `${m.name || seatName(m.seat)}:` }), el("span", { text: m.text })));
  }
  ol.scrollTop = ol.scrollHeight;
}

function sendChat(ev) {
  ev.preventDefault();
  const entry = held.get(shown);
  const input = $("#chat-text");
  const text = input.value.trim();
  if (!entry || !entry.ws || entry.ws.readyState !== WebSocket.OPEN || !text) return;
  entry.ws.send(JSON.stringify({ type: "chat", text, scope: chatRoom }));
  input.value = "";
}

// ---------------------------------------------------------------- hot-seat
const WAIT = "wait";

let undoing = null; // a hot-seat undo sent from the hand-off: no hand-off until its state

function decide() {
  if (undoing !== null) return;
  const seats = heldSeats();
  if (seats.length < 2) return;
  const cur = held.get(shown);
  if (!cur || !cur.state || cur.state.realtime) return;
  if (cur.state.over) {
    if (handoffTo !== null) { handoffTo = null; $("#handoff").classList.add("hidden"); }
    return;
  }
  if (handoffTo !== null && handoffTo !== WAIT) return;
  if (handoffTo === null && cur.state.legal.length) return;
  // The seat on screen has played: hide it, then hand over to the next seat held here.
  const next = seats.find((s) => held.get(s).state && held.get(s).state.legal.length
    && (handoffTo === WAIT || s !== shown));
  if (next !== undefined) handoff(next);
  else if (handoffTo === null) handoff(WAIT);
}

function handoff(seat) {
  handoffTo = seat;
  // The seat that just played must not stay on screen: the board is emptied, not covered.
  for (const id of ["#actions .list", "#view .body", "#components .body", "#log ol", "#scores .body", ".chat-list"]) {
    clear($(id));
  }
  const box = clear($("#handoff .box"));
  box.append(el("h2", { text: t("handoff") }));
  // Hot-seat: the seat that just played may still take its decision back.
  const prev = held.get(shown);
  if (prev && prev.state && prev.state.undoable > 0 && !prev.state.over && shown !== seat) {
    box.append(undoButton(prev, prev.state, "handoff-undo", `${t("undo")} · ${seatName(shown)}`, () => {
      handoffTo = null; $("#handoff").classList.add("hidden"); undoing = prev; render();
    }));
  }
  if (seat === WAIT) {
    box.append(el("p", { "data-testid": "handoff-wait", text: t("waiting_others") }));
  } else {
    box.append(el("p", { text: `${t("handoff_to")} ${seatName(seat)}` }),
      el("button", { type: "button", "data-testid": "handoff-go", text: `${t("handoff_go")} ${seatName(seat)}`,
        onclick: () => { shown = seat; store({ shown }); handoffTo = null; $("#handoff").classList.add("hidden"); render(); } }));
  }
  $("#handoff").classList.remove("hidden");
}

// ---------------------------------------------------------------- drawing
function header() {
  document.documentElement.lang = lang();
  $("#lang").setAttribute("aria-label", t("language"));
  $("#lang").value = lang();
  $("#lobby-link").textContent = t("back_lobby");
  $("#chat-table").textContent = t("chat_table");
  $("#chat-seat").textContent = t("chat_seat");
  $("#chat-send").textContent = t("send");
  $("#chat-text").setAttribute("placeholder", t("chat_placeholder"));
  $("#chat-text").setAttribute("aria-label", t("chat_placeholder"));
  const info = table && games[table.game];
  const name = info ? info.names[lang()] || info.names.en : table ? table.game : "";
  $("#game-name").textContent = `${name}${table && table.title ? ` — ${table.title}` : ""}`;
  document.title = `${name} · spacetable`;
  $("#who").textContent = `${t("you_are")}: ${seatName(shown === "spectator" ? null : shown)}`;
  const data = table && table.data && table.data.name !== "shipped" ? ` · ${table.data.name}` : "";
  const why = table && table.reason ? ` — ${table.reason}` : "";
  $("#status").textContent = table ? `${t(table.status)}${data}${why}` : "";
  const sw = clear($("#seat-switch"));
  const seats = heldSeats();
  if (seats.length > 1) {
    for (const s of seats) {
      sw.append(el("button", { type: "button", class: "secondary", "data-testid": `switch-${s}`,
        disabled: s === shown, text: `${t("seat_n")} ${s}`, onclick: () => handoff(s) }));
    }
  }
  for (const [id, key] of [["#actions", "actions"], ["#view", "view"], ["#components", "components"],
    ["#log", "log"], ["#scores", "scores"], ["#chat", "chat"]]) {
    $(`${id} h2`).textContent = t(key);
  }
}

function render() {
  header();
  if (handoffTo !== null) return;
  const entry = held.get(shown);
  if (!entry || !entry.state) return;
  const st = entry.state;
  if (board === null && table && BOARDS.has(table.game)) {
    board = "loading";
    Promise.all([import(`./boards/${table.game}.js`), loadWords(table.game, lang())])
      .then(([m]) => { board = m; render(); },
        () => { board = "none"; render(); }); // the generic view stays
  }
  drawActions(entry, st);
  drawHints(table, entry, askHint);
  drawView(entry, st);
  drawGuide(st);
  drawChat();
  drawComponents(st);
  drawLog(entry);
  drawScores(st);
  drawClock();
  drawEnd(entry);
}

// The list is drawn again only when what it offers changed: in real time a state arrives with
// every tick of the clock, and a button drawn again under a finger or a pointer loses its
// click (and the filter its text). The buttons send with the newest state (box.state).
// The drawer's button (shown on a narrow screen with a board): how many moves it folds.
function drawToggle(st) {
  const open = $("#actions").classList.contains("open");
  const n = st && !st.over ? st.legal.length : 0;
  const btn = $("#actions-toggle");
  btn.textContent = open ? t("hide_list") : t("show_list", { n });
  btn.setAttribute("aria-expanded", String(open));
}

function drawActions(entry, st) {
  drawToggle(st);
  const list = $("#actions .list");
  const timed = st.realtime && st.next_event !== null && st.next_event !== undefined;
  const key = JSON.stringify([lang(), st.realtime ? timed : st.step, st.over, st.undoable,
    st.legal.map((a) => [a.action, a.label])]);
  list.state = st;
  if (list.drawn === key && list.entry === entry && list.childElementCount) {
    for (const b of list.querySelectorAll("button")) b.disabled = false; // a newer state: choose again
    return;
  }
  list.drawn = key;
  list.entry = entry;
  const box = clear(list);
  if (st.undoable > 0 && !st.over) box.append(undoButton(entry, st, "undo", t("undo")));
  if (!st.legal.length) {
    if (!st.over && st.realtime && st.next_event !== null && st.next_event !== undefined) {
      // real time: what comes next and when (the clock's tick counts it down)
      box.append(el("p", { class: "muted", "data-testid": "no-actions" }, t("no_actions_until"), " ",
        el("span", { class: "clock wait-next", "data-testid": "wait-next" })));
      drawClock();
    } else {
      box.append(el("p", { class: "muted", "data-testid": "no-actions", text: st.over ? t("end") : t("no_actions") }));
    }
    return;
  }
  let filter = null;
  if (st.legal.length > 12) {
    filter = el("input", { type: "text", class: "filter", placeholder: t("filter"), "data-testid": "filter",
      "aria-label": t("filter") });
    box.append(filter);
  }
  const buttons = st.legal.map((a) => el("button", {
    type: "button", "data-testid": "action", text: a.label, "data-action": JSON.stringify(a.action),
    onclick: (ev) => {
      for (const b of box.querySelectorAll("button")) b.disabled = true;
      send(entry, box.state, a.action);
      ev.preventDefault();
    },
  }));
  box.append(...buttons);
  if (filter) {
    filter.addEventListener("input", () => {
      const q = filter.value.toLowerCase();
      for (const b of buttons) b.classList.toggle("hidden", !b.textContent.toLowerCase().includes(q));
    });
  }
}

// Undo: take back the seat's last decision (the server applies the engine's rule).
function undoButton(entry, st, testid, text, then) {
  return el("button", { type: "button", class: "secondary", "data-testid": testid, title: t("undo_title"),
    text: `${text} (${st.undoable})`, onclick: (ev) => {
      for (const b of $("#actions .list").querySelectorAll("button")) b.disabled = true;
      ev.currentTarget.disabled = true;
      entry.ws.send(JSON.stringify({ type: "undo", step: st.step }));
      if (then) then();
    } });
}

function send(entry, st, action) {
  const msg = { type: "act", action };
  if (!st.realtime) msg.step = st.step;
  entry.ws.send(JSON.stringify(msg));
}

function drawView(entry, st) {
  const body = clear($("#view .body"));
  const v = st.view;
  const drawn = typeof board === "object" && board !== null;
  $("#board").classList.toggle("has-board", drawn);
  if (drawn) {
    for (const b of $("#actions .list").querySelectorAll("button")) b.classList.add("secondary");
    try {
      const words = wordsOf(table.game, lang());
      if (words === null) loadWords(table.game, lang()).then(render); // drawn again with them
      board.draw(body, st, { lang: lang(), t, seatName, words: words || {}, act: (action) => {
        for (const b of $("#actions .list").querySelectorAll("button")) b.disabled = true;
        hideWhy();
        send(entry, st, action);
      }, point: guidePoint(st), why: st.seat === null || st.over ? null : (component) => {
        entry.ws.send(JSON.stringify({ type: "why", component }));
      } });
      return;
    } catch (e) { // a board that cannot draw this state leaves the generic view
      console.error(e);
      board = "none";
      $("#board").classList.remove("has-board");
      clear(body);
    }
  }
  body.append(el("div", { class: "kv" }, el("span", { class: "k", text: t("step") }),
    el("span", { class: "token", "data-testid": "step", text: st.step }),
    el("span", { class: "k", text: t("to_act") }),
    el("span", {}, v.to_act.map((s) => el("span", { class: "token", text: seatName(s) })))));
  for (const [k, x] of Object.entries(v)) {
    if (SKIP.has(k)) continue;
    if (isScalar(x) || (Array.isArray(x) && x.every(isScalar))) {
      body.append(el("div", { class: "kv" }, el("span", { class: "k", text: k }), value(k, x, v.players, v.seat, 0)));
    } else {
      const z = el("div", { class: "zone" }, el("div", { class: "zt", text: k }), value(k, x, v.players, v.seat, 0));
      body.append(z);
    }
  }
}

// ---------------------------------------------------------------- why not, and the guide
// Why a piece pressed cannot be played now (or why a move was refused): what in the position
// breaks which rule, the rulebook's sentence in French and, in English, its translation.
function drawWhy(msg) {
  const panel = $("#why");
  const body = clear($("#why .body"));
  $("#why h2").textContent = t("why_title");
  const reasons = msg.reasons || [];
  if (!reasons.length) { hideWhy(); return; }
  for (const r of reasons) {
    const item = el("div", { class: "reason", "data-testid": "reason", "data-rule": r.rule },
      el("p", { class: "detail", text: r.detail }),
      // a rulebook sentence is quoted; one of our readings of the rulebook is said as ours
      r.source === "rulebook"
        ? el("blockquote", { lang: "fr", text: `« ${r.quote.replace(/^«\s*|\s*»$/g, "")} »` })
        : el("blockquote", { lang: "fr", class: "reading", text: r.quote.replace(/^«\s*|\s*»$/g, "") }));
    if (lang() !== "fr") item.append(el("p", { class: "translation", lang: "en", text: r.translation }));
    item.append(el("p", { class: "muted",
      text: `${t(r.source === "rulebook" ? "rulebook" : "reading")} · ${r.section}` }));
    body.append(item);
  }
  body.append(el("button", { type: "button", class: "secondary", "data-testid": "why-close", text: "OK",
    onclick: hideWhy }));
  panel.classList.remove("hidden");
  const r = panel.getBoundingClientRect();
  if (r.top < 0 || r.bottom > innerHeight) panel.scrollIntoView({ block: "nearest" });
}

// The action a guided first game asks the seat on screen for (its JSON text), or null.
function guidePoint(st) {
  const g = st.guide;
  if (!g || !g.step || g.step.seat !== g.learner || st.seat !== g.learner || !g.step.action) return null;
  return JSON.stringify(g.step.action);
}

function hideWhy() { $("#why").classList.add("hidden"); }

// A guided first game: the step due now, in the page's language, and the piece to press
// (outlined on the board, or its button in the list).
function drawGuide(st) {
  const g = st.guide;
  const panel = $("#guide");
  if (!g) { panel.classList.add("hidden"); return; }
  panel.classList.remove("hidden");
  const at = Math.min(g.done + 1, g.total);
  panel.dataset.done = g.done;
  $("#guide h2").textContent = g.title;
  $("#guide h2").append(el("span", { class: "progress", "data-testid": "guide-progress",
    text: ` · ${t("guide_step").replace("{n}", at).replace("{total}", g.total)}` }));
  const body = clear($("#guide .body"));
  for (const n of document.querySelectorAll(".guide-point")) n.classList.remove("guide-point");
  const step = g.step;
  // what the guide's own seats did since the learner's last move
  for (const w of g.said || []) body.append(el("p", { class: "muted", "data-testid": "guide-said", text: w }));
  if (g.over) {
    body.append(el("p", { "data-testid": "guide-say", text: t("guide_done") }));
    return;
  }
  const mine = !!step && st.seat === g.learner;
  if (!mine) {
    body.append(el("p", { class: "muted", "data-testid": "guide-wait", text: t("guide_wait") }));
    return;
  }
  if (step.say) body.append(el("p", { "data-testid": "guide-say", class: "guide-now", text: step.say }));
  const want = guidePoint(st);
  // the piece of the board that takes the action (it may open a menu), else its button in
  // the list; the component the guide names only when no drawn piece takes the action
  const takes = (b) => (b.hasAttribute("data-actions")
    ? JSON.parse(b.getAttribute("data-actions")).map((a) => JSON.stringify(a)) : [b.dataset.action]).includes(want);
  let found = [...document.querySelectorAll("#view [data-actions]")].filter(takes);
  if (!found.length) found = [...document.querySelectorAll("#actions [data-testid=action]")].filter(takes);
  if (!found.length && step.point) {
    found = [...document.querySelectorAll(`#view [data-component="${CSS.escape(step.point)}"]`)];
  }
  for (const n of found) n.classList.add("guide-point");
}

function drawComponents(st) {
  const body = clear($("#components .body"));
  for (const c of st.components) {
    body.append(el("div", { class: "card", "data-component": c.id },
      el("div", { class: "n", text: c.name }), el("div", { class: "d", text: c.text })));
  }
  $("#components").classList.toggle("hidden", !st.components.length);
}

function drawLog(entry) {
  const ol = clear($("#log ol"));
  for (const text of entry.log.slice(-200)) ol.append(el("li", { text }));
  ol.scrollTop = ol.scrollHeight;
}

function scoresOf(view) {
  if (Array.isArray(view.scores) && view.scores.length === view.players) return view.scores;
  for (const x of Object.values(view)) {
    if (Array.isArray(x) && x.length === view.players && x.every((p) => p && typeof p === "object" && "score" in p)) {
      return x.map((p) => p.score);
    }
  }
  return null;
}

function drawScores(st) {
  const scores = st.over && held.get(shown).end ? held.get(shown).end.outcome.scores : scoresOf(st.view);
  $("#scores").classList.toggle("hidden", !scores);
  if (!scores) return;
  const body = clear($("#scores .body"));
  const tb = el("table", { class: "scores", "data-testid": "scores" });
  scores.forEach((s, i) => tb.append(el("tr", {}, el("td", { text: seatName(i) }), el("td", { text: scalar(s) }))));
  body.append(tb);
}

function drawClock() {
  const entry = held.get(shown);
  const st = entry && entry.state;
  const panel = $("#clock-panel");
  if (!st || !st.realtime) { panel.classList.add("hidden"); return; }
  panel.classList.remove("hidden");
  const elapsed = st.over ? 0 : ((performance.now() - entry.receivedAt) / 1000) * st.speed;
  const now = st.clock + elapsed;
  const fmt = (s) => {
    const x = Math.max(0, Math.round(s));
    return `${Math.floor(x / 60)}:${String(x % 60).padStart(2, "0")}`;
  };
  clear(panel).append(el("h2", { text: t("clock") }), el("div", { class: "clock", "data-testid": "game-clock", text: fmt(now) }));
  if (st.next_event !== null && st.next_event !== undefined) {
    for (const span of document.querySelectorAll(".wait-next")) span.textContent = fmt(st.next_event - now);
  }
  const length = table && table.options && typeof table.options.length === "number" ? table.options.length : null;
  if (length !== null) panel.append(el("div", { class: "kv" }, el("span", { class: "k", text: t("remaining") }), el("span", { class: "clock", text: fmt(length - now) })));
  if (st.next_event !== null && st.next_event !== undefined) {
    panel.append(el("div", { class: "kv" }, el("span", { class: "k", text: t("next_event") }),
      el("span", { class: "clock", "data-testid": "next-event", text: fmt(st.next_event - now) })));
  }
}

function drawEnd(entry) {
  const box = clear($("#end .box"));
  if (!entry.end || endDismissed) { $("#end").classList.add("hidden"); return; }
  const out = entry.end.outcome;
  box.append(el("h2", { text: t("end") }), el("p", {}, el("strong", { text: `${t("reason")}: ` }), entry.end.reason_text));
  const tb = el("table", { class: "scores", "data-testid": "final-scores" },
    el("tr", {}, el("th", { text: t("seat") }), el("th", { text: t("score") }), el("th", { text: t("rank") })));
  if (isDraw(out)) box.append(el("p", { "data-testid": "draw", text: t("draw_all") }));
  out.scores.forEach((s, i) => tb.append(el("tr", {}, el("td", { text: seatName(i) + resultMark(out, i) }),
    el("td", { text: scalar(s) }), el("td", { text: scalar(out.ranks[i]) }))));
  box.append(tb);
  if (entry.end.summary) box.append(el("p", { class: "summary", "data-testid": "summary", text: entry.end.summary }));
  if (entry.end.breakdown) {  // the game's own labelled table, in the person's language
    const names = out.scores.map((_, i) => seatName(i));
    box.append(el("h2", { text: t("breakdown") }), breakdownTable(entry.end.breakdown, names));
  } else if (out.details && Object.keys(out.details).length) {
    box.append(el("h2", { text: t("breakdown") }), zone(null, out.details, table ? table.players : 0, null, 1, false));
  }
  box.append(el("button", { type: "button", "data-testid": "end-close", text: "OK", onclick: () => { endDismissed = true; $("#end").classList.add("hidden"); } }));
  $("#end").classList.remove("hidden");
}

function waitingStart() {
  showMessage(t("waiting_start"));
  const host = stored().host;
  if (!host) return;
  $("#message .box").append(el("button", { type: "button", "data-testid": "start", text: t("start"),
    onclick: async () => {
      const r = await fetch(`/api/tables/${encodeURIComponent(TABLE)}/start`, {
        method: "POST", headers: { "content-type": "application/json" },
        body: JSON.stringify({ host_token: host }),
      });
      if (!r.ok) toast(`${t("error")}: ${(await r.json()).error.message}`);
    } }));
}

// A screen reader hears what the others did (a polite live region): the new events of a
// state, in the page's language, but those of the seat's own decisions (it made them).
function announce(entry, msg) {
  if (held.get(shown) !== entry) return;
  const mine = entry.seat;
  const said = msg.log.events
    .filter((e) => mine === undefined || mine === null || e.event.seat !== mine)
    .map((e) => e.text)
    .slice(-3);
  if (said.length) $("#announce").textContent = said.join(" ");
}

function showMessage(text) {
  const box = clear($("#message .box"));
  box.append(el("p", { text }));
  $("#message").classList.remove("hidden");
}

function hideMessage() {
  $("#message").classList.add("hidden");
}

async function main() {
  header();
  showMessage(t("connecting"));
  $("#lang").addEventListener("change", (e) => {
    setLang(e.target.value);
    for (const entry of held.values()) entry.ws.send(JSON.stringify({ type: "lang", lang: lang() }));
    render();
  });
  try {
    const r = await fetch("/api/games");
    for (const g of (await r.json()).games) games[g.id] = g;
  } catch (e) { /* names only */ }
  const tokens = tokensFromUrl();
  if (tokens.length) for (const tok of tokens) connect(tok);
  else connect(null);
  setInterval(() => { drawClock(); drawTurnClocks(); }, 250);
  $("#chat-form").addEventListener("submit", sendChat);
  $("#actions-toggle").addEventListener("click", () => {
    $("#actions").classList.toggle("open");
    const entry = held.get(shown);
    drawToggle(entry && entry.state);
  });
  $("#chat-table").addEventListener("click", () => { chatRoom = "table"; drawChat(); });
  $("#chat-seat").addEventListener("click", () => { chatRoom = "seat"; drawChat(); });
}

main();
