// The generic view: any game's view (JSON) drawn as nested zones of keys and values. Used
// where a game has no board of its own (the table and replay pages). Every text goes through
// textContent.
import { el } from "./dom.js";
import { t } from "./i18n.js";

// How the pages name seat i of `table` (the table's public info, null until it is loaded): its
// number with its person's name or its bot's level; null or undefined is the spectator.
export function seatName(table, i) {
  if (i === null || i === undefined) return t("spectator");
  const s = table && table.seats[i];
  if (!s) return `${t("seat")} ${i}`;
  const who = s.kind === "bot" ? `${t("bot")} ${t(s.level)}` : s.kind === "guide" ? t("guide") : s.name;
  return who ? `${t("seat")} ${i} (${who})` : `${t("seat")} ${i}`;
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
