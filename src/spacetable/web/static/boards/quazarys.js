// The Quazarys board, drawn from the seat's `state` alone: the grid of Sun, Exploration and
// Base cards as they lie (each turned as it is: arms, stations, one-way arrows, Vortexes), the
// pawns by seat (colour, shape and number), the deck, the discard's top card, the cards out of
// the game, the seat's hand with each card's faction, every seat's hand size and the turn; what
// the seat is asked now is the game's own sentence (the state's `prompt`).
// Every legal action is a piece: a hand card plays or discards it (a menu when both are legal),
// a station moves the pawn there, a dashed slot places the Exploration card, a grid card is the
// target of a rotation or a tornado, an opponent's pawn the target of a pirate attack, a ✕ at
// a row's or column's end the line a black hole removes, and a turned copy of the card turns
// it: hovering, focusing or a first tap on a touch screen shows the turn on the grid before the
// click (or second tap) confirms it. Only `stop` and `skip` are buttons under the board.
// What a card is (its kind, faction, paths, Vortex) comes from its component's facts
// (`state.components`, docs/games/quazarys.md), its faction's name and colour from the faction's
// component: the board never reads a card's text nor knows the card counts.
import { lines, makeBoard, seatColour, seatToken, svg, textBlock } from "./board.js";
import { boardIcon } from "../icons.js";

const W = 1000;
const HAND_W = 150;
const HAND_H = 92;
// A faction's colour (its `colour` fact, a terminal colour's name) as a card's fill.
const COLOUR_FILL = { magenta: "#7a3d6e", cyan: "#2f6675", yellow: "#7a6a1f", green: "#3d6b3a",
  red: "#7a2f2f", blue: "#2f3f7a", white: "#5a5f6e", black: "#15171c" };
const PLAIN_FILL = "#1a2338";
const SUN_FILL = "#3b3416";
const BASE_FILL = "#2a2f45";

const WORDS = {
  en: { deck: "Deck", discard: "Discard", hand: "Your hand", out: "out of the game", round: "Round",
    turn: "To play", cards: "cards", arrived: "arrived",
    combo: "Faction played", none: "empty", turnCard: "Turn the card", toPlace: "Card to place" },
  fr: { deck: "Pioche", discard: "Défausse", hand: "Votre main", out: "hors jeu", round: "Tour",
    turn: "À jouer", cards: "cartes", arrived: "arrivé",
    combo: "Faction jouée", none: "vide", turnCard: "Pivoter la carte", toPlace: "Carte à placer" },
};

export function keyOf(a) {
  switch (a.type) {
    case "move": return `station:${a.r}:${a.c}:${a.p}`;
    case "play": case "discard": return `hand:${a.card}`;
    case "place": return `slot:${a.r}:${a.c}`;
    case "pick": return `cell:${a.r}:${a.c}`;
    case "orient": return `orient:${a.rot}`;
    case "target": return `pawn:${a.seat}`;
    case "blackhole": return `line:${a.axis}:${a.index}`;
    default: return null; // stop, skip: buttons
  }
}

// A card's `layout` fact turned `rot` quarter turns clockwise -> {hub, arms: {1..4: {station,
// arrow}}} (points 1-4: N E S W).
function turned(layout, rot) {
  const out = { hub: false, arms: {} };
  if (!layout) return out;
  out.hub = Boolean(layout.centre);
  for (const arm of layout.arms) {
    const d = ((arm.point - 1 + (rot || 0)) % 4) + 1;
    out.arms[d] = { station: Boolean(arm.station), arrow: arm.arrow || 0 };
  }
  return out;
}

// Point p of a card of size s (0 centre, 1-4 N E S W), relative to its corner.
function pointAt(p, s) {
  const m = s / 2;
  const k = s * 0.17;
  return [[m, m], [m, k], [s - k, m], [m, s - k], [k, m]][p];
}
const EDGE = [null, [0, -1], [1, 0], [0, 1], [-1, 0]];

// The components of the state by card index (their `card` fact) and the factions by id and by
// index (the view's `faction`).
function catalogue(components) {
  const cards = new Map();
  const factions = new Map();
  const factionAt = new Map();
  for (const c of components) {
    const f = c.facts || {};
    if (c.kind === "faction") {
      factions.set(c.id.slice("faction:".length), c);
      factionAt.set(f.faction, c);
    } else if (typeof f.card === "number") cards.set(f.card, c);
  }
  return { cards, factions, factionAt };
}

