// The replay page of a finished game: step back and forth, jump to a step, play at a speed,
// and follow any seat's view (every hand is face up once a game is over) or the public one.
// Frames come from GET /api/tables/{id}/replay/{step}?seat=&lang= (docs/protocol.md,
// "Replays"); the game's own board draws them when it has one (nothing is clickable), else the
// generic view. The address keeps the step and the seat followed (#step=12&seat=1).
import { answerOf, errorText, getJson, loadFailed } from "./account.js";
import { $, breakdownTable, clear, el, toast } from "./dom.js";
import { withIcon } from "./icons.js";
import { genericView, namedTexts, seatName as nameSeat } from "./generic.js";
import { loadWords, wordsOf } from "./gametext.js";
import { isDraw, lang, resultMark, setLang, t } from "./i18n.js";
import { drawReview, followSeat, setupReview } from "./review.js";

const TABLE = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
const frames = new Map(); // "seat/lang/step" -> frame
let table = null;
let games = {};
let board = null; // the game's board module, or "none"
let step = 0;
let seat = null; // null: the public view
let timer = null;
let shown = null; // the frame on screen
let wanted = 0; // the last step asked for (a slow answer for an older one is dropped)

const seatName = (i) => nameSeat(table, i);
const { scalar, zone } = genericView(seatName);

function readHash() {
  const h = new URLSearchParams(location.hash.slice(1));
  const s = Number(h.get("step"));
  if (Number.isInteger(s) && s >= 0) step = s;
  const q = h.get("seat");
  seat = q === null || q === "" ? null : Number(q);
}

function writeHash() {
  const h = new URLSearchParams({ step: String(step) });
  if (seat !== null) h.set("seat", String(seat));
  history.replaceState(null, "", `#${h}`);
}

async function frame(n) {
  const key = `${seat}/${lang()}/${n}`;
  if (frames.has(key)) return frames.get(key);
  const q = new URLSearchParams({ lang: lang() });
  if (seat !== null) q.set("seat", String(seat));
  const url = `/api/tables/${encodeURIComponent(TABLE)}/replay/${n}?${q}`;
  let r = await answerOf(fetch(url));
  // Frames are rate-limited per client (docs/protocol.md): past the limit, wait and ask again.
  // A frame nobody waits for any more (the person moved on meanwhile) is dropped: null.
  for (let tries = 0; r.status === 429 && tries < 20; tries++) {
    await new Promise((done) => setTimeout(done, 250));
    if (n !== wanted && n !== wanted + 1) return null;
    r = await answerOf(fetch(url));
  }
  // why it failed, in the page's language (the server not reached, a proxy's page, its error)
  if (!r.ok || !r.data) throw new Error(errorText(r.data, r.status, []));
  const named = namedTexts(r.data, seatName);
  frames.set(key, named);
  return named;
}

async function go(n) {
  if (!table) return;
  step = Math.max(0, Math.min(table.steps, n));
  wanted = step;
  writeHash();
  const asked = step;
  let f;
  try {
    [f] = await Promise.all([frame(step), loadWords(table.game, lang())]);
  } catch (e) {
    if (wanted !== asked) return; // the person moved on meanwhile
    stop();
    toast(e.message);
    // the page says the step it shows (the field, the slider, the address), so that asking
    // for the same step again asks the server again
    if (shown) {
      step = shown.step;
      wanted = step;
      writeHash();
      $("#jump").value = String(step);
      $("#slider").value = String(step);
    }
    return;
  }
  if (!f || f.step !== wanted) return;
  shown = f;
  draw();
  if (f.step < table.steps) frame(f.step + 1).catch(() => {}); // the next one, ahead
}

// The controls' icons, drawn rather than taken from a font (the shipped fonts lack some of
// the media glyphs, which showed as empty boxes). Paths on a 16x16 grid.
const ICONS = {
  first: "M1 3h2v10H1z M9 3v10L3 8z M15 3v10L9 8z",
  back: "M3 3h2v10H3z M13 3v10L6 8z",
  play: "M4 3v10l8-5z",
  pause: "M4 3h3v10H4z M9 3h3v10H9z",
  forward: "M3 3v10l7-5z M11 3h2v10h-2z",
  last: "M1 3v10l6-5z M7 3v10l6-5z M13 3h2v10h-2z",
};

