// The lobby: create a table (game, players, every option, seats, levels), invitation
// links, the host's start button, and the list of open, running and finished tables.
import { $, clear, el, toast } from "./dom.js";
import { isDraw, lang, setLang, t } from "./i18n.js";

let GAMES = [];
let LEVELS = [];

function gameName(info) {
  return info.names[lang()] || info.names.en;
}

function labels() {
  document.documentElement.lang = lang();
  $("#lang").value = lang();
  $("#lang-label").textContent = t("language");
  $("#h-create").textContent = t("create");
  $("#l-game").textContent = t("game");
  $("#l-players").textContent = t("players");
  $("#l-title").textContent = t("title_field");
  $("#h-seats").textContent = t("seats");
  $("#l-hotseat").textContent = t("hotseat");
  $("#l-start").textContent = t("start_now");
  $("#l-hints").textContent = t("allow_hints");
  $("#create").textContent = t("create");
  $("#h-tables").textContent = t("tables");
  $("#h-history").textContent = t("my_games");
  $("#refresh").textContent = t("refresh");
  $("#h-learn").textContent = t("learn");
  $("#learn-help").textContent = t("learn_help");
}

// Learn to play: one button per game with a guided first game; it starts one at once and
// opens it (the learner's seat link is kept in this browser like any seat's).
function fillLearn() {
  const box = clear($("#learn"));
  const guided = GAMES.filter((g) => g.guide);
  $("#learn-section").classList.toggle("hidden", !guided.length);
  for (const g of guided) {
    box.append(el("button", { type: "button", class: "secondary", "data-testid": `learn-${g.id}`,
      text: gameName(g), onclick: () => learn(g) }));
  }
}

async function learn(g) {
  const r = await fetch(`/api/guides/${encodeURIComponent(g.id)}`, {
    method: "POST", headers: { "content-type": "application/json" },
    body: JSON.stringify({ lang: lang() }),
  });
  const data = await r.json();
  if (!r.ok) { toast(`${t("error")}: ${data.error ? data.error.message : r.status}`, 6000); return; }
  const seat = data.seats.find((s) => s.link);
  remember(data.id, { host: data.host_token });
  location.href = seat.link;
}

function current() {
  return GAMES.find((g) => g.id === $("#game").value);
}

function fillGames() {
  const sel = clear($("#game"));
  for (const g of GAMES) sel.append(el("option", { value: g.id, text: gameName(g) }));
  fillGame();
}

function fillGame() {
  const g = current();
  const players = clear($("#players"));
  for (let n = g.min_players; n <= g.max_players; n++) {
    players.append(el("option", { value: n, text: n }));
  }
  fillOptions();
  fillSeats();
  fillData();
  fillTiming();
}

// Whether the game runs in real time with the options chosen (Spacedealer's ticks mode is
// played in turns): the game's speed for a real-time game, turn clocks for the others.
function realtimeWith(g, options) {
  const when = Object.entries(g.turn_based_when || {});
  return g.realtime && !(when.length && when.every(([k, v]) => options[k] === v));
}

function fillTiming() {
  const g = current();
  const realtime = realtimeWith(g, readOptions());
  const rt = $("#rt-fields");
  const key = `${g.id}|${realtime}|${lang()}`;
  if (rt.dataset.key === key) return; // the same fields: kept as typed
  clear(rt);
  rt.dataset.key = key;
  if (realtime) {
    rt.append(el("label", {}, el("span", { text: t("speed") }),
      el("input", { type: "number", id: "speed", min: 0.1, max: 100, step: 0.1, value: 1,
        "data-testid": "speed" })));
  }
  rt.append(el("label", {}, el("span", { text: t("bot_delay") }),
    el("input", { type: "number", id: "bot-delay", min: 0, max: 10, step: 0.1, value: 0.8,
      "data-testid": "bot-delay" })));
  if (!realtime) {
    rt.append(el("label", {}, el("span", { text: t("clock_field") }),
      el("input", { type: "number", id: "clock-move", min: 5, max: 3600, step: 1, placeholder: "—",
        "data-testid": "clock-move" })));
    rt.append(el("label", {}, el("span", { text: t("reserve_field") }),
      el("input", { type: "number", id: "clock-reserve", min: 0, max: 600, step: 0.5, value: 5,
        "data-testid": "clock-reserve" })));
  }
  const takeover = el("select", { id: "takeover", "data-testid": "takeover" },
    el("option", { value: "", text: t("nobody") }));
  for (const level of LEVELS.filter((l) => l !== "learned")) takeover.append(el("option", { value: level, text: t(level) }));
  rt.append(el("label", {}, el("span", { text: t("takeover_field") }), takeover));
}

