// The lobby: create a table (game, players, every option, seats, levels), invitation
// links, the host's start button, and the list of open, running and finished tables.
import { $, clear, el, holdForms, toast } from "./dom.js";
import { seatName } from "./generic.js";
import { isDraw, lang, setLang, t } from "./i18n.js";
import { SESSION_CODES, account, answerOf, api, enter, errorText, getJson, loadAccount, loadFailed, readJson, signOut, startTable, turns } from "./account.js";

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
  $("#l-rated").textContent = t("rated");
  $("#h-play-now").textContent = t("play_now");
  $("#l-pn-game").textContent = t("game");
  $("#l-pn-players").textContent = t("players");
  $("#l-pn-pace").textContent = t("pace");
  $("#pn-go").textContent = t("play_now");
  $("#pn-leave").textContent = t("pn_leave");
  $("#pn-bots").textContent = t("pn_bots");
  if (GAMES.length) fillPlayNow();
  $("#leaderboards-link").textContent = t("leaderboards");
  $("#profile-link").textContent = t("your_profile");
  $("#create").textContent = t("create");
  $("#h-tables").textContent = t("tables");
  $("#h-history").textContent = t("my_games");
  $("#refresh").textContent = t("refresh");
  $("#h-learn").textContent = t("learn");
  $("#learn-help").textContent = t("learn_help");
  $("#h-account").textContent = t("your_account");
  $("#account-help").textContent = t("account_help");
  $("#l-account-name").textContent = t("name");
  $("#l-account-password").textContent = t("password");
  $("#sign-in").textContent = t("sign_in");
  $("#sign-up").textContent = t("sign_up");
  $("#sign-out").textContent = t("sign_out");
  $("#account-link").textContent = t("account_settings");
  drawAccount();
}

// The account box: a sign-in form for a guest, the name and "sign out" once signed in.
function drawAccount() {
  const a = account();
  $("#signed-out-box").classList.toggle("hidden", Boolean(a));
  $("#signed-in-box").classList.toggle("hidden", !a);
  $("#signed-in-as").textContent = a ? t("signed_in_as", { name: a.name }) : "";
  if (a) $("#profile-link").href = `/players/${encodeURIComponent(a.name)}`;
  if (GAMES.length) { fillPlayNow(); pollQueue(); fillSeats(); }
  // only a signed-in person creates a rated table
  $("#rated-field").classList.toggle("hidden", !a);
  if (!a) $("#rated").checked = false;
  ratedChanged();
}

// Play now (docs/ratings.md, spacetable.web.matchmaking): a signed-in person joins a
// queue; the page asks where it stands every second (which keeps the place) and opens the
// table once matched; after a wait it may fill the empty seats with bots.
let queueTimer = 0;

function fillPlayNow() {
  const game = $("#pn-game").value;
  clear($("#pn-game")).append(...GAMES.map((g) => el("option", { value: g.id, text: gameName(g) })));
  if (game) $("#pn-game").value = game;
  const g = GAMES.find((x) => x.id === $("#pn-game").value) || GAMES[0];
  const n = $("#pn-players").value;
  const players = clear($("#pn-players"));
  for (let k = Math.max(2, g.min_players); k <= g.max_players; k++) players.append(el("option", { value: k, text: k }));
  if (n && [...players.options].some((o) => o.value === n)) players.value = n;
  const pace = $("#pn-pace").value;
  clear($("#pn-pace")).append(el("option", { value: "live", text: t("pace_live") }),
    el("option", { value: "days", text: t("pace_days") }));
  if (pace) $("#pn-pace").value = pace;
  const a = account();
  $("#play-now-help").textContent = t(a ? "play_now_help" : "play_now_signed_out");
  $("#play-now-form").classList.toggle("hidden", !a);
}