// The paths of a tile (arms, stations, arrows, the Vortex) in a group of size s.
function paths(lay, s, vortex) {
  const g = svg("g", { class: "paths" });
  const m = s / 2;
  const sw = Math.max(2, s * 0.05);
  for (const [d, arm] of Object.entries(lay.arms)) {
    const [dx, dy] = EDGE[d];
    g.append(svg("line", { x1: m, y1: m, x2: m + dx * m, y2: m + dy * m, stroke: "#c9d3ea", "stroke-width": sw,
      "stroke-linecap": "butt", "data-arm": d }));
    if (arm.arrow) {
      // a chevron halfway along the arm, pointing outwards (>) or inwards (<)
      const cx = m + dx * m * 0.55;
      const cy = m + dy * m * 0.55;
      const dir = arm.arrow;
      const a = s * 0.09;
      const tipx = cx + dx * a * dir;
      const tipy = cy + dy * a * dir;
      const bx = cx - dx * a * dir;
      const by = cy - dy * a * dir;
      g.append(svg("polygon", { class: "arrow", "data-arm": d, "data-arrow": dir, fill: "#ffb86b", stroke: "#061021", "stroke-width": 1,
        points: `${tipx},${tipy} ${bx - dy * a},${by + dx * a} ${bx + dy * a},${by - dx * a}` }));
    }
  }
  if (vortex) {
    g.append(svg("circle", { class: "vortex", cx: m, cy: m, r: s * 0.16, fill: "none", stroke: "#b48cff", "stroke-width": sw,
      "stroke-dasharray": `${s * 0.08} ${s * 0.05}` }));
  }
  const stations = [];
  if (lay.hub) stations.push(0);
  for (const [d, arm] of Object.entries(lay.arms)) if (arm.station) stations.push(Number(d));
  if (!lay.hub) g.append(svg("circle", { cx: m, cy: m, r: sw * 0.9, fill: "#c9d3ea" }));
  for (const p of stations) {
    const [x, y] = pointAt(p, s);
    g.append(svg("circle", { class: "stationdot", "data-point": p, cx: x, cy: y, r: s * 0.075, fill: "#e8ecf6", stroke: "#061021", "stroke-width": 1.5 }));
  }
  return g;
}

// A card's fill: a Base's, a Sun's, else its faction's colour.
function fill(cat, comp) {
  const f = comp ? comp.facts : null;
  if (!f) return PLAIN_FILL;
  if (f.kind === "base") return BASE_FILL;
  if (f.kind === "sun") return SUN_FILL;
  const fc = f.faction ? cat.factions.get(f.faction) : null;
  return fc ? COLOUR_FILL[fc.facts.colour] || PLAIN_FILL : PLAIN_FILL;
}

