// The table page: a generic renderer of any game's view, its legal actions as buttons, the
// log, the components in view, scores, the end screen; hot-seat with a hand-off screen;
// reconnection. Seats are held by secret tokens kept in this browser's localStorage (an
// invitation link carries one in its #fragment, which never reaches the server's logs).
import { errorText, startTable } from "./account.js";
import { $, breakdownTable, clear, el, hideDialog, holdForms, showDialog, toast } from "./dom.js";
import { genericView, namedTexts, nameSeats, seatName as nameSeat, startsWithSeat } from "./generic.js";
import { loadWords, wordsOf } from "./gametext.js";
import { askHint, drawHints } from "./hints.js";
import { icon, iconOfComponent, withIcon } from "./icons.js";
import { isDraw, lang, resultMark, setLang, t } from "./i18n.js";

const TABLE = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
const KEY = `spacetable.table.${TABLE}`;
const SKIP = new Set(["game", "players", "seat", "step", "to_act", "is_over", "clock"]);
// Games with their own board (static/boards/<game>.js, drawn in place of the generic view).
const BOARDS = new Set(["wildspace", "quazarys", "spacedealer", "tortuga2199", "planetraiders"]);
let board = null; // the game's board module once loaded ("loading" meanwhile, "none" if missing)

const seatName = (i) => nameSeat(table, i);
// A log line as the log and the live region say it: the game's sentence, its seats named as
// every panel names them, after the name of the event's seat unless the sentence starts
// with it.
const logLine = (e) => {
  const text = nameSeats(e.text, seatName);
  const seat = e.event && Number.isInteger(e.event.seat) ? e.event.seat : null;
  return seat === null || startsWithSeat(e.text, seat) ? text : `${seatName(seat)}: ${text}`;
};
// The messages whose game texts name seats (the log's are named line by line).
const NAMED = new Set(["state", "end", "why", "error", "hint"]);
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

// Seats of the signed-in account, opened by the account rather than by a token (the lobby's
// "My games" links them as #seats=0,2).
let accountSeats = [];

function tokensFromUrl() {
  const frag = new URLSearchParams(location.hash.slice(1));
  accountSeats = (frag.get("seats") || "").split(",").filter((x) => /^\d+$/.test(x)).map(Number);
  const found = [];
  if (frag.get("token")) found.push(frag.get("token"));
  if (frag.get("tokens")) found.push(...frag.get("tokens").split(",").filter(Boolean));
  if (location.hash) history.replaceState(null, "", location.pathname + location.search);
  const tokens = [...new Set([...(stored().tokens || []), ...found])];
  store({ tokens });
  return tokens;
}

// ---------------------------------------------------------------- your turn
// A turn-based game (over days, often): the page's title starts with "● Your turn" while a
// seat held here has a decision to make, and a browser notification says so when it becomes
// so while the page is not in front (once the person allowed notifications: the button
// "Tell me when it is my turn" asks once).
let wasMyTurn = false;
const NOTIFY_ASKED = "spacetable.notify.asked";

function myTurn() {
  if (!table || table.realtime !== false) return false;
  return heldSeats().some((s) => {
    const e = held.get(s);
    return e && e.state && !e.state.over && e.state.legal && e.state.legal.length > 0;
  });
}

function notifyTurn(name) {
  if (!("Notification" in window) || Notification.permission !== "granted") return;
  if (!document.hidden && document.hasFocus()) return;
  try {
    const n = new Notification(t("notified_title"), { body: name, tag: `spacetable-${TABLE}` });
    n.onclick = () => { window.focus(); n.close(); };
  } catch (e) { /* a browser that allows notifications only from a service worker */ }
}

function offerNotify() {
  const b = $("#notify");
  const ask = "Notification" in window && Notification.permission === "default"
    && !localStorage.getItem(NOTIFY_ASKED) && table && table.realtime === false && heldSeats().length > 0;
  b.classList.toggle("hidden", !ask);
  b.textContent = t("notify");
}

