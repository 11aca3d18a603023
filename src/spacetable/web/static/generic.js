// The generic view: any game's view (JSON) drawn as nested zones of keys and values. Used
// where a game has no board of its own (the table and replay pages). Every text goes through
// textContent.
import { el } from "./dom.js";
import { t } from "./i18n.js";

// How every page names seat i of `table` (the table's public info, null until it is loaded):
// the person's name (or the bot's level in words, or the guide), then the seat's shape, colour
// and number as the boards draw them: "Moimoi (● orange, seat 0)", "bot easy (■ sky blue,
// seat 1)", "● orange, seat 0" for a person without a name; null or undefined is the
// spectator. The lobby, the table (header, seat switch, hand-off, clocks, chat, scores, end
// screen, boards) and the replay all name seats with it.
const GLYPHS = ["●", "■", "◆", "▲", "⬢"]; // boards/board.js's seat shapes, in the same order

export function seatName(table, i) {
  if (i === null || i === undefined) return t("spectator");
  const colour = t("seat_colours").split(",")[((i % 5) + 5) % 5];
  const mark = `${GLYPHS[((i % 5) + 5) % 5]} ${colour}, ${t("seat").toLowerCase()} ${i}`;
  const s = table && table.seats && table.seats[i];
  const who = !s ? "" : s.kind === "bot" ? `${t("bot")} ${t(s.level)}` : s.kind === "guide" ? t("guide") : s.name;
  return who ? `${who} (${mark})` : mark;
}

// A seat named in a game's text: "⟪2|player 2⟫", or "⟪2|au joueur 2|à ⟫" when a name takes
// another word before it (the engine's mention module). The page names it as everywhere else.
const MENTION = /⟪(\d+)\|([^|⟪⟫]*)(?:\|([^|⟪⟫]*))?⟫/g;

// French "de" is elided before a vowel ("d'Ana"), as the engine's name_seats does.
const VOWEL = /^[aeiouyàâäéèêëîïôöùûüœæ]/i;

export function nameSeats(text, name) {
  if (typeof text !== "string" || !text.includes("⟪")) return text;
  return text.replace(MENTION, (_, s, words, before = "") => {
    const who = name(Number(s));
    return before.endsWith("de ") && VOWEL.test(who) ? `${before.slice(0, -3)}d'${who}` : before + who;
  });
}

// Whether a game's sentence starts by naming seat `seat` (a log line then needs no prefix).
export function startsWithSeat(text, seat) {
  return typeof text === "string" && text.startsWith(`⟪${seat}|`);
}

// A message's (or a replay frame's) game texts with their seats named by `name`: the prompt,
// the actions' labels, the log's sentences, the end's summary and breakdown, the reasons; its
// data (the view, events, actions, facts) and the keys in `skip` left as they are.
const DATA = ["view", "event", "action", "facts"];

export function namedTexts(value, name, skip = []) {
  const keep = new Set([...DATA, ...skip]);
  const walk = (v) => {
    if (typeof v === "string") return nameSeats(v, name);
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === "object") {
      const out = {};
      for (const [k, x] of Object.entries(v)) out[k] = keep.has(k) ? x : walk(x);
      return out;
    }
    return v;
  };
  return walk(value);
}

// The drawing functions, naming a seat with seatName(i).
export function genericView(seatName) {
  function scalar(v) {
    if (v === null || v === undefined) return "—";
    if (v === true) return t("yes");
    if (v === false) return t("no");
    return String(v);
  }

  function isScalar(v) {
    return v === null || ["string", "number", "boolean"].includes(typeof v);
  }

  function value(key, v, players, me, depth) {
    if (isScalar(v)) return el("span", { class: "token", text: scalar(v) });
    if (Array.isArray(v)) {
      if (v.every(isScalar)) {
        if (!v.length) return el("span", { class: "muted", text: "∅" });
        return el("span", {}, v.map((x) => el("span", { class: "token", text: scalar(x) })));
      }
      const perSeat = v.length === players && depth === 0;
      const grid = el("div", { class: "grid" });
      v.forEach((item, i) => {
        const title = perSeat ? seatName(i) : `${key} ${i}`;
        grid.append(zone(title, item, players, me, depth + 1, perSeat && i === me));
      });
      return grid;
    }
    return zone(null, v, players, me, depth + 1, false);
  }

  function zone(title, v, players, me, depth, self) {
    const box = el("div", { class: `zone${self ? " seat-self" : ""}` });
    if (title !== null) box.append(el("div", { class: "zt", text: title }));
    if (isScalar(v) || Array.isArray(v)) {
      box.append(value(title || "", v, players, me, depth));
      return box;
    }
    for (const [k, x] of Object.entries(v)) {
      if (isScalar(x) || (Array.isArray(x) && x.every(isScalar))) {
        box.append(el("div", { class: "kv" }, el("span", { class: "k", text: k }), value(k, x, players, me, depth)));
      } else {
        box.append(zone(k, x, players, me, depth, false));
      }
    }
    return box;
  }

  return { scalar, isScalar, value, zone };
}