function icon(name) {
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("viewBox", "0 0 16 16");
  svg.setAttribute("width", "16");
  svg.setAttribute("height", "16");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  const path = document.createElementNS("http://www.w3.org/2000/svg", "path");
  path.setAttribute("d", ICONS[name]);
  path.setAttribute("fill", "currentColor");
  svg.append(path);
  return svg;
}

function play() {
  if (timer !== null) { stop(); return; }
  if (step >= table.steps) go(0);
  $("#play").replaceChildren(icon("pause"));
  $("#play").setAttribute("aria-pressed", "true");
  const tick = () => {
    if (step >= table.steps) { stop(); return; }
    go(step + 1);
    timer = setTimeout(tick, 1000 / Number($("#speed").value));
  };
  timer = setTimeout(tick, 1000 / Number($("#speed").value));
}

function stop() {
  if (timer !== null) clearTimeout(timer);
  timer = null;
  $("#play").replaceChildren(icon("play"));
  $("#play").setAttribute("aria-pressed", "false");
}

function labels() {
  document.documentElement.lang = lang();
  $("#lang").setAttribute("aria-label", t("language"));
  $("#lang").value = lang();
  $("#lobby-link").textContent = t("back_lobby");
  const info = table && games[table.game];
  const name = info ? info.names[lang()] || info.names.en : table ? table.game : "";
  $("#game-name").textContent = `${t("replay")}${name ? ` · ${name}` : ""}${table && table.title ? ` — ${table.title}` : ""}`;
  document.title = `${t("replay")}${name ? ` · ${name}` : ""} · spacetable`;
  $("#status").textContent = table ? t(table.status) : "";
  for (const [id, key] of [["#next", "next_decision"], ["#view", "view"], ["#components", "components"],
    ["#log", "log"], ["#scores", "scores"]]) {
    $(`${id} h2`).textContent = t(key);
  }
  for (const [id, key] of [["#first", "first"], ["#back", "step_back"], ["#play", "play"],
    ["#forward", "step_forward"], ["#last", "last"]]) {
    $(id).setAttribute("title", t(key));
    $(id).setAttribute("aria-label", t(key));
  }
  $("#l-step").textContent = t("step");
  $("#l-speed").textContent = t("replay_speed");
  $("#l-follow").textContent = t("follow");
  const sel = clear($("#follow"));
  sel.append(el("option", { value: "", text: t("public_view") }));
  if (table) {
    for (let i = 0; i < table.players; i += 1) sel.append(el("option", { value: String(i), text: seatName(i) }));
  }
  sel.value = seat === null ? "" : String(seat);
}

function draw() {
  const f = shown;
  if (!f) return;
  $("#slider").max = String(table.steps);
  $("#slider").value = String(f.step);
  $("#jump").max = String(table.steps);
  $("#jump").value = String(f.step);
  $("#steps").textContent = String(table.steps);
  // what happens next
  const next = clear($("#next .body"));
  if (f.next === null) next.append(el("p", { "data-testid": "next-text", text: t("end") }));
  else if ("advance" in f.next) next.append(el("p", { "data-testid": "next-text", text: `${t("time_passes")} ${f.next.advance} s` }));
  else next.append(el("p", { "data-testid": "next-text" }, el("strong", { text: `${seatName(f.next.seat)}: ` }), f.next.label));
  // the view
  const body = clear($("#view .body"));
  const drawn = typeof board === "object" && board !== null;
  $("#board").classList.toggle("has-board", drawn);
  let done = false;
  if (drawn) {
    try {
      board.draw(body, f, { lang: lang(), t, seatName, words: wordsOf(table.game, lang()) || {}, act: () => {} });
      done = true;
    } catch (e) {
      console.error(e);
      clear(body);
    }
  }
  if (!done) {
    body.append(el("div", { class: "kv" }, el("span", { class: "k", text: t("step") }),
      el("span", { class: "token", "data-testid": "step", text: f.step })));
    body.append(zone(null, f.view, f.view.players, f.seat, 0, false));
  }
  // components, log, scores
  const comps = clear($("#components .body"));
  for (const c of f.components) {
    comps.append(el("div", { class: "card", "data-component": c.id },
      el("div", { class: "n", text: c.name }), el("div", { class: "d", text: c.text })));
  }
  $("#components").classList.toggle("hidden", !f.components.length);
  const ol = clear($("#log ol"));
  for (const e of f.log.events) ol.append(el("li", {}, ...withIcon(e.text)));
  ol.scrollTop = ol.scrollHeight;
  const sc = clear($("#scores .body"));
  $("#scores").classList.toggle("hidden", !f.end);
  if (f.end) {
    const out = f.end.outcome;
    if (isDraw(out)) sc.append(el("p", { "data-testid": "draw", text: t("draw_all") }));
    const tb = el("table", { class: "scores", "data-testid": "final-scores" },
      el("tr", {}, el("th", { text: t("seat") }), el("th", { text: t("score") }), el("th", { text: t("rank") })));
    out.scores.forEach((s, i) => tb.append(el("tr", {},
      el("td", { text: seatName(i) + resultMark(out, i) }),
      el("td", { text: scalar(s) }), el("td", { text: scalar(out.ranks[i]) }))));
    sc.append(tb);
    if (f.end.summary) sc.append(el("p", { class: "summary", text: f.end.summary }));
    if (f.end.breakdown) {
      sc.append(el("h3", { text: t("breakdown") }),
        breakdownTable(f.end.breakdown, out.scores.map((_, i) => seatName(i))));
    }
  }
}

