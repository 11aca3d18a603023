// A player's profile: their ratings per game (a chart of each one's history), their games in
// progress and their finished games with their results.
import { $, clear, el, holdForms } from "./dom.js";
import { lang, setLang, t } from "./i18n.js";
import { poolName, ratingChart } from "./ratings.js";
import { account, answerOf, api, errorText, getJson, loadAccount, loadFailed, readJson } from "./account.js";

const NAME = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || "");
let GAMES = [];
let DATA = null;

function gameName(id) {
  const g = GAMES.find((x) => x.id === id);
  return g ? g.names[lang()] || g.names.en : id;
}

function day(seconds) {
  return new Date(seconds * 1000).toLocaleDateString(lang(), { year: "numeric", month: "long", day: "numeric" });
}

// A finished game's result for the player: won, lost, a draw, or a place.
function result(f) {
  const out = f.table.outcome;
  if (!out || f.rank === null) return "";
  const n = out.winners.length;
  if (f.rank === 1) return n > 1 ? t("drew") : t("won");
  if (out.ranks.length === 2 || f.table.players === 1) return t("lost");
  return t("place", { n: f.rank });
}

function gameLine(entry, finished) {
  const tb = entry.table;
  // the owner's own game in progress opens at their seats (played by the account)
  const href = finished ? `/replay/${tb.id}` : `/table/${tb.id}${mine() ? `#seats=${entry.seats.join(",")}` : ""}`;
  const when = tb.finished_at || tb.started_at || tb.created_at;
  return el("li", { "data-testid": finished ? "finished-game" : "playing-game" },
    el("a", { href, text: tb.title || gameName(tb.game) }),
    tb.rated ? el("span", { class: "badge", text: t("rated_mark") }) : null,
    !finished && (tb.to_act || []).some((s) => entry.seats.includes(s))
      ? el("span", { class: "badge your-turn", "data-testid": "their-turn", text: t(mine() ? "your_turn" : "their_turn") })
      : null,
    el("span", { class: "muted", text: ` · ${tb.players} · ${day(when)}` }),
    finished ? el("strong", { text: ` · ${result(entry)}` }) : null);
}

// Whether this profile is the signed-in person's own.
function mine() {
  const a = account();
  return Boolean(a && DATA && a.name === DATA.name);
}

// A signed-in person on another's profile may block them (or unblock) and report them.
let BLOCKED = false;

function drawActions() {
  const other = account() && DATA && !mine();
  $("#actions").classList.toggle("hidden", !other);
  if (!other) return;
  $("#block").textContent = t(BLOCKED ? "unblock" : "block");
  $("#blocked-note").textContent = t("blocked_note");
  $("#blocked-note").classList.toggle("hidden", !BLOCKED);
  $("#report-open").textContent = t("report");
  $("#l-reason").textContent = t("report_reason");
  $("#report-send").textContent = t("report_send");
}

async function toggleBlock() {
  const r = await api(BLOCKED ? "/api/account/blocks/remove" : "/api/account/blocks", { body: { name: DATA.name } });
  const data = await readJson(r);
  if (!r.ok) { $("#safety-status").textContent = errorText(data, r.status); return; }
  BLOCKED = data.blocks.includes(DATA.name);
  $("#safety-status").textContent = "";
  drawActions();
}

async function sendReport(ev) {
  ev.preventDefault();
  const r = await api("/api/reports", { body: { name: DATA.name, reason: $("#reason").value } });
  const data = await readJson(r);
  if (!r.ok) { $("#safety-status").textContent = errorText(data, r.status); return; }
  $("#reason").value = "";
  $("#report-form").classList.add("hidden");
  $("#safety-status").textContent = t("report_sent");
}

// The page's own words (also on a page that could not load its player).
function labels() {
  document.documentElement.lang = lang();
  $("#lang").value = lang();
  $("#lang-label").textContent = t("language");
  $("#back").textContent = t("back_lobby");
  $("#boards").textContent = t("leaderboards");
  $("#h-player").textContent = NAME;
  $("#h-ratings").textContent = t("ratings");
  $("#h-playing").textContent = t("playing_now");
  $("#h-finished").textContent = t("finished_games");
}

function draw() {
  labels();
  if (!DATA) {
    $("#since").textContent = t("no_player");
    return;
  }
  document.title = `${DATA.name} · spacetable`;
  drawActions();
  $("#h-player").textContent = DATA.name;
  $("#since").textContent = t("member_since", { date: day(DATA.since) });
  const ratings = clear($("#ratings"));
  if (!DATA.ratings.length) ratings.append(el("p", { class: "muted", text: t("ratings_none_yet") }));
  for (const r of DATA.ratings) {
    const name = `${gameName(r.game)} · ${poolName(r.pool)}`;
    const values = r.history.map((h) => h.rating);
    const label = t("rating_chart", { game: name, n: values.length, first: values[0], last: values[values.length - 1], high: Math.max(...values) });
    ratings.append(el("div", { class: "rating-card", "data-testid": "rating-card" },
      el("h3", {}, el("a", { href: `/leaderboard?game=${encodeURIComponent(r.game)}&pool=${encodeURIComponent(r.pool)}`, text: name })),
      el("p", {}, el("strong", { "data-testid": "rating-value", text: t("rating_value", { n: r.rating }) }),
        el("span", { class: "muted", text: ` · ${t("games_value", { n: r.games })}` })),
      ratingChart(r.history, label)));
  }
  const playing = clear($("#playing"));
  if (!DATA.playing.length) playing.append(el("p", { class: "muted", text: t("no_games_yet") }));
  else playing.append(el("ul", { class: "tables" }, ...DATA.playing.map((g) => gameLine(g, false))));
  const finished = clear($("#finished"));
  if (!DATA.finished.length) finished.append(el("p", { class: "muted", text: t("no_games_yet") }));
  else finished.append(el("ul", { class: "tables" }, ...DATA.finished.map((g) => gameLine(g, true))));
}

async function main() {
  holdForms();
  $("#lang").addEventListener("change", (e) => { setLang(e.target.value); draw(); });
  let player;
  try {
    [GAMES, player] = await Promise.all([
      getJson("/api/games").then((d) => d.games),
      answerOf(fetch(`/api/players/${encodeURIComponent(NAME)}`)),
    ]);
  } catch (e) {
    labels();
    loadFailed(e);
    return;
  }
  // no such player (404): the page says so; a lost request or a proxy's page: why
  if (player.status !== 404 && (!player.ok || player.data === null)) {
    labels();
    loadFailed(new Error(errorText(player.data, player.status, [])));
    return;
  }
  DATA = player.ok ? player.data : null;
  if (await loadAccount() && DATA) {
    const r = await api("/api/account/blocks", { method: "GET" });
    if (r.ok) BLOCKED = (await r.json()).blocks.includes(DATA.name);
  }
  $("#block").addEventListener("click", toggleBlock);
  $("#report-open").addEventListener("click", () => { $("#report-form").classList.toggle("hidden"); $("#reason").focus(); });
  $("#report-form").addEventListener("submit", sendReport);
  draw();
}

main();