// The data sets the server offers for the game: a choice only when there is more than one.
function fillData() {
  const sets = current().data || [];
  const box = clear($("#data-field"));
  if (sets.length < 2) return;
  const sel = el("select", { id: "data", "data-testid": "data" },
    sets.map((d) => el("option", { value: d.name,
      text: d.name === "shipped" ? t("shipped") : `${d.name} (${d.digest})` })));
  box.append(el("label", {}, el("span", { text: t("data") }), sel));
}

function fillOptions() {
  const g = current();
  const n = Number($("#players").value);
  const box = clear($("#options"));
  if (Object.keys(g.options).length) box.append(el("h2", { text: t("options") }));
  for (const [name, spec] of Object.entries(g.options)) {
    if (spec.players && !spec.players.includes(n)) continue;
    let input;
    if (spec.choices) {
      input = el("select", { "data-option": name, "data-testid": `option-${name}` });
      const names = spec.choice_labels && (spec.choice_labels[lang()] || spec.choice_labels.en);
      spec.choices.forEach((c, i) => {
        input.append(el("option", {
          value: i, text: names && names[i] ? names[i] : String(c), selected: c === spec.default,
        }));
      });
    } else {
      input = el("input", {
        type: "number", "data-option": name, "data-testid": `option-${name}`,
        value: spec.default, min: spec.minimum ?? null, max: spec.maximum ?? null,
        step: spec.kind === "int" ? 1 : "any",
      });
    }
    // A player reads the option's label and its help, never its code name.
    const label = (spec.label && (spec.label[lang()] || spec.label.en)) || name;
    const help = spec.help && (spec.help[lang()] || spec.help.en);
    const helpId = `option-help-${name}`;
    if (help) input.setAttribute("aria-describedby", helpId);
    box.append(el("label", {}, el("span", { text: label }), input));
    if (help) box.append(el("div", { class: "help", id: helpId, text: help }));
  }
}

function fillSeats() {
  const n = Number($("#players").value);
  const box = clear($("#seats"));
  for (let i = 0; i < n; i++) {
    const kind = el("select", { "data-seat": i, "data-testid": `seat-${i}`,
      "aria-label": `${t("seat")} ${i}: ${t("who_plays")}` },
      el("option", { value: "human", text: t("human") }),
      el("option", { value: "bot", text: t("bot"), selected: i > 0 }));
    // "learned" only where a trained policy plays this game with this many players
    const learned = (current().learned || []).includes(n);
    const level = el("select", { "data-level": i, "data-testid": `level-${i}`,
      "aria-label": `${t("seat")} ${i}: ${t("bot_level")}` },
      LEVELS.filter((l) => l !== "learned" || learned)
        .map((l) => el("option", { value: l, text: t(l), selected: l === "medium" })));
    const name = el("input", { type: "text", "data-name": i, maxlength: 40, placeholder: t("name"),
      "aria-label": `${t("seat")} ${i}: ${t("name")}` });
    const sync = () => { level.disabled = kind.value !== "bot"; };
    kind.addEventListener("change", sync);
    sync();
    box.append(el("div", { class: "seatrow" }, el("span", { text: `${t("seat")} ${i}` }), kind, level, name));
  }
}

function readOptions() {
  const g = current();
  const out = {};
  for (const input of document.querySelectorAll("[data-option]")) {
    const name = input.dataset.option;
    const spec = g.options[name];
    if (spec.choices) out[name] = spec.choices[Number(input.value)];
    else out[name] = spec.kind === "int" ? parseInt(input.value, 10) : Number(input.value);
  }
  return out;
}