// The page could not load its table: why, the controls off.
function cannotShow(error) {
  labels();
  loadFailed(error);
  for (const b of $("#controls").querySelectorAll("button, input, select")) b.disabled = true;
  $("#review").classList.add("hidden");
}

async function main() {
  for (const name of ["first", "back", "play", "forward", "last"]) {
    $(`#${name}`).replaceChildren(icon(name));
  }
  readHash();
  let tb;
  try {
    let list;
    [list, tb] = await Promise.all([
      getJson("/api/games"), answerOf(fetch(`/api/tables/${encodeURIComponent(TABLE)}`)),
    ]);
    games = Object.fromEntries(list.games.map((x) => [x.id, x]));
  } catch (e) {
    cannotShow(e);
    return;
  }
  if (!tb.ok || tb.data === null) {
    cannotShow(new Error(errorText(tb.data, tb.status, [])));
    return;
  }
  table = tb.data;
  if (seat !== null && !(seat >= 0 && seat < table.players)) seat = null;
  labels();
  if (table.status !== "over") {
    const body = clear($("#view .body"));
    body.append(el("p", { "data-testid": "not-over", text: t("replay_not_over") }),
      el("a", { href: `/table/${encodeURIComponent(TABLE)}`, text: t("open_table") }));
    for (const b of $("#controls").querySelectorAll("button, input, select")) b.disabled = true;
    $("#review").classList.add("hidden");
    return;
  }
  board = "none"; // no board of its own: the generic view
  if (games[table.game] && games[table.game].board) {
    try {
      board = await import(`./boards/${table.game}.js`);
    } catch (e) {
      console.error(e);
    }
  }
  $("#first").addEventListener("click", () => { stop(); go(0); });
  $("#back").addEventListener("click", () => { stop(); go(step - 1); });
  $("#play").addEventListener("click", () => play());
  $("#forward").addEventListener("click", () => { stop(); go(step + 1); });
  $("#last").addEventListener("click", () => { stop(); go(table.steps); });
  $("#slider").addEventListener("input", (e) => { stop(); go(Number(e.target.value)); });
  $("#jump").addEventListener("change", (e) => { stop(); go(Number(e.target.value)); });
  $("#follow").addEventListener("change", (e) => {
    seat = e.target.value === "" ? null : Number(e.target.value);
    followSeat(seat);
    go(step);
  });
  $("#lang").addEventListener("change", (e) => { setLang(e.target.value); labels(); drawReview(); go(step); });
  document.addEventListener("keydown", (e) => {
    if (e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement) return;
    const moves = { ArrowLeft: () => go(step - 1), ArrowRight: () => go(step + 1),
      Home: () => go(0), End: () => go(table.steps) };
    if (e.key === " ") play();
    else if (moves[e.key]) { stop(); moves[e.key](); } else return;
    e.preventDefault();
  });
  setupReview({ table, seatName, go: (n) => { stop(); go(n); window.scrollTo({ top: 0 }); } });
  followSeat(seat);
  await go(Math.min(step, table.steps));
}

main();