export function draw(body, state, ctx) {
  const v = state.view;
  const words = WORDS[ctx.lang] || WORDS.en;
  const legal = state.legal.map((a) => a.action);
  const pend = v.pending || { kind: "over" };
  // The grid with one free row and column on each side (where an Exploration card may go).
  const cols = v.width + 2;
  const rows = v.height + 2;
  const S = Math.max(40, Math.min(104, Math.floor((W - 12) / cols)));
  const gx = Math.round((W - cols * S) / 2);
  const top = 138;
  const orienting = legal.some((a) => a.type === "orient");
  const strip = orienting || pend.kind === "place" ? 118 : 0;
  const gy = top + strip;
  const hand = v.hand || [];
  const handRows = Math.max(1, Math.ceil(hand.length / 6));
  const handY = gy + rows * S + 14;
  const height = handY + (v.hand === null ? 10 : 24 + handRows * (HAND_H + 8));
  const b = makeBoard(body, state, ctx, keyOf, W, height);
  const root = b.box;
  const anchor = v.cards.find((e) => e.owner === 0) || v.cards[0] || { r: 0, c: 0 };
  const rel = (r, c) => `${r - anchor.r},${c - anchor.c}`; // stable when the grid grows
  const cellX = (c) => gx + (c + 1) * S;
  const cellY = (r) => gy + (r + 1) * S;
  const cat = catalogue(state.components);
  const nameOf = (card) => { const t = cat.cards.get(card); return t ? t.name : `#${card}`; };

  // ---- the table's edge: deck, discard, out of the game, turn, seats, what is to do
  root.append(svg("text", { x: 8, y: 16, class: "bt muted", "font-size": 11, text: words.deck }));
  const deck = svg("g", { class: "card back", transform: "translate(8 22)" },
    svg("rect", { width: 70, height: 82, rx: 6, class: "face" }),
    svg("text", { x: 35, y: 48, "text-anchor": "middle", class: "bt", "font-size": 18, text: v.deck_size }));
  root.append(b.mark("deck", deck, v.deck_size > 0 ? "some" : "none"));
  root.append(svg("text", { x: 88, y: 16, class: "bt muted", "font-size": 11, text: `${words.discard} (${v.discard.length})` }));
  if (v.discard.length) {
    const c = v.discard[v.discard.length - 1];
    root.append(handCard(b, cat, c, 88, 22, null, { w: 120, h: 82, mark: "discard" }));
  } else {
    root.append(svg("rect", { x: 88, y: 22, width: 120, height: 82, rx: 6, class: "face", "stroke-dasharray": "4 3" }));
  }
  if (v.out.length) {
    root.append(svg("text", { x: 220, y: 108, class: "bt muted", "font-size": 10, text: `${v.out.length} ${words.out}` }));
  }
  // seats: shape, name, cards in hand, arrived
  const sx = 220;
  root.append(svg("text", { x: sx, y: 16, class: "bt muted", "font-size": 11,
    text: `${words.round} ${v.round}${v.round_limit ? `/${v.round_limit}` : ""} · ${words.turn}: ${ctx.seatName(v.current)}` }));
  v.hand_sizes.forEach((n, q) => {
    const y = 34 + q * 19;
    root.append(seatToken(q, sx + 8, y - 4, 7));
    const arrived = v.arrived.includes(q) ? ` · ${words.arrived} ★` : "";
    root.append(b.mark(`seat:${q}`, svg("text", { x: sx + 20, y, class: `bt${q === v.current ? " current" : ""}`, "font-size": 12,
      "data-testid": `seat-${q}`, text: `${ctx.seatName(q)} · ${n} ${words.cards}${arrived}` }), `${n}${arrived}`));
  });
  // what is to do now (at the left: a phone shows it before scrolling)
  const px = 560;
  root.append(textBlock(8, 128, state.prompt || "", { width: 120, count: 1, size: 13, cls: "bt pending" }));
  root.lastChild.setAttribute("data-testid", "qz-prompt");
  if (v.faction !== null && v.faction !== undefined) {
    const fc = cat.factionAt.get(v.faction);
    const g = svg("g", { transform: `translate(${px} 22)` },
      svg("rect", { width: 200, height: 24, rx: 5, fill: fc ? COLOUR_FILL[fc.facts.colour] || PLAIN_FILL : PLAIN_FILL,
        stroke: "#c9d3ea" }),
      svg("text", { x: 8, y: 16, class: "bt", "font-size": 12, text: `${words.combo}: ${fc ? fc.name : v.faction}` }));
    root.append(b.piece(null, g, fc ? fc.id : null));
  }

  // ---- the strip over the grid: the card to place, the turns of the card to turn
  if (strip) {
    const sy = top;
    if (pend.card !== undefined && pend.kind === "place") {
      root.append(svg("text", { x: 8, y: sy + 10, class: "bt muted", "font-size": 11, text: words.toPlace }));
      root.append(handCard(b, cat, pend.card, 8, sy + 16, null, { w: 140, h: 92, mark: "toplace" }));
    }
    if (orienting) {
      const e = v.cards.find((x) => x.r === pend.r && x.c === pend.c);
      root.append(svg("text", { x: 8, y: sy + 10, class: "bt muted", "font-size": 11,
        text: `${words.turnCard}: ${e ? nameOf(e.card) : ""}` }));
      const target = e ? root.querySelector(`[data-cell="${e.r}:${e.c}"] .turnable`) : null;
      legal.filter((a) => a.type === "orient").forEach((a, i) => {
        const k = 86;
        const ox = 8 + i * (k + 16);
        const turns = e ? (a.rot - e.rot + 4) % 4 : 0;
        const g = svg("g", { class: "orient", transform: `translate(${ox} ${sy + 18})`, "data-rot": a.rot },
          svg("rect", { width: k, height: k, rx: 6, class: "face" }));
        const ec = e ? cat.cards.get(e.card) : null;
        if (ec) {
          const inner = svg("g", { transform: `rotate(${turns * 90} ${k / 2} ${k / 2})` },
            paths(turned(ec.facts.layout, e.rot), k, ec.facts.vortex));
          g.append(inner);
        }
        g.append(svg("text", { x: k - 4, y: 12, "text-anchor": "end", class: "bt", "font-size": 10, text: `${a.rot * 90}°` }));
        b.piece(`orient:${a.rot}`, g, null, { preview: (on) => {
          const t = target || root.querySelector(`[data-cell="${pend.r}:${pend.c}"] .turnable`);
          if (!t) return;
          t.style.transform = on ? `rotate(${turns * 90}deg)` : "";
          t.parentNode.classList.toggle("previewing", on);
        } });
        root.append(g);
      });
    }
  }

  // ---- the grid
  const grid = svg("g", { class: "grid", "data-testid": "grid" });
  root.append(grid);
  grid.append(svg("rect", { x: gx, y: gy, width: cols * S, height: rows * S, rx: 8, fill: "#0b1120", stroke: "#2b3656" }));
  const destinations = []; // drawn over the pawns: a base may hold a pawn and be a destination
  for (const e of v.cards) {
    const cc = cat.cards.get(e.card);
    const comp = cc ? cc.id : null;
    const lay = turned(cc ? cc.facts.layout : null, e.rot);
    const g = svg("g", { class: "card tile", transform: `translate(${cellX(e.c)} ${gy + (e.r + 1) * S})`,
      "data-cell": `${e.r}:${e.c}`, "data-faction": cc && cc.facts.faction ? cc.facts.faction : "" });
    const turnable = svg("g", { class: "turnable" },
      svg("rect", { x: 2, y: 2, width: S - 4, height: S - 4, rx: 6, class: "face", fill: fill(cat, cc) }),
      paths(lay, S, Boolean(cc && cc.facts.vortex)));
    turnable.firstChild.style.fill = fill(cat, cc);
    g.append(turnable);
    if (e.owner !== undefined && e.owner !== null) {
      g.append(seatToken(e.owner, S * 0.2, S * 0.2, Math.max(6, S * 0.1)));
    } else if (S >= 64) {
      const t = cc;
      const size = Math.round(S * 0.1);
      // the name fits on the card (cut with … when it is too long)
      g.append(svg("text", { x: S - 5, y: S - 5, "text-anchor": "end", class: "bt tilename", "font-size": size,
        text: t ? lines(t.name, Math.floor((S - 10) / (size * 0.62)), 1)[0] : "" }));
    }
    if (e.rot) g.append(svg("text", { x: S - 5, y: 12, "text-anchor": "end", class: "bt muted", "font-size": 9, text: `↻${e.rot * 90}°` }));
    b.mark(`tile:${e.card}`, g, `${rel(e.r, e.c)},${e.rot}`);
    grid.append(b.piece(`cell:${e.r}:${e.c}`, g, comp));
    // its stations: the pawn's destinations
    const pts = (lay.hub ? [0] : []).concat(Object.entries(lay.arms).filter(([, a]) => a.station).map(([d]) => Number(d)));
    for (const p of pts) {
      const key = `station:${e.r}:${e.c}:${p}`;
      if (!legal.some((a) => a.type === "move" && a.r === e.r && a.c === e.c && a.p === p)) continue;
      const [x, y] = pointAt(p, S);
      const st = svg("g", { class: "station", transform: `translate(${cellX(e.c) + x} ${cellY(e.r) + y})` },
        svg("circle", { cx: 0, cy: 0, r: Math.max(8, S * 0.11), fill: "#7ee2a8", "fill-opacity": 0.35 }));
      destinations.push(b.piece(key, st, comp));
    }
  }
  // the dashed slots where the card may go
  for (const a of legal.filter((x) => x.type === "place")) {
    const g = svg("g", { class: "slot", transform: `translate(${cellX(a.c)} ${cellY(a.r)})` },
      svg("rect", { x: 4, y: 4, width: S - 8, height: S - 8, rx: 6, class: "face", "stroke-dasharray": "5 4" }),
      svg("text", { x: S / 2, y: S / 2 + 6, "text-anchor": "middle", class: "bt muted", "font-size": 18, text: "+" }));
    g.firstChild.style.fill = "transparent";
    grid.append(b.piece(`slot:${a.r}:${a.c}`, g, null));
  }
  // the black hole's lines: a ✕ at the start of each row or column it may remove
  for (const a of legal.filter((x) => x.type === "blackhole")) {
    const x = a.axis === "row" ? gx + S / 2 : cellX(a.index) + S / 2;
    const y = a.axis === "row" ? cellY(a.index) + S / 2 : gy + S / 2;
    const g = svg("g", { class: "line", transform: `translate(${x} ${y})` },
      svg("circle", { r: Math.max(10, S * 0.2), class: "face" }),
      svg("text", { y: 6, "text-anchor": "middle", class: "bt", "font-size": 16, text: "✕" }));
    const cells = v.cards.filter((e) => (a.axis === "row" ? e.r : e.c) === a.index);
    grid.append(b.piece(`line:${a.axis}:${a.index}`, g, null, { preview: (on) => {
      for (const e of cells) {
        const n = grid.querySelector(`[data-cell="${e.r}:${e.c}"]`);
        if (n) n.classList.toggle("doomed", on);
      }
    } }));
  }
  // the pawns, on their points (several on one point side by side)
  const at = new Map();
  for (const pw of v.pawns) {
    const k = `${pw.r}:${pw.c}:${pw.p}`;
    at.set(k, (at.get(k) || 0) + 1);
    const n = at.get(k) - 1;
    const [x, y] = pointAt(pw.p, S);
    const r = Math.max(8, S * 0.12);
    const cx = cellX(pw.c) + x + (n ? (n % 2 ? 1 : -1) * r * 1.1 * Math.ceil(n / 2) : 0);
    const cy = cellY(pw.r) + y;
    const g = svg("g", { class: "pawn", "data-testid": `pawn-${pw.seat}`, "aria-label": ctx.seatName(pw.seat) },
      seatToken(pw.seat, cx, cy, r));
    b.mark(`pawn:${pw.seat}`, g, `${rel(pw.r, pw.c)},${pw.p}`);
    grid.append(b.piece(`pawn:${pw.seat}`, g, null));
  }

  grid.append(...destinations);

  // ---- the hand
  if (v.hand !== null) {
    root.append(svg("text", { x: 8, y: handY + 10, class: "bt muted", "font-size": 11, text: `${words.hand} (${hand.length})` }));
    hand.forEach((c, i) => {
      const x = 8 + (i % 6) * (HAND_W + 14);
      const y = handY + 18 + Math.floor(i / 6) * (HAND_H + 8);
      root.append(handCard(b, cat, c, x, y, `hand:${c}`, { mark: `hand:${c}:${i}` }));
    });
  }
  b.finish();
}