function remember(id, data) {
  const key = `spacetable.table.${id}`;
  const old = JSON.parse(localStorage.getItem(key) || "{}");
  localStorage.setItem(key, JSON.stringify({ ...old, ...data }));
}

async function createTable(ev) {
  ev.preventDefault();
  const n = Number($("#players").value);
  const seats = [];
  for (let i = 0; i < n; i++) {
    const kind = document.querySelector(`[data-seat="${i}"]`).value;
    const name = document.querySelector(`[data-name="${i}"]`).value.trim();
    seats.push(kind === "bot"
      ? { kind, level: document.querySelector(`[data-level="${i}"]`).value, name }
      : { kind, name });
  }
  const body = {
    game: $("#game").value, players: n, options: readOptions(), seats,
    title: $("#title").value.trim(), start: $("#start-now").checked,
    bot_delay: Number($("#bot-delay").value), hints: $("#hints").checked,
  };
  if ($("#speed")) body.speed = Number($("#speed").value);
  if ($("#clock-move") && $("#clock-move").value !== "") {
    body.clock = { move: Number($("#clock-move").value), reserve: Number($("#clock-reserve").value) * 60 };
  }
  if ($("#takeover").value) body.takeover = $("#takeover").value;
  if ($("#data")) body.data = $("#data").value;
  const r = await fetch("/api/tables", {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body),
  });
  const data = await r.json();
  if (!r.ok) {
    toast(`${t("error")}: ${data.error ? data.error.message : r.status}`, 6000);
    return;
  }
  const tokens = data.seats.filter((s) => s.token).map((s) => s.token);
  remember(data.id, { host: data.host_token });
  showCreated(data, tokens);
  loadTables();
}

function showCreated(data, tokens) {
  const box = clear($("#created"));
  box.classList.remove("hidden");
  const hot = $("#hotseat").checked;
  const heading = el("h2", { text: t("created"), tabindex: "-1" });
  box.append(heading);
  const url = (p) => new URL(p, location.href).href;
  if (hot && tokens.length) {
    const link = url(`/table/${data.id}#tokens=${tokens.join(",")}`);
    box.append(el("p", {}, el("a", { href: link, "data-testid": "open-table", text: t("open_table") })));
  } else if (tokens.length) {
    box.append(el("p", { text: t("invite") }));
    const list = el("ul", { class: "links" });
    for (const s of data.seats) {
      if (!s.token) continue;
      const link = url(s.link);
      list.append(el("li", {}, el("span", { text: `${t("seat")} ${s.seat}: ` }),
        el("a", { href: link, "data-testid": `invite-${s.seat}`, text: link })));
    }
    box.append(list);
  }
  box.append(el("p", {}, el("a", { href: url(data.spectate), "data-testid": "spectate-link",
    text: t("spectate") })));
  if (data.table.status === "open") {
    const btn = el("button", { type: "button", "data-testid": "start", text: t("start") });
    btn.addEventListener("click", async () => {
      const r = await fetch(`/api/tables/${data.id}/start`, {
        method: "POST", headers: { "content-type": "application/json" },
        body: JSON.stringify({ host_token: data.host_token }),
      });
      const out = await r.json();
      if (!r.ok) toast(`${t("error")}: ${out.error.message}`, 6000);
      else { btn.disabled = true; btn.textContent = t("started"); loadTables(); }
    });
    box.append(btn);
  }
  // The links and the Start button are what comes next: bring them into view (they lie
  // below the form, out of the first screen) and move the focus there for keyboard users.
  box.scrollIntoView({ block: "start" });
  heading.focus({ preventScroll: true });
}

async function loadTables() {
  const r = await fetch("/api/tables?status=open&status=running&status=over&limit=50");
  const data = await r.json();
  const box = clear($("#tables"));
  if (!data.tables.length) { box.append(el("p", { class: "muted", text: t("none") })); return; }
  const list = el("ul", { class: "tables" });
  for (const tb of data.tables) {
    const info = GAMES.find((g) => g.id === tb.game);
    const seats = tb.seats.map((s) => (s.kind === "bot" ? `${t("bot")} (${t(s.level)})`
      : s.kind === "guide" ? t("guide") : s.name || t("human"))).join(", ");
    const data = tb.data && tb.data.name !== "shipped" ? ` · ${tb.data.name}` : "";
    list.append(el("li", { "data-table": tb.id },
      el("a", { href: `/table/${tb.id}`, text: `${tb.title || (info ? gameName(info) : tb.game)}` }),
      el("span", { class: "badge", text: t(tb.status) }),
      el("span", { class: "muted", text: ` ${tb.players} · ${seats}${data}` }),
      tb.status === "over" ? result(tb, null) : null,
      tb.status === "over" ? replayLink(tb) : null));
  }
  box.append(list);
}