async function askNotify() {
  localStorage.setItem(NOTIFY_ASKED, "1");
  $("#notify").classList.add("hidden");
  if ("Notification" in window) await Notification.requestPermission();
}

function heldSeats() {
  return [...held.keys()].filter((k) => k !== "spectator").sort((a, b) => a - b);
}

// ---------------------------------------------------------------- connections
function connect(token, seat = null) {
  const entry = { ws: null, state: null, end: null, log: [], token, retry: 0, seat: undefined };
  const open = () => {
    const proto = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${proto}://${location.host}/ws/tables/${encodeURIComponent(TABLE)}`);
    entry.ws = ws;
    ws.addEventListener("open", () => {
      entry.retry = 0;
      const hello = { type: "hello", version: 1, token: token || null, lang: lang() };
      if (seat !== null) hello.seat = seat;
      ws.send(JSON.stringify(hello));
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

function onMessage(entry, raw) {
  const msg = NAMED.has(raw.type) ? namedTexts(raw, seatName, ["log"]) : raw;
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
    entry.log.push(...msg.log.events.map(logLine));
    // The game's prompt is for the seat that acts; everyone else reads who is playing (the
    // seat that acts is never told that it is playing itself).
    if (!msg.prompt && !msg.over && !msg.legal.length && msg.view.to_act && msg.view.to_act.length) {
      msg.prompt = t("playing", { who: msg.view.to_act.map((s) => seatName(s)).join(", ") });
    }
    entry.state = msg;
    entry.receivedAt = performance.now();
    if (msg.clocks) { entry.clocks = msg.clocks; entry.clocksAt = entry.receivedAt; }
    const answers = inputAt && inputAt.entry === entry && (msg.step > inputAt.step || msg.over);
    if (answers) {
      inputAt = null;
      performance.mark("spacetable:answered");
      performance.measure("spacetable:input-to-answer", "spacetable:input", "spacetable:answered");
    }
    hideMessage();
    decide();
    renderSoon(answers);
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

// The board answering a decision is drawn: marked once it is painted (a task after the
// frame's callbacks; `inFrame`: render() ran in one, else the next frame's).
function painted(inFrame) {
  const mark = () => setTimeout(() => {
    performance.mark("spacetable:painted");
    performance.measure("spacetable:input-to-paint", "spacetable:input", "spacetable:painted");
  }, 0);
  if (inFrame) mark();
  else requestAnimationFrame(mark);
}

// States are drawn once a frame: when several arrive at once (a bot answers at once, a
// real-time tick), only the newest is drawn. A page in the background draws at once (no
// frames run there: its title and lists stay current), and a frame that does not come
// within FRAME_LATE ms (a browser may hold frames back) is not waited for.
const FRAME_LATE = 100;
let frameQueued = 0;
let frameLate = 0;
let answeredPending = false;

function renderSoon(answers) {
  answeredPending = answeredPending || answers;
  if (document.hidden) { render(); return; }
  if (frameQueued) return;
  frameQueued = requestAnimationFrame(() => { frameQueued = 0; render(true); });
  frameLate = setTimeout(() => { frameLate = 0; render(); }, FRAME_LATE);
}

// ---------------------------------------------------------------- turn clocks
function noticeText(ev) {
  const who = seatName(ev.seat);
  if (ev.kind === "back") return `${who}: ${t("notice_back")}`;
  const level = ev.level ? t(ev.level) : "";
  const key = { timeout: "notice_timeout", lost: "notice_lost" }[ev.kind] || "notice_left";
  return `${who}: ${t(key)} (${t("bot")} ${level})`;
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
    const away = { timeout: "away_timeout", lost: "away_lost" }[sc.away] || "away_left";
    if (sc.away) row.append(el("span", { class: "badge", "data-testid": `away-${i}`, text: `${t("bot")} · ${t(away)}` }));
    body.append(row);
  });
  const mine = entry.seat !== null && entry.seat !== undefined && c.seats[entry.seat];
  if (mine && mine.away && mine.away !== "lost") {
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
      el("span", { class: "who", text: `${Number.isInteger(m.seat) ? seatName(m.seat) : m.name || seatName(m.seat)}:` }), el("span", { text: m.text })));
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
    if (handoffTo !== null) { handoffTo = null; hideDialog($("#handoff"), refocus); }
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
  box.append(el("h2", { id: "handoff-title", text: t("handoff") }));
  // Hot-seat: the seat that just played may still take its decision back.
  const prev = held.get(shown);
  if (prev && prev.state && prev.state.undoable > 0 && !prev.state.over && shown !== seat) {
    box.append(undoButton(prev, prev.state, "handoff-undo", `${t("undo")} · ${seatName(shown)}`, () => {
      handoffTo = null; undoing = prev; render(); hideDialog($("#handoff"), refocus);
    }));
  }
  if (seat === WAIT) {
    box.append(el("p", { "data-testid": "handoff-wait", text: t("waiting_others") }));
  } else {
    box.append(el("p", { text: `${t("handoff_to")} ${seatName(seat)}` }),
      el("button", { type: "button", "data-testid": "handoff-go", text: `${t("handoff_go")} ${seatName(seat)}`,
        onclick: () => {
          shown = seat; store({ shown }); handoffTo = null; render(); hideDialog($("#handoff"));
          const to = refocus(null); // the next seat's board (the one before was emptied)
          if (to) to.focus();
        } }));
  }
  showDialog($("#handoff"));
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
  const turn = myTurn();
  document.title = `${turn ? `● ${t("notified_title")} — ` : ""}${name} · spacetable`;
  if (turn && !wasMyTurn) notifyTurn(name);
  wasMyTurn = turn;
  offerNotify();
  $("#who").textContent = `${t("you_are")}: ${seatName(shown === "spectator" ? null : shown)}`;
  const data = table && table.data && table.data.name !== "shipped" ? ` · ${table.data.name}` : "";
  const why = table && table.reason ? ` — ${table.reason}` : "";
  $("#status").textContent = table ? `${t(table.status)}${data}${why}` : "";
  const sw = clear($("#seat-switch"));
  const seats = heldSeats();
  if (seats.length > 1) {
    for (const s of seats) {
      sw.append(el("button", { type: "button", class: "secondary", "data-testid": `switch-${s}`,
        disabled: s === shown, text: seatName(s), onclick: () => handoff(s) }));
    }
  }
  for (const [id, key] of [["#actions", "actions"], ["#view", "view"], ["#components", "components"],
    ["#log", "log"], ["#scores", "scores"], ["#chat", "chat"]]) {
    $(`${id} h2`).textContent = t(key);
  }
}

function render(inFrame = false) {
  if (frameQueued) { cancelAnimationFrame(frameQueued); frameQueued = 0; }
  if (frameLate) { clearTimeout(frameLate); frameLate = 0; }
  if (answeredPending) { answeredPending = false; painted(inFrame); }
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
  const mine = st.clocks && st.seat !== null && st.seat !== undefined ? st.clocks.seats[st.seat] : null;
  const key = JSON.stringify([lang(), st.realtime ? timed : st.step, st.over, st.undoable,
    st.legal.map((a) => [a.action, a.label]), mine ? mine.away : null]);
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
      const out = !st.over && mine && mine.away === "lost"; // lost on time: a bot finishes
      box.append(el("p", { class: "muted", "data-testid": "no-actions", text: st.over ? t("end") : t(out ? "no_actions_lost" : "no_actions") }));
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

// Input to paint: `spacetable:input` is marked when a decision is sent (a piece pressed, a key,
// a button), `spacetable:painted` once the board of the state that answers it is drawn and
// painted (the frame after the render), and `spacetable:input-to-paint` measures between them
// (performance.getEntriesByName; benchmarks/inputpaint.py reads them);
// `spacetable:input-to-answer` measures up to the answering state's arrival (the server's
// part and the network's: the rest is the page's drawing).
let inputAt = null; // {entry, step} of the decision waiting for its board

function send(entry, st, action) {
  performance.mark("spacetable:input");
  inputAt = { entry, step: st.step };
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
    const kind = iconOfComponent(c.id, c.name);
    body.append(el("div", { class: "card", "data-component": c.id },
      el("div", { class: "n" }, kind ? icon(kind) : null, c.name), el("div", { class: "d", text: c.text })));
  }
  $("#components").classList.toggle("hidden", !st.components.length);
}

// The log's last 200 lines. A draw appends only the lines the list does not show yet: the
// whole list is drawn again only when it shows another log (another seat's, or the log begun
// anew) or was emptied meanwhile (a hot-seat hand-off).
const LOG_LINES = 200;
const logShown = { lines: null, count: 0 }; // the log array the list shows, and its length then

function drawLog(entry) {
  const ol = $("#log ol");
  const lines = entry.log;
  const expected = Math.min(LOG_LINES, logShown.count);
  if (logShown.lines !== lines || lines.length < logShown.count || ol.childElementCount !== expected) {
    clear(ol);
    logShown.lines = lines;
    logShown.count = Math.max(0, lines.length - LOG_LINES);
  }
  const fresh = lines.slice(Math.max(logShown.count, lines.length - LOG_LINES));
  if (!fresh.length) return;
  ol.append(...fresh.map((text) => el("li", {}, ...withIcon(text))));
  while (ol.childElementCount > LOG_LINES) ol.firstElementChild.remove();
  logShown.count = lines.length;
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
  const dialog = $("#end");
  const box = $("#end .box");
  if (!entry.end || endDismissed) { hideDialog(dialog, refocus); return; }
  // drawn again only when it changed (the focus stays on its element meanwhile)
  const drawn = JSON.stringify([lang(), entry.end, table && table.seats]);
  if (dialog.open && box.drawn === drawn) {
    // a modal dialog holds the focus: one that fell to the page (its element removed under
    // it, another dialog closed over it) comes back to the end screen's button
    const a = document.activeElement;
    if (!a || a === document.body) { const ok = box.querySelector("[data-testid=end-close]"); if (ok) ok.focus(); }
    return;
  }
  box.drawn = drawn;
  clear(box);
  const out = entry.end.outcome;
  box.append(el("h2", { id: "end-title", text: t("end") }), el("p", {}, el("strong", { text: `${t("reason")}: ` }), entry.end.reason_text));
  const tb = el("table", { class: "scores", "data-testid": "final-scores" },
    el("tr", {}, el("th", { text: t("seat") }), el("th", { text: t("score") }), el("th", { text: t("rank") })));
  if (isDraw(out)) box.append(el("p", { "data-testid": "draw", text: t("draw_all") }));
  out.scores.forEach((s, i) => tb.append(el("tr", {}, el("td", { text: seatName(i) + resultMark(out, i) }),
    el("td", { text: scalar(s) }), el("td", { text: scalar(out.ranks[i]) }))));
  box.append(tb);
  if (entry.end.summary) box.append(el("p", { class: "summary", "data-testid": "summary", text: entry.end.summary }));
  if (table && table.rated) {
    box.append(el("p", { class: "summary", "data-testid": "end-ratings", "aria-live": "polite", text: ratingsText() }));
    if (!endRatings) fetchRatings();
  }
  if (entry.end.breakdown) {  // the game's own labelled table, in the person's language
    const names = out.scores.map((_, i) => seatName(i));
    box.append(el("h2", { text: t("breakdown") }), breakdownTable(entry.end.breakdown, names));
  } else if (out.details && Object.keys(out.details).length) {
    box.append(el("h2", { text: t("breakdown") }), zone(null, out.details, table ? table.players : 0, null, 1, false));
  }
  const ok = el("button", { type: "button", "data-testid": "end-close", text: "OK", onclick: closeEnd });
  box.append(ok);
  showDialog(dialog, ok);
}

// A rated table's end: what the game did to each rated seat's rating. The server rates a
// game once the second it ended in is over: asked again every second, ten times at most.
let endRatings = null;
let ratingsAsked = 0;

function ratingsText() {
  const r = endRatings;
  if (!r || !r.ratings) return t("ratings_pending");
  if (r.ratings.unrated) return (r.why && (r.why[lang()] || r.why.en)) || t("ratings_none");
  const parts = Object.entries(r.ratings.seats).map(([seat, c]) => {
    const d = c.after - c.before;
    return `${seatName(Number(seat))} ${c.before} → ${c.after} (${d >= 0 ? "+" : "−"}${Math.abs(d)})`;
  });
  return t("ratings_line", { list: parts.join(", ") });
}

async function fetchRatings() {
  if (ratingsAsked >= 10) return;
  ratingsAsked += 1;
  try {
    const r = await fetch(`/api/tables/${encodeURIComponent(TABLE)}/ratings`);
    if (r.ok) {
      const data = await r.json();
      if (data.ratings) endRatings = data;
    }
  } catch (e) { /* asked again below */ }
  const line = document.querySelector("[data-testid=end-ratings]");
  if (line) line.textContent = ratingsText();
  if (!endRatings) setTimeout(fetchRatings, 1000);
}

function closeEnd() {
  endDismissed = true;
  hideDialog($("#end"), refocus);
}

// Where the focus goes back when a dialog closes and the element that opened it is gone (the
// board was drawn again meanwhile): the same piece of the new board, else its first playable
// piece, else the board, else the action list.
function refocus(opener) {
  const piece = opener && opener.getAttribute && opener.getAttribute("data-piece");
  const view = $("#view");
  return (piece && view.querySelector(`[data-piece="${CSS.escape(piece)}"]`))
    || view.querySelector("[data-actions]") || view.querySelector(".board-svg")
    || $("#actions [data-testid=action]") || $("#actions h2");
}

function waitingStart() {
  showMessage(t("waiting_start"));
  const host = stored().host;
  if (!host) return;
  $("#message .box").append(el("button", { type: "button", "data-testid": "start", text: t("start"),
    onclick: async () => {
      const r = await startTable(TABLE, host);
      if (!r.ok) toast(errorText(r.data, r.status, []));
    } }));
  showDialog($("#message")); // the focus on Start
}

// A screen reader hears what the others did (a polite live region): the new events of a
// state, in the page's language, but those of the seat's own decisions (it made them).
function announce(entry, msg) {
  if (held.get(shown) !== entry) return;
  const mine = entry.seat;
  const said = msg.log.events
    .filter((e) => mine === undefined || mine === null || e.event.seat !== mine)
    .map(logLine)
    .slice(-3);
  if (said.length) $("#announce").textContent = said.join(" ");
}

function showMessage(text) {
  const box = clear($("#message .box"));
  box.append(el("p", { id: "message-text", text }));
  showDialog($("#message"));
}

function hideMessage() {
  hideDialog($("#message"), refocus);
}

async function main() {
  header();
  holdForms();
  showMessage(t("connecting"));
  $("#notify").addEventListener("click", askNotify);
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
  else if (accountSeats.length) for (const seat of accountSeats) connect(null, seat);
  else connect(null);
  setInterval(() => { drawClock(); drawTurnClocks(); }, 250);
  $("#chat-form").addEventListener("submit", sendChat);
  $("#actions-toggle").addEventListener("click", () => {
    $("#actions").classList.toggle("open");
    const entry = held.get(shown);
    drawToggle(entry && entry.state);
  });
  $("#chat-table").addEventListener("click", () => { chatRoom = "table"; drawChat(); });
  // Escape closes the end screen; the others stay until what they wait for comes (a browser
  // that closes one anyway shows it again)
  for (const id of ["#end", "#handoff", "#message"]) {
    $(id).addEventListener("cancel", (ev) => { ev.preventDefault(); if (id === "#end") closeEnd(); });
    $(id).addEventListener("close", () => {
      if ($(id).classList.contains("hidden")) return;
      if (id === "#end") closeEnd(); else $(id).showModal();
    });
  }
  $("#chat-seat").addEventListener("click", () => { chatRoom = "seat"; drawChat(); });
}

main();