// A card as a hand shows it: its name, its faction (a band of the faction's colour and its
// name), and for a tile (an Exploration card) its paths as it comes (it is turned when placed).
function handCard(b, cat, card, x, y, key, { w = HAND_W, h = HAND_H, mark = null } = {}) {
  const c = cat.cards.get(card);
  const f = c ? c.facts : {};
  const faction = f.faction ? cat.factions.get(f.faction) : null;
  const g = svg("g", { class: "card", transform: `translate(${x} ${y})`, "data-card": card,
    "data-kind": f.kind || "", "data-faction": f.faction || "" },
    svg("rect", { width: w, height: h, rx: 6, class: "face" }));
  if (faction) {
    g.append(svg("rect", { x: 1, y: h - 22, width: w - 2, height: 21, rx: 5, class: "band",
      "data-colour": faction.facts.colour, fill: COLOUR_FILL[faction.facts.colour] || PLAIN_FILL }));
  }
  const tile = Boolean(f.layout);
  const tw = tile ? w - h * 0.5 - 8 : w - 10;
  g.append(textBlock(6, 16, c ? c.name : `#${card}`, { width: Math.floor(tw / 6.4), count: 2, size: 11 }));
  if (faction) {
    g.append(boardIcon("faction", 5, h - 18, 14, "#0b1120"),
      svg("text", { x: 22, y: h - 7, class: "bt factionname", "font-size": 10, text: faction.name }));
  }
  if (tile) {
    const s = h * 0.5;
    g.append(svg("g", { transform: `translate(${w - s - 4} 4)` },
      svg("rect", { width: s, height: s, rx: 4, fill: "#0b1120" }), paths(turned(f.layout, 0), s, Boolean(f.vortex))));
  }
  if (mark !== null) b.mark(mark, g, String(card));
  return b.piece(key, g, c ? c.id : null);
}

export { seatColour };
