// The shipped icons (static/icons.svg, one <symbol> each) of the things that recur in the five
// games: a resource (Spacedealer's goods), a faction (Quazarys' factions, Wild Space's
// species), a rocket (Planet Raiders), a timer (Spacedealer's sand timers), Influence
// (Tortuga 2199), a mineral (Tortuga 2199) and a coin (Tortuga's Crypto, Wild Space's
// credits). Each is drawn in currentColor, so that a seat's piece keeps its Okabe-Ito colour.
// An icon beside words that say the same is hidden from screen readers; an icon alone has an
// accessible name in the page's language.
import { lang } from "./i18n.js";

const NS = "http://www.w3.org/2000/svg";
export const SPRITE = new URL("./icons.svg", import.meta.url).pathname;
export const ICONS = ["resource", "faction", "rocket", "timer", "influence", "mineral", "coin"];

const NAMES = {
  en: { resource: "resource", faction: "faction", rocket: "rocket", timer: "timer",
    influence: "Influence", mineral: "mineral", coin: "coin" },
  fr: { resource: "ressource", faction: "faction", rocket: "fusée", timer: "sablier",
    influence: "Influence", mineral: "minerai", coin: "pièce" },
};

// The words (English and French) of a log line or a text that name each thing, most specific
// first: the first one found gives the line its icon.
const word = (alts) => new RegExp(`(?<!\\p{L})(${alts})(?!\\p{L})`, "iu");
const WORDS = [
  ["rocket", word("rockets?|fusées?")],
  ["timer", word("timers?|sabliers?")],
  ["influence", word("influence")],
  ["mineral", word("minerals?|minerais?")],
  ["coin", word("crypto|credits?|crédits?")],
  ["resource", word("goods?|marchandises?")],
  ["faction", word("factions?|species|espèces?")],
];

// The kind of a component (the first part of its id) that is one of the things.
const KINDS = { rocket: "rocket", faction: "faction", species: "faction", timer: "timer" };

export function iconName(id, language = lang()) {
  return (NAMES[language] || NAMES.en)[id] || id;
}

// The icon a sentence is about (null: none of the things).
export function iconOf(text) {
  for (const [id, re] of WORDS) if (re.test(String(text))) return id;
  return null;
}

// The icon of a component by its id ("rocket:blue", "faction:3"), else by its name.
export function iconOfComponent(id, name) {
  return KINDS[String(id).split(":")[0]] || iconOf(name);
}

function use(id) {
  const u = document.createElementNS(NS, "use");
  u.setAttribute("href", `${SPRITE}#${id}`);
  return u;
}

// An icon in a page's text: named (role img) when `label` is given, else hidden beside words.
export function icon(id, label = null) {
  const s = document.createElementNS(NS, "svg");
  s.setAttribute("class", "icon");
  s.setAttribute("viewBox", "0 0 16 16");
  s.setAttribute("data-icon", id);
  if (label) {
    s.setAttribute("role", "img");
    s.setAttribute("aria-label", label);
  } else s.setAttribute("aria-hidden", "true");
  s.append(use(id));
  return s;
}

// An icon drawn in a board's SVG, `size` units square with its top-left corner at (x, y),
// in `colour` (a seat's colour; the text's when none is given).
export function boardIcon(id, x, y, size, colour = null) {
  const u = use(id);
  for (const [k, v] of Object.entries({ x, y, width: size, height: size, class: "icon",
    "data-icon": id, "aria-hidden": "true" })) u.setAttribute(k, String(v));
  if (colour) u.setAttribute("color", colour);
  return u;
}

// A line of text with the icon of the thing it is about in front (the text alone if none).
export function withIcon(text) {
  const id = iconOf(text);
  return id ? [icon(id), String(text)] : [String(text)];
}
