// The leaderboards: a game's rated players in a pool (its rated games, or solo against its
// automa per difficulty), best first, each linked to their profile (ratings.js formats).
import { answerOf, errorText, getJson, loadFailed, turns } from "./account.js";
import { $, clear, el, holdForms } from "./dom.js";
import { lang, setLang, t } from "./i18n.js";
import { poolName } from "./ratings.js";

let GAMES = [];
let POOLS = [];
const params = new URLSearchParams(location.search);

function gameName(info) { return info.names[lang()] || info.names.en; }

function labels() {
  document.documentElement.lang = lang();
  document.title = `${t("leaderboards")} · spacetable`;
  $("#lang").value = lang();
  $("#lang-label").textContent = t("language");
  $("#back").textContent = t("back_lobby");
  $("#h-board").textContent = t("leaderboards");
  $("#l-game").textContent = t("game");
  $("#l-pool").textContent = t("pool");
  const game = $("#game").value;
  clear($("#game")).append(...GAMES.map((g) => el("option", { value: g.id, text: gameName(g) })));
  if (game) $("#game").value = game;
  fillPools();
}

// The game's pools: its rated games always, and each solo pool somebody is rated in.
function fillPools() {
  const game = $("#game").value;
  const pool = $("#pool").value || params.get("pool") || "main";
  const pools = ["main", ...POOLS.filter((p) => p.game === game && p.pool !== "main").map((p) => p.pool)];
  clear($("#pool")).append(...pools.map((p) => el("option", { value: p, text: poolName(p) })));
  $("#pool").value = pools.includes(pool) ? pool : "main";
}

const asked = turns();
async function draw() {
  const turn = asked.ask();
  const game = $("#game").value;
  const pool = $("#pool").value;
  history.replaceState(null, "", `/leaderboard?game=${encodeURIComponent(game)}&pool=${encodeURIComponent(pool)}`);
  const { ok, data, status } = await answerOf(
    fetch(`/api/leaderboards/${encodeURIComponent(game)}?pool=${encodeURIComponent(pool)}&limit=100`));
  if (asked.stale(turn)) return; // another game or pool was chosen meanwhile
  const box = clear($("#board"));
  if (status === 0 || data === null || status >= 500) {
    box.append(el("p", { role: "alert", "data-testid": "board-error", text: errorText(data, status, []) }));
    return;
  }
  if (!ok || !data.entries.length) { box.append(el("p", { class: "muted", text: t("no_rated") })); return; }
  const head = el("tr", {}, ...["rank", "player", "rating", "games_played"].map((k) => el("th", { scope: "col", text: t(k) })));
  const tb = el("table", { class: "scores" }, el("thead", {}, head));
  const body = el("tbody");
  for (const e of data.entries) {
    body.append(el("tr", { "data-testid": "board-row" },
      el("td", { text: String(e.rank) }),
      el("td", {}, el("a", { href: `/players/${encodeURIComponent(e.name)}`, text: e.name })),
      el("td", { text: String(e.rating) }), el("td", { text: String(e.games) })));
  }
  tb.append(body);
  box.append(tb);
}

async function main() {
  holdForms();
  $("#lang").addEventListener("change", (e) => { setLang(e.target.value); labels(); draw(); });
  try {
    const [games, pools] = await Promise.all([getJson("/api/games"), getJson("/api/leaderboards")]);
    GAMES = games.games;
    POOLS = pools.pools;
  } catch (e) {
    labels();
    loadFailed(e);
    return;
  }
  $("#game").addEventListener("change", () => { $("#pool").value = "main"; fillPools(); draw(); });
  $("#pool").addEventListener("change", draw);
  labels();
  const wanted = params.get("game");
  if (wanted && GAMES.some((g) => g.id === wanted)) $("#game").value = wanted;
  fillPools();
  draw();
}

main();