function seatLabel(tb, i) {
  const s = tb.seats[i];
  const who = s.kind === "bot" ? `${t("bot")} (${t(s.level)})`
    : s.kind === "guide" ? t("guide") : s.name || `${t("seat")} ${i}`;
  return who;
}

// A finished table's result: the winners, and (for the seats this browser held) rank and score.
function result(tb, mine) {
  const out = tb.outcome;
  if (!out) return null;
  const winners = out.winners.map((i) => seatLabel(tb, i)).join(", ");
  const parts = [isDraw(out) ? ` · ${t("draw")}` : ` · ${t("winner")}: ${winners || "—"}`];
  for (const i of mine || []) {
    parts.push(` · ${t("you")} (${t("seat")} ${i}): ${t("rank")} ${out.ranks[i]}, ${t("score")} ${out.scores[i]}`);
  }
  return el("span", { class: "result", "data-testid": "result", text: parts.join("") });
}

function replayLink(tb) {
  return el("a", { class: "replay-link", href: `/replay/${tb.id}`, "data-testid": "replay-link", text: ` ${t("replay")}` });
}

// The games this browser took part in (the seats it holds, kept by the table page), newest
// first, with their results; a finished one links to its replay.
async function loadHistory() {
  const box = clear($("#history"));
  const mine = [];
  for (let i = 0; i < localStorage.length; i += 1) {
    const key = localStorage.key(i);
    if (!key || !key.startsWith("spacetable.table.")) continue;
    const data = JSON.parse(localStorage.getItem(key) || "{}");
    if ((data.seats || []).length) mine.push([key.slice("spacetable.table.".length), data.seats]);
  }
  const infos = await Promise.all(mine.map(async ([id, seats]) => {
    const r = await fetch(`/api/tables/${encodeURIComponent(id)}`);
    return r.ok ? [await r.json(), seats] : null;
  }));
  const rows = infos.filter(Boolean).sort((a, b) => (b[0].finished_at || b[0].created_at) - (a[0].finished_at || a[0].created_at));
  if (!rows.length) { box.append(el("p", { class: "muted", text: t("no_history") })); return; }
  const list = el("ul", { class: "tables" });
  for (const [tb, seats] of rows) {
    const info = GAMES.find((g) => g.id === tb.game);
    const when = new Date((tb.finished_at || tb.created_at) * 1000).toLocaleString(lang());
    list.append(el("li", { "data-history": tb.id },
      el("a", { href: `/table/${tb.id}`, text: `${tb.title || (info ? gameName(info) : tb.game)}` }),
      el("span", { class: "badge", text: t(tb.status) }),
      el("span", { class: "muted", text: ` ${when}` }),
      tb.status === "over" ? result(tb, seats) : null,
      tb.status === "over" ? replayLink(tb) : null));
  }
  box.append(list);
}

async function main() {
  labels();
  $("#lang").addEventListener("change", (e) => {
    setLang(e.target.value);
    labels();
    fillGames();
    fillLearn();
    loadTables();
    loadHistory();
  });
  const r = await fetch("/api/games");
  const data = await r.json();
  GAMES = data.games;
  LEVELS = data.levels;
  fillGames();
  fillLearn();
  $("#game").addEventListener("change", fillGame);
  $("#players").addEventListener("change", () => { fillOptions(); fillSeats(); fillTiming(); });
  $("#options").addEventListener("change", fillTiming);
  $("#create-form").addEventListener("submit", createTable);
  $("#refresh").addEventListener("click", () => { loadTables(); loadHistory(); });
  loadTables();
  loadHistory();
}

main();