function clock(seconds) {
  const s = Math.floor(seconds);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

function showQueue(q) {
  const waiting = Boolean(q && q.queued);
  $("#pn-waiting").classList.toggle("hidden", !waiting);
  $("#pn-go").disabled = waiting;
  if (!waiting) return;
  if (q.matched) {
    $("#pn-status").textContent = t("pn_matched");
    location.href = `/table/${encodeURIComponent(q.matched.table)}#seats=${q.matched.seat}`;
    return;
  }
  $("#pn-status").textContent = t("pn_waiting", { gap: q.gap, time: clock(q.waited) });
  $("#pn-bots").classList.toggle("hidden", !q.may_fill_with_bots || q.bots);
}

async function pollQueue() {
  clearTimeout(queueTimer);
  if (!account()) { showQueue(null); return; }
  const r = await api("/api/queue", { method: "GET" });
  const q = r.ok ? await r.json() : null;
  showQueue(q);
  if (q && q.queued && !q.matched) queueTimer = setTimeout(pollQueue, 1000);
}

async function joinQueue(ev) {
  ev.preventDefault();
  const body = { game: $("#pn-game").value, players: Number($("#pn-players").value),
    pace: $("#pn-pace").value, lang: lang() };
  const r = await api("/api/queue", { body });
  const data = await readJson(r);
  if (!r.ok) { toast(errorText(data, r.status, SESSION_CODES), 6000); return; }
  showQueue(data);
  queueTimer = setTimeout(pollQueue, 1000);
}

async function leaveQueue() {
  clearTimeout(queueTimer);
  await api("/api/queue/leave");
  showQueue(null);
  $("#pn-status").textContent = "";
  toast(t("pn_left"), 3000);
}

async function fillWithBots() {
  const r = await api("/api/queue/bots");
  if (r.ok) showQueue(await r.json());
}

// A rated table gives no hints: the box is unticked and greyed while "rated" is ticked.
function ratedChanged() {
  const rated = $("#rated").checked;
  if (rated) $("#hints").checked = false;
  $("#hints").disabled = rated;
}

async function accountEnter(what) {
  const form = $("#account-form");
  if (!form.reportValidity()) return;
  const name = $("#account-name").value.trim();
  const password = $("#account-password").value;
  if (what === "signup" && password.length < 8) {
    $("#account-error").textContent = t("err_bad_password");
    return;
  }
  const out = await enter(what, name, password);
  if (!out.ok) { $("#account-error").textContent = errorText(out.data, out.status); return; }
  $("#account-error").textContent = "";
  $("#account-password").value = "";
  drawAccount();
  loadHistory();
  $("#sign-out").focus();
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
  const r = await api(`/api/guides/${encodeURIComponent(g.id)}`, { body: { lang: lang() } });
  const data = await readJson(r);
  if (!r.ok) { toast(errorText(data, r.status, SESSION_CODES), 6000); return; }
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

// The units of a turn clock, in seconds.
const UNITS = [["seconds", 1], ["minutes", 60], ["hours", 3600], ["days", 86400]];

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
    // a turn clock in seconds, minutes, hours or days (a game over days: a day a move)
    const unit = (id, chosen) => el("select", { id, "data-testid": id, "aria-label": t("clock_unit") },
      ...UNITS.map(([k, n]) => el("option", { value: n, text: t(`unit_${k}`), selected: k === chosen })));
    rt.append(el("label", {}, el("span", { text: t("clock_field") }),
      el("input", { type: "number", id: "clock-move", min: 1, step: 1, placeholder: "—",
        "data-testid": "clock-move" }), unit("clock-unit", "seconds")));
    rt.append(el("label", {}, el("span", { text: t("reserve_field") }),
      el("input", { type: "number", id: "clock-reserve", min: 0, step: 0.5, value: 5,
        "data-testid": "clock-reserve" }), unit("reserve-unit", "minutes")));
    // what running out of time does (with a clock only): a bot plays on, or the game is lost
    rt.append(el("label", {}, el("span", { text: t("on_timeout_field") }),
      el("select", { id: "on-timeout", "data-testid": "on-timeout" },
        el("option", { value: "bot", text: t("on_timeout_bot") }),
        el("option", { value: "lose", text: t("on_timeout_lose") }))));
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
    // a signed-in person keeps a person's seat for an account, invited by its name
    const invite = el("input", { type: "text", "data-account": i, "data-testid": `invite-account-${i}`,
      maxlength: 40, placeholder: t("invite_short"), "aria-label": `${t("seat")} ${i}: ${t("invite_account")}` });
    const sync = () => {
      level.disabled = kind.value !== "bot";
      invite.classList.toggle("hidden", kind.value !== "human" || !account());
    };
    kind.addEventListener("change", sync);
    sync();
    box.append(el("div", { class: "seatrow" }, el("span", { text: `${t("seat")} ${i}` }), kind, level, name, invite));
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
    const invited = document.querySelector(`[data-account="${i}"]`).value.trim();
    seats.push(kind === "bot"
      ? { kind, level: document.querySelector(`[data-level="${i}"]`).value, name }
      : { kind, name, ...(invited && account() ? { account: invited } : {}) });
  }
  const body = {
    game: $("#game").value, players: n, options: readOptions(), seats,
    title: $("#title").value.trim(), start: $("#start-now").checked,
    bot_delay: Number($("#bot-delay").value), hints: $("#hints").checked,
  };
  if ($("#rated").checked) body.rated = true;
  if ($("#speed")) body.speed = Number($("#speed").value);
  if ($("#clock-move") && $("#clock-move").value !== "") {
    body.clock = { move: Number($("#clock-move").value) * Number($("#clock-unit").value),
      reserve: Number($("#clock-reserve").value) * Number($("#reserve-unit").value) };
    if ($("#on-timeout").value === "lose") body.on_timeout = "lose";
  }
  if ($("#takeover").value) body.takeover = $("#takeover").value;
  if ($("#data")) body.data = $("#data").value;
  const r = await api("/api/tables", { body });
  const data = await readJson(r);
  if (!r.ok) {
    toast(errorText(data, r.status, SESSION_CODES), 6000);
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
      list.append(el("li", {}, el("span", { text: `${seatName(data, s.seat)}: ` }),
        el("a", { href: link, "data-testid": `invite-${s.seat}`, text: link })));
    }
    box.append(list);
  }
  box.append(el("p", {}, el("a", { href: url(data.spectate), "data-testid": "spectate-link",
    text: t("spectate") })));
  if (data.table.status === "open") {
    const btn = el("button", { type: "button", "data-testid": "start", text: t("start") });
    btn.addEventListener("click", async () => {
      const r = await startTable(data.id, data.host_token);
      if (!r.ok) toast(errorText(r.data, r.status, []), 6000);
      else { btn.disabled = true; btn.textContent = t("started"); loadTables(); }
    });
    box.append(btn);
  }
  // The links and the Start button are what comes next: bring them into view (they lie
  // below the form, out of the first screen) and move the focus there for keyboard users.
  box.scrollIntoView({ block: "start" });
  heading.focus({ preventScroll: true });
}

const tablesAsked = turns();
async function loadTables() {
  const turn = tablesAsked.ask();
  const { ok, data, status } = await answerOf(fetch("/api/tables?status=open&status=running&status=over&limit=50"));
  if (tablesAsked.stale(turn)) return; // Refresh was pressed again meanwhile
  const box = clear($("#tables"));
  if (!ok || !data) { // the Refresh button asks again
    box.append(el("p", { class: "muted", "data-testid": "tables-error", text: errorText(data, status, []) }));
    return;
  }
  if (!data.tables.length) { box.append(el("p", { class: "muted", text: t("none") })); return; }
  const list = el("ul", { class: "tables" });
  for (const tb of data.tables) {
    const info = GAMES.find((g) => g.id === tb.game);
    const seats = tb.seats.map((s, i) => seatName(tb, i)).join("; ");
    const data = tb.data && tb.data.name !== "shipped" ? ` · ${tb.data.name}` : "";
    list.append(el("li", { "data-table": tb.id },
      el("a", { href: `/table/${tb.id}`, text: `${tb.title || (info ? gameName(info) : tb.game)}` }),
      el("span", { class: "badge", text: t(tb.status) }),
      tb.rated ? el("span", { class: "badge", "data-testid": "rated-badge", text: t("rated_mark") }) : null,
      el("span", { class: "muted", text: ` ${tb.players} · ${seats}${data}` }),
      tb.status === "over" ? result(tb, null) : null,
      tb.status === "over" ? replayLink(tb) : null));
  }
  box.append(list);
}

function seatLabel(tb, i) {
  return seatName(tb, i);
}

// A finished table's result: the winners, and (for the seats this browser held) rank and score.
function result(tb, mine) {
  const out = tb.outcome;
  if (!out) return null;
  const winners = out.winners.map((i) => seatLabel(tb, i)).join(", ");
  const parts = [isDraw(out) ? ` · ${t("draw")}` : ` · ${t("winner")}: ${winners || "—"}`];
  for (const i of mine || []) {
    parts.push(` · ${t("you")}, ${seatName(tb, i)}: ${t("rank")} ${out.ranks[i]}, ${t("score")} ${out.scores[i]}`);
  }
  return el("span", { class: "result", "data-testid": "result", text: parts.join("") });
}

// "Your turn" on a running game where a seat this person holds is to act (in real time
// every seat always is: nothing to say).
function yourTurn(tb, seats) {
  if (tb.status !== "running" || tb.realtime || !(tb.to_act || []).some((s) => (seats || []).includes(s))) return null;
  return el("span", { class: "badge your-turn", "data-testid": "your-turn", text: t("your_turn") });
}

function replayLink(tb) {
  return el("a", { class: "replay-link", href: `/replay/${tb.id}`, "data-testid": "replay-link", text: ` ${t("replay")}` });
}

// The games this browser took part in (the seats it holds, kept by the table page) and,
// when signed in, the account's (from any browser), newest first, with their results; a
// finished one links to its replay. An account's seat opens by the account (#seats=...).
const historyAsked = turns();
async function loadHistory() {
  const turn = historyAsked.ask();
  const mine = new Map(); // table id -> {seats, link}
  for (let i = 0; i < localStorage.length; i += 1) {
    const key = localStorage.key(i);
    if (!key || !key.startsWith("spacetable.table.")) continue;
    const data = JSON.parse(localStorage.getItem(key) || "{}");
    const id = key.slice("spacetable.table.".length);
    const byToken = (data.tokens || []).length > 0;
    if ((data.seats || []).length) mine.set(id, { seats: data.seats, link: `/table/${id}`, byToken });
  }
  const infos = new Map();
  if (account()) {
    const games = await answerOf(api("/api/account/games", { method: "GET" }));
    if (games.ok && games.data) {
      for (const g of games.data.games) {
        const id = g.table.id;
        infos.set(id, g.table);
        if (!mine.has(id) || !mine.get(id).byToken) {
          mine.set(id, { seats: g.seats,
            link: g.seats.length ? `/table/${id}#seats=${g.seats.join(",")}` : `/table/${id}` });
        }
      }
    }
  }
  const rows = (await Promise.all([...mine].map(async ([id, held]) => {
    if (infos.has(id)) return [infos.get(id), held];
    const r = await answerOf(fetch(`/api/tables/${encodeURIComponent(id)}`));
    return r.ok && r.data ? [r.data, held] : null;
  }))).filter(Boolean).sort((a, b) => (b[0].finished_at || b[0].created_at) - (a[0].finished_at || a[0].created_at));
  if (historyAsked.stale(turn)) return; // asked again meanwhile (Refresh, the language, signed in or out)
  const box = clear($("#history"));
  if (!rows.length) {
    box.append(el("p", { class: "muted", text: t(account() ? "no_history_account" : "no_history") }));
    return;
  }
  const list = el("ul", { class: "tables" });
  for (const [tb, held] of rows) {
    const info = GAMES.find((g) => g.id === tb.game);
    const when = new Date((tb.finished_at || tb.created_at) * 1000).toLocaleString(lang());
    list.append(el("li", { "data-history": tb.id },
      el("a", { href: held.link, text: `${tb.title || (info ? gameName(info) : tb.game)}` }),
      el("span", { class: "badge", text: t(tb.status) }),
      yourTurn(tb, held.seats),
      el("span", { class: "muted", text: ` ${when}` }),
      tb.status === "over" ? result(tb, held.seats) : null,
      tb.status === "over" ? replayLink(tb) : null));
  }
  box.append(list);
}

async function main() {
  // the account box answers from the first moment: a sign-up pressed while the page still
  // asks who this browser is, is sent (and that older answer is not kept: account.js)
  holdForms();
  $("#account-form").addEventListener("submit", () => accountEnter("signin"));
  $("#sign-up").addEventListener("click", () => accountEnter("signup"));
  $("#sign-out").addEventListener("click", async () => {
    if (await signOut()) { drawAccount(); loadHistory(); $("#account-name").focus(); }
  });
  await loadAccount();
  labels();
  $("#lang").addEventListener("change", (e) => {
    setLang(e.target.value);
    labels();
    fillGames();
    fillLearn();
    loadTables();
    loadHistory();
  });
  let data;
  try {
    data = await getJson("/api/games");
  } catch (e) {
    loadFailed(e);
    return;
  }
  GAMES = data.games;
  LEVELS = data.levels;
  fillGames();
  fillLearn();
  $("#game").addEventListener("change", fillGame);
  $("#players").addEventListener("change", () => { fillOptions(); fillSeats(); fillTiming(); });
  $("#options").addEventListener("change", fillTiming);
  $("#create-form").addEventListener("submit", createTable);
  $("#rated").addEventListener("change", ratedChanged);
  $("#play-now-form").addEventListener("submit", joinQueue);
  $("#pn-game").addEventListener("change", fillPlayNow);
  $("#pn-leave").addEventListener("click", leaveQueue);
  $("#pn-bots").addEventListener("click", fillWithBots);
  fillPlayNow();
  pollQueue();
  $("#refresh").addEventListener("click", () => { loadTables(); loadHistory(); });
  loadTables();
  loadHistory();
}

main();
