// Spacedealer's board, drawn from the seat's `state` alone. Real time: every seat acts at
// once, so the layout never depends on the order of a list: planets sit in seat order, cards
// on their grid columns, ships on the ring field they orbit (each keeping its place there while
// it stays), cards in the hand by their id. The clock, the sand timers and the ships in flight
// count down locally between two state messages (from the message's clock and speed). A menu
// open at a piece when a new state arrives opens again with the choices still legal; a piece
// whose action stops being legal fades out.
//
// Drawn: the remaining game time and the clock, the supply, the two draw piles, the phase, the
// score track; the ring of orbit fields (two rows read clockwise) with the planets' depots and
// the ships docked there, each with its cargo, the ships in flight between two fields; the open
// offers; the seat's own pile, planning cards and drawn cards with the pending decision; each
// planet with its three rows (the planet zone with its power plants and the planet, the action
// row, the demand row with every demand and who fulfilled it), its sand timers running down,
// its score, markers, tech level and planning cards.
import * as kit from "./board.js";
import { SEAT_COLOURS, makeBoard, svg, textBlock } from "./board.js";
import { boardIcon } from "../icons.js";

const W = 1000;
const GOODS = ["#D55E00", "#F0E442", "#009E73", "#0072B2"]; // red, yellow, green, blue
const CELL = 54; // a grid column
const GX = 166; // the grid's left edge in a planet panel
const PANEL = 184; // a planet panel's height

const WORDS = {
  en: { left: "Time left", clock: "clock", supply: "Supply", pile: "Level", hand: "Your pile",
    planning: "Planning", drawn: "Drawn", todo: "To do", depot: "Depots", ship: "Ship",
    neutral: "Neutral field", offers: "Offers", none: "—", score: "pts", markers: "markers",
    tech: "tech", cards: "cards", ready: "ready", setup: "Set-up: choose your starting mine",
    play: "Playing", closing: "No new timer: the timers running finish", last: "Last call",
    gives: "gives", wants: "for", track: "Score", done: "finished",
    goods: "RYGB", to: "to", power: "power", hidden: "in pile", attacked: "attacked",
    inflight: "in flight" },
  fr: { left: "Temps restant", clock: "horloge", supply: "Réserve", pile: "Niveau",
    hand: "Votre pile", planning: "Planification", drawn: "Piochées", todo: "À faire",
    depot: "Dépôts", ship: "Vaisseau", neutral: "Champ neutre", offers: "Offres", none: "—",
    score: "pts", markers: "marqueurs", tech: "niveau", cards: "cartes", ready: "prêt",
    setup: "Mise en place : choisissez votre mine de départ", play: "En cours",
    closing: "Plus de nouveau sablier : ceux en cours finissent", last: "Dernier appel",
    gives: "donne", wants: "contre", track: "Score", done: "fini",
    goods: "RJVB", to: "vers", power: "énergie",
    hidden: "dans la pile", attacked: "attaqué", inflight: "en vol" },
};

const letter = (q) => "ABCDEFGH"[q] || String(q);
const colourOf = (q) => (kit.seatColour ? kit.seatColour(q) : SEAT_COLOURS[q % 5]);

function seatMark(q, cx, cy, r = 8) {
  if (kit.seatToken) return kit.seatToken(q, cx, cy, r, { label: letter(q) });
  return svg("g", { "data-seat": q }, svg("circle", { cx, cy, r, fill: colourOf(q) }),
    svg("text", { x: cx, y: cy + r * 0.42, "text-anchor": "middle", "font-size": Math.round(r * 1.1),
      class: "seatno", text: letter(q) }));
}

// The piece each legal action belongs to.
export function keyOf(a, v) {
  const cardOf = (c) => (v.cards && v.cards[String(c)]) || {};
  const fieldOf = (s) => (v.ships && v.ships[s] ? v.ships[s].field : -1);
  switch (a.type) {
    case "start": case "plan": return `personal:${a.card}`;
    case "draw": return `pile:${a.level}`;
    case "keep": return `keep:${a.card}`;
    case "research": return `planet:${v.seat}`;
    case "construct": case "shelve": case "discard": return `planning:${a.card}`;
    case "place": return cardOf(a.card).shape === "P" ? `plant:${v.seat}:${a.pos}` : `site:${v.seat}:${a.pos}`;
    case "use": case "apply": case "missile": return `built:${a.card}`;
    case "fly": return `field:${a.field}`;
    case "put": return `cont:${a.to}`;
    case "send": return `cont:${a.ship}`;
    case "convert": return `cube:${a.src}:${a.give}`;
    case "move": return `cube:${a.src}:${a.colour}`;
    case "dump": case "drop": return `cube:${a.ship}:${a.colour}`;
    case "collect": return `fcube:${fieldOf(a.ship)}:${a.colour}`;
    case "gizzi": return `gizzi:${fieldOf(a.ship)}`;
    case "deliver": return `demand:${a.demand}`;
    // a gift is the good given; a request or an exchange is the good wanted
    case "offer_goods": return a.take === 4 ? `cube:${a.src}:${a.give}` : `cube:${a.dst}:${a.take}`;
    case "offer_more": case "withdraw": return "myoffer";
    case "accept": case "decline": return `offer:${a.seat}`;
    case "offer_card": case "offer_swap": return `seat:${a.to}`;
    case "sabotage": return `timer:${a.timer}`;
    default: return null; // done, skip: buttons under the board
  }
}

// ------------------------------------------------------------------ memory between draws
// Kept per table page and seat: where each ship sits in its field, when the state on screen
// arrived, the pieces that were playable, a menu that was open.
const mem = { scope: null, slots: new Map(), step: -1, at: 0, playable: new Map(), menuOpen: null, focus: null,
  pointer: null, menuItem: null, menuList: null };
if (typeof document !== "undefined") {
  document.addEventListener("pointermove", (ev) => {
    mem.pointer = ev.pointerType === "mouse" ? [ev.clientX, ev.clientY] : null;
  }, { passive: true });
}
let ticker = null;

function slotIn(field, ship, present) {
  if (!mem.slots.has(field)) mem.slots.set(field, new Map());
  const m = mem.slots.get(field);
  for (const s of [...m.keys()]) if (!present.includes(s)) m.delete(s);
  if (!m.has(ship)) {
    const used = new Set(m.values());
    let k = 0;
    while (used.has(k)) k++;
    m.set(ship, k);
  }
  return m.get(ship);
}

const fmt = (s) => {
  const x = Math.max(0, Math.ceil(s));
  return `${Math.floor(x / 60)}:${String(x % 60).padStart(2, "0")}`;
};

function reducedMotion() {
  return typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;
}

// The game time now, counted from the state's clock at the speed of the table.
function nowOf(state) {
  const clock = typeof state.clock === "number" ? state.clock : state.view.clock; // a replay's frame
  if (state.over || !state.realtime) return clock;
  return clock + ((performance.now() - mem.at) / 1000) * (state.speed || 1);
}

// Every element with data-ends (a game time) shows the time left; data-bar scales a sand bar;
// data-fly moves a ship in flight between two points.
function tick(root, state) {
  if (!root.isConnected) { clearInterval(ticker); ticker = null; return; }
  const now = nowOf(state);
  const tl = state.view.timer_length || 60;
  for (const n of root.querySelectorAll("[data-ends]")) {
    const left = Number(n.getAttribute("data-ends")) - now;
    if (n.hasAttribute("data-bar")) {
      const full = Number(n.getAttribute("data-bar"));
      n.setAttribute("width", String(Math.max(0, Math.min(1, left / tl)) * full));
    } else if (n.hasAttribute("data-fly")) {
      const [x0, x1, y] = n.getAttribute("data-fly").split(",").map(Number);
      const p = Math.max(0, Math.min(1, 1 - left / tl));
      n.setAttribute("transform", `translate(${x0 + (x1 - x0) * p} ${y})`);
    } else n.textContent = fmt(left);
  }
}

// ------------------------------------------------------------------ small pieces
// The goods colour of a card that has one (its facts), as a strip along its top.
function colourStrip(g, f, w) {
  if (typeof f.colour !== "number" || f.colour < 0) return;
  const strip = svg("rect", { x: 2, y: 2, width: w - 4, height: 4, rx: 2, fill: GOODS[f.colour], class: "colour", "data-colour": f.colour });
  g.append(strip);
}

function cube(b, x, y, k, n, key, words, { w = 22, h = 16 } = {}) {
  const g = svg("g", { class: "cube", transform: `translate(${x} ${y})`, opacity: n ? 1 : 0.3 },
    svg("rect", { width: w, height: h, rx: 3, class: "face", fill: GOODS[k] }),
    svg("text", { x: w / 2, y: h - 4, "text-anchor": "middle", "font-size": Math.min(10, w * 0.62), class: "goodsno",
      fill: k === 1 ? "#111" : "#fff", "font-weight": 700, text: `${words.goods[k]}${n}` }));
  g.querySelector("rect").style.fill = GOODS[k];
  return key ? b.piece(key, g, null) : g;
}

function goodsRow(b, x, y, goods, words, keyFn, opts) {
  const g = svg("g");
  goods.forEach((n, k) => g.append(cube(b, x + k * ((opts && opts.w ? opts.w : 22) + 3), y, k, n, keyFn ? keyFn(k) : null, words, opts)));
  return g;
}

// "2R 1B" from per-colour counts
function goodsText(goods, words) {
  const parts = goods.map((n, k) => (n ? `${n}${words.goods[k]}` : "")).filter(Boolean);
  return parts.length ? parts.join(" ") : words.none;
}

function cardName(b, c) {
  const t = b.texts.get(b.cardComp(c));
  return t ? t.name : `#${c}`;
}

// A card's facts (its component's: colour, level...), or {} for a card the seat does not see.
function cardFacts(b, c) {
  const t = b.texts.get(b.cardComp(c));
  return t && t.facts ? t.facts : {};
}

// The component of each game card, Gizzi card and seat's planet, from the components' facts
// (a card lists the game ids of its copies, a planet its seat): never computed from an id.
function componentsOf(components) {
  const copies = new Map();
  const planets = new Map();
  for (const c of components) {
    const f = c.facts || {};
    if (Array.isArray(f.copies)) for (const id of f.copies) copies.set(`${c.kind}:${id}`, c.id);
    if (c.kind === "planet" && typeof f.seat === "number") planets.set(f.seat, c);
  }
  return {
    card: (id) => copies.get(`card:${id}`) || null,
    gizzi: (id) => copies.get(`gizzi:${id}`) || null,
    planet: (q) => planets.get(q) || null,
  };
}

function smallCard(b, x, y, c, key, { w = 92, h = 44, note = null, cls = "" } = {}) {
  const f = cardFacts(b, c);
  const g = svg("g", { class: `card ${cls}`, transform: `translate(${x} ${y})`, "data-card": c },
    svg("rect", { width: w, height: h, rx: 5, class: "face" }),
    textBlock(5, 14, cardName(b, c), { width: Math.floor(w / 6.2), count: 2, size: 10 }));
  colourStrip(g, f, w);
  if (f.level) g.append(svg("text", { x: 5, y: h - 5, "font-size": 8, class: "bt muted level", text: `${f.level}` }));
  if (note) g.append(svg("text", { x: w - 4, y: h - 5, "text-anchor": "end", "font-size": 9, class: "bt pending", text: note }));
  return b.piece(key, g, b.cardComp(c));
}

function containerName(v, code, words, names) {
  if (code >= v.probe_code) return `${words.ship} ${code - v.probe_code}`;
  if (code >= v.store_code) return `${words.depot} ${names[code - v.store_code]}`;
  const s = v.ships[code];
  return s && !s.neutral ? `${words.ship} ${letter(s.owner)}` : `${words.ship} ${code}`;
}

// ------------------------------------------------------------------ the ring
function ring(b, st, v, words, y0, names, now) {
  const n = v.players.length;
  const nf = v.fields.length;
  const per = nf / 2;
  const gap = 6;
  const fw = (W - 12 - (per - 1) * gap) / per;
  const fh = 118;
  const lane = 44;
  const pos = (f) => {
    const top = f < per;
    const col = top ? f : nf - 1 - f;
    return { x: 6 + col * (fw + gap), y: y0 + (top ? 0 : fh + lane) };
  };
  const g = svg("g", { class: "ring" });
  // flights first, under the fields
  const flying = v.ships.map((s, i) => [s, i]).filter(([s]) => s.field < 0);
  const flyTimer = new Map();
  for (const pl of v.players) for (const t of pl.timers) if (t.kind === "fly" && t.state === "running") flyTimer.set(t.arg, t);
  // where a flight leaves or reaches a field: the field's edge on the lane between the rows
  const anchor = (f) => {
    const p = pos(f);
    return { x: p.x + fw / 2, y: f < per ? p.y + fh : p.y };
  };
  const laneY = y0 + fh + lane / 2;
  const flights = svg("g", { class: "flights" });
  for (const [s] of flying) {
    const a = anchor(s.from);
    const c = anchor(s.to);
    flights.append(svg("path", { d: `M ${a.x} ${a.y} Q ${(a.x + c.x) / 2} ${laneY} ${c.x} ${c.y}`, fill: "none",
      stroke: colourOf(s.owner), "stroke-width": 2, "stroke-dasharray": "6 4", opacity: 0.8 }));
  }
  for (let f = 0; f < nf; f++) {
    const p = pos(f);
    const fd = v.fields[f];
    const fg = svg("g", { class: "field", transform: `translate(${p.x} ${p.y})`, "data-field": f },
      svg("rect", { width: fw, height: fh, rx: 10, class: "face" }));
    const owner = fd.owner;
    fg.append(svg("text", { x: fw - 6, y: 14, "text-anchor": "end", "font-size": 9, class: "bt muted", text: `${f}` }));
    if (owner >= 0) {
      fg.append(seatMark(owner, 12, 11, 7), svg("text", { x: 24, y: 15, "font-size": 11, class: "bt", text: names[owner] }));
    } else {
      fg.append(svg("text", { x: 8, y: 15, "font-size": 10, class: "bt muted", text: `${words.neutral}` }));
    }
    const flights = b.byKey.get(`field:${f}`) || [];
    let route = null;
    const preview = (on) => { // the way the ship would fly
      if (route) { route.remove(); route = null; }
      if (!on || !flights.length) return;
      const from = v.ships[flights[0].ship].field;
      if (from < 0) return;
      const a = anchor(from);
      const c = anchor(f);
      route = svg("path", { d: `M ${a.x} ${a.y} Q ${(a.x + c.x) / 2} ${laneY} ${c.x} ${c.y}`, fill: "none",
        stroke: "#7bd88f", "stroke-width": 3, "stroke-dasharray": "4 3", "pointer-events": "none", class: "preview" });
      g.append(route);
    };
    g.append(b.piece(`field:${f}`, fg, owner >= 0 ? b.planetComp(owner) : null, flights.length ? { preview } : undefined));
    // what sits in the field: the planet's depots, then the ships docked here
    const here = v.ships.map((s, i) => [s, i]).filter(([s]) => s.field === f);
    const slotOf = new Map(here.map(([, i]) => [i, slotIn(f, i, here.map(([, j]) => j))]));
    // a planet's field: its depots, then its transport probes (advanced), then the ships
    const probes = owner >= 0 ? (v.probes || []).map((pr, k) => [pr, k])
      .filter(([pr]) => v.players[owner].built.some((x) => x.card === pr.card)) : [];
    const fixed = (owner >= 0 ? 1 : 0) + probes.length;
    const slots = fixed + Math.max(2, here.length, ...[...slotOf.values()].map((k) => k + 1));
    const cw = Math.min(86, (fw - 8) / slots);
    const cs = cw >= 60 ? 24 : Math.max(12, (cw - 8) / 2);
    const boxOf = (code, x, title, goods, comp, colourQ) => {
      const cg = svg("g", { class: "container", transform: `translate(${p.x + x} ${p.y + 22})` },
        svg("rect", { width: cw - 4, height: 88, rx: 6, class: "face" }));
      if (colourQ !== null) cg.append(seatMark(colourQ, 9, 10, 6));
      cg.append(svg("text", { x: colourQ !== null ? 18 : 5, y: 14, "font-size": 9, class: "bt", text: title }));
      g.append(b.piece(`cont:${code}`, cg, comp));
      goods.forEach((k, i) => {
        const cx = p.x + x + 4 + (i % 2) * (cs + 3);
        const cy = p.y + 22 + 22 + Math.floor(i / 2) * 22;
        g.append(cube(b, cx, cy, i, k, `cube:${code}:${i}`, words, { w: cs, h: 18 }));
      });
      if (b.mark) b.mark(`cont:${code}`, cg, `${f}:${goods.join(",")}`);
    };
    if (owner >= 0) {
      const pl = v.players[owner];
      boxOf(v.store_code + owner, 4, `${pl.store.reduce((a, c) => a + c, 0)}/${pl.store_cap}`, pl.store, null, null);
    }
    probes.forEach(([pr, k], j) => {
      boxOf(v.probe_code + k, 4 + (1 + j) * cw, cw > 60 ? cardName(b, pr.card).slice(0, 10) : "P", pr.goods, b.cardComp(pr.card), null);
    });
    for (const [s, i] of here) {
      const x = 4 + (fixed + slotOf.get(i)) * cw;
      boxOf(i, x, s.neutral ? "N" : (cw > 60 ? `${words.ship} ${letter(s.owner)}` : letter(s.owner)), s.goods, "ship:main", s.neutral ? null : s.owner);
    }
    // the neutral field's goods and Gizzi card (advanced rules)
    if (fd.goods) {
      fd.goods.forEach((c, k) => g.append(cube(b, p.x + fw - 4 - (4 - k) * 20, p.y + fh - 20, k, c, `fcube:${f}:${k}`, words, { w: 18, h: 14 })));
    }
    if (fd.gizzi) {
      // the Gizzi card named by its component, its points by its facts
      const gc = b.texts.get(b.gizziComp(fd.gizzi.id));
      const pts = gc && gc.facts && typeof gc.facts.points === "number" ? gc.facts.points : fd.gizzi.points;
      const gz = svg("g", { transform: `translate(${p.x + fw - 84} ${p.y + 20})`, class: "card gizzi" },
        svg("rect", { width: 80, height: 34, rx: 4, class: "face" }),
        svg("text", { x: 4, y: 13, "font-size": 9, class: "bt", text: `${gc ? gc.name : ""} · ${pts}` }),
        svg("text", { x: 4, y: 27, "font-size": 9, class: "bt muted", text: goodsText(fd.gizzi.goods, words) }));
      g.append(b.piece(`gizzi:${f}`, gz, b.gizziComp(fd.gizzi.id)));
    }
  }
  // ships in flight, in the lane between the two rows, moving as their timer runs
  g.append(flights);
  flying.forEach(([s, i]) => {
    const t = flyTimer.get(i);
    const x0 = anchor(s.from).x - 40;
    const x1 = anchor(s.to).x - 40;
    const y = y0 + fh + 4;
    const sg = svg("g", { class: "container flying", "data-ship": i });
    sg.append(svg("rect", { width: 80, height: lane - 8, rx: 14, class: "face" }),
      seatMark(s.owner, 12, (lane - 8) / 2, 7),
      svg("text", { x: 24, y: 14, "font-size": 9, class: "bt", text: `→ ${s.to}` }),
      svg("text", { x: 24, y: 28, "font-size": 9, class: "bt", text: goodsText(s.goods, words) }));
    let p = 0.5;
    if (t) {
      p = Math.max(0, Math.min(1, 1 - (t.ends - now) / (v.timer_length || 60)));
      sg.setAttribute("data-ends", String(t.ends));
      sg.setAttribute("data-fly", `${x0},${x1},${y}`);
    }
    sg.setAttribute("transform", `translate(${x0 + (x1 - x0) * p} ${y})`);
    g.append(b.piece(`cont:${i}`, sg, "ship:main"));
    if (b.mark) b.mark(`cont:${i}`, sg, `fly:${s.from}:${s.to}:${s.goods.join(",")}`);
  });
  return { g, height: 2 * fh + lane };
}

// ------------------------------------------------------------------ a planet
function planet(b, st, v, words, q, y0, names, now) {
  const pl = v.players[q];
  const me = v.seat;
  const g = svg("g", { transform: `translate(0 ${y0})`, class: `crew${q === me ? " self" : ""}`, "data-testid": `planet-${q}` });
  g.append(svg("rect", { x: 2, y: 0, width: W - 4, height: PANEL - 6, rx: 8, class: "zonebox", stroke: colourOf(q) }));
  // left column: who, score, markers, tech, the sand timers
  const head = svg("g", { class: "seathead" }, svg("rect", { x: 6, y: 4, width: GX - 14, height: 30, rx: 6, class: "face" }),
    seatMark(q, 20, 19, 8),
    svg("text", { x: 34, y: 17, "font-size": 12, class: "bt planetname", text: names[q] }),
    svg("text", { x: 34, y: 30, "font-size": 9, class: "bt muted", text: b.seatName(q) }));
  g.append(b.piece(`seat:${q}`, head, b.planetComp(q)));
  g.append(svg("text", { x: 8, y: 48, "font-size": 11, class: "bt", "data-testid": `score-${q}`,
    text: `${pl.score} ${words.score} · ${pl.markers} ${words.markers}` }));
  g.append(svg("text", { x: 8, y: 62, "font-size": 10, class: "bt muted",
    text: `${words.tech} ${pl.tech} · ${pl.personal_count} ${words.hidden}${pl.done ? ` · ${words.done}` : ""}` }));
  pl.timers.forEach((t, i) => {
    const ty = 70 + i * 26;
    const tg = svg("g", { class: `timer ${t.state}`, transform: `translate(8 ${ty})` },
      svg("rect", { width: GX - 18, height: 22, rx: 4, class: "face" }));
    const what = t.state === "idle" ? words.idle : `${words[t.kind] || t.kind}${t.kind === "build" || t.kind === "use" ? ` ${t.arg >= 0 ? cardName(b, t.arg) : ""}` : ""}`;
    tg.append(svg("text", { x: 18, y: 15, "font-size": 9, class: "bt", text: what.slice(0, 20) }));
    // the shipped timer icon (an hourglass), and its sand below
    tg.append(boardIcon("timer", 2, 3, 15, "#c9d4ee"));
    if (t.state === "running") {
      const full = GX - 22;
      const bar = svg("rect", { x: 2, y: 19, height: 2, width: Math.max(0, Math.min(1, (t.ends - now) / v.timer_length)) * full, fill: "#f0c674",
        "data-ends": t.ends, "data-bar": full });
      tg.append(bar, svg("text", { x: GX - 22, y: 15, "text-anchor": "end", "font-size": 10, class: "bt pending", "data-ends": t.ends, text: fmt(t.ends - now) }));
    } else if (t.state === "usable") {
      tg.append(svg("text", { x: GX - 22, y: 15, "text-anchor": "end", "font-size": 10, class: "bt pending", text: words.ready }));
    }
    if (t.attacked) tg.append(svg("text", { x: GX - 22, y: 6, "text-anchor": "end", "font-size": 8, class: "bt pending", text: words.attacked }));
    g.append(b.piece(`timer:${t.id}`, tg, "timer:main"));
    if (b.mark) b.mark(`timer:${t.id}`, tg, `${t.state}:${t.kind}:${t.arg}`);
  });

  // the planet zone: the two power plants and the planet between them
  const zy = 6;
  const cx = GX + 6 * CELL;
  [0, 1].forEach((side) => {
    const x = side ? cx + 26 : GX;
    const w = 6 * CELL - 26;
    const cards = pl.plant_cards[side];
    const top = cards.length ? cards[cards.length - 1] : null;
    const pg = svg("g", { class: "plant", transform: `translate(${x} ${zy})` },
      svg("rect", { width: w, height: 32, rx: 6, class: "face" }),
      svg("text", { x: side ? 8 : w - 8, y: 14, "text-anchor": side ? "start" : "end", "font-size": 10, class: "bt",
        text: top === null ? words.none : cards.map((c) => cardName(b, c)).join(" < ") }),
      svg("text", { x: side ? 8 : w - 8, y: 27, "text-anchor": side ? "start" : "end", "font-size": 9, class: "bt muted",
        text: `${words.power} ${pl.power[side]}` }));
    g.append(b.piece(`plant:${q}:${side}`, pg, top === null ? null : b.cardComp(top)));
    if (b.mark) b.mark(`plant:${q}:${side}`, pg, cards.join(","));
  });
  const disc = svg("g", { class: "planet" }, svg("circle", { cx, cy: zy + 16, r: 22, class: "face" }),
    svg("text", { x: cx, y: zy + 14, "text-anchor": "middle", "font-size": 9, class: "bt", text: names[q].slice(0, 8) }),
    svg("text", { x: cx, y: zy + 26, "text-anchor": "middle", "font-size": 9, class: "bt muted", text: `${words.tech} ${pl.tech}` }));
  g.append(b.piece(`planet:${q}`, disc, b.planetComp(q)));

  // the connections (sites) and the two rows
  const powered = (c) => (c <= 5 ? 5 - c < pl.power[0] : c - 6 < pl.power[1]);
  const sy = zy + 40;
  const ay = sy + 18;
  const dy = ay + 46;
  for (let c = 0; c < 12; c++) {
    const lab = c <= 5 ? `L${6 - c}` : `R${c - 5}`;
    const sg = svg("g", { class: "site", transform: `translate(${GX + c * CELL} ${sy})` },
      svg("rect", { width: CELL - 4, height: 14, rx: 3, class: "face", opacity: powered(c) ? 1 : 0.35 }),
      svg("text", { x: (CELL - 4) / 2, y: 11, "text-anchor": "middle", "font-size": 8, class: "bt muted", text: `${c} ${c >= 2 && c <= 9 ? lab.replace("L6", "").replace("R6", "") : ""}` }));
    const places = b.byKey.get(`site:${q}:${c}`) || [];
    let ghost = null;
    const preview = (on) => { // the cells the card would take
      if (ghost) { ghost.remove(); ghost = null; }
      if (!on || !places.length) return;
      const shape = (v.cards[String(places[0].card)] || {}).shape;
      const wide = shape === "C2" || shape === "DD" ? 2 : 1;
      const rows = shape === "C2" ? [ay] : shape === "DD" ? [dy] : [ay, dy];
      ghost = svg("g", { class: "preview", "pointer-events": "none" });
      for (const ry of rows) {
        ghost.append(svg("rect", { x: GX + c * CELL, y: ry, width: wide * CELL - 4, height: 42, rx: 5, fill: "none",
          stroke: "#7bd88f", "stroke-width": 2, "stroke-dasharray": "4 3" }));
      }
      ghost.append(svg("text", { x: GX + c * CELL + 3, y: ay + 12, "font-size": 9, class: "bt", text: cardName(b, places[0].card) }));
      g.append(ghost);
    };
    g.append(b.piece(`site:${q}:${c}`, sg, null, places.length ? { preview } : undefined));
  }
  const runs = (row) => {
    const out = [];
    row.forEach((c, i) => {
      if (c < 0) return;
      const last = out[out.length - 1];
      if (last && last.card === c && last.end === i - 1) last.end = i;
      else out.push({ card: c, start: i, end: i });
    });
    return out;
  };
  const built = new Map(pl.built.map((x) => [x.card, x]));
  const timerOf = new Map(pl.timers.map((t) => [t.id, t]));
  for (const r of runs(pl.action_row)) {
    const info = built.get(r.card) || {};
    const w = (r.end - r.start + 1) * CELL - 4;
    const cg = svg("g", { class: "card built", transform: `translate(${GX + r.start * CELL} ${ay})` },
      svg("rect", { width: w, height: 42, rx: 5, class: "face" }));
    cg.setAttribute("data-card", r.card);
    colourStrip(cg, cardFacts(b, r.card), w);
    cg.append(textBlock(4, 17, cardName(b, r.card), { width: Math.floor(w / 5.6), count: 2, size: 9 }));
    const t = info.timer >= 0 ? timerOf.get(info.timer) : null;
    if (t && t.state === "running") {
      cg.append(svg("text", { x: w - 3, y: 39, "text-anchor": "end", "font-size": 9, class: "bt pending", "data-ends": t.ends, text: fmt(t.ends - now) }));
    } else if (t && t.state === "usable") {
      cg.append(svg("text", { x: w - 3, y: 39, "text-anchor": "end", "font-size": 9, class: "bt pending", text: `✓ ${words.ready}` }));
    }
    if (info.attack) cg.append(svg("text", { x: 3, y: 39, "font-size": 9, class: "bt pending", text: "●".repeat(info.attack) }));
    if (info.blocked) cg.append(svg("text", { x: 3, y: 39, "font-size": 9, class: "bt pending", text: "✖" }));
    g.append(b.piece(`built:${r.card}`, cg, b.cardComp(r.card)));
    if (b.mark) b.mark(`built:${r.card}`, cg, `${r.start}-${r.end}:${info.timer}:${info.attack || 0}`);
  }
  for (const r of runs(pl.demand_row)) {
    const w = (r.end - r.start + 1) * CELL - 4;
    const cd = v.cards[String(r.card)] || { demands: [] };
    const cg = svg("g", { class: "card demandhalf", transform: `translate(${GX + r.start * CELL} ${dy})` },
      svg("rect", { width: w, height: 42, rx: 5, class: "face" }));
    g.append(b.piece(null, cg, b.cardComp(r.card)));
    const ds = cd.demands || [];
    const cells = r.end - r.start + 1;
    ds.forEach((d, j) => {
      const dx = GX + r.start * CELL + (cells > 1 ? j * CELL : 0);
      const dyy = dy + (cells > 1 ? 0 : j * 21);
      const h = cells > 1 || ds.length === 1 ? 42 : 20;
      const dg = svg("g", { class: "demand", transform: `translate(${dx} ${dyy})` },
        svg("rect", { width: CELL - 4, height: h, rx: 4, class: "face", opacity: 0.9 }));
      let k = 0;
      d.goods.forEach((n, colour) => {
        for (let i = 0; i < n; i++, k++) {
          const x = 2 + (k % 5) * 10;
          const yy = 2 + Math.floor(k / 5) * 10;
          dg.append(svg("rect", { x, y: yy, width: 9, height: 9, rx: 1, fill: GOODS[colour] }),
            svg("text", { x: x + 4.5, y: yy + 7.5, "text-anchor": "middle", "font-size": 7, "font-weight": 700,
              fill: colour === 1 ? "#111" : "#fff", text: words.goods[colour] }));
        }
      });
      if (d.by >= 0) {
        dg.append(seatMark(d.by, CELL - 14, h - 9, 6), svg("text", { x: 3, y: h - 4, "font-size": 9, class: "bt", text: "✓" }));
      } else {
        dg.append(svg("text", { x: 3, y: h - 4, "font-size": 9, class: "bt muted", text: `${d.deliver}/${d.owner}` }));
      }
      g.append(b.piece(`demand:${2 * r.card + j}`, dg, b.cardComp(r.card)));
      if (b.mark) b.mark(`demand:${2 * r.card + j}`, dg, `${d.by}`);
    });
  }
  // right column: planning cards (another seat's), or the depots' summary
  const rx = GX + 12 * CELL + 6;
  g.append(svg("text", { x: rx, y: 16, "font-size": 10, class: "bt muted",
    text: `${words.planning} (${pl.planning.length}/${pl.plan_cap})` }));
  if (q !== me) {
    pl.planning.forEach((c, i) => g.append(smallCard(b, rx + (i % 2) * 84, 22 + Math.floor(i / 2) * 40, c, `plan:${q}:${c}`, { w: 80, h: 36 })));
  }
  g.append(svg("text", { x: rx, y: PANEL - 14, "font-size": 10, class: "bt",
    text: `${words.depot}: ${goodsText(pl.store, words)} (${pl.store.reduce((a, c) => a + c, 0)}/${pl.store_cap})` }));
  return g;
}

// ------------------------------------------------------------------ the board
// The game's own words (its text, `ctx.words`): the end, a timer's activities, what is pending.
const GAME_WORDS = ["idle", "research", "build", "use", "fly"];
const PENDING = ["put", "convert", "send", "keep"];

export function draw(body, state, ctx) {
  const v = state.view;
  const game = ctx.words || {};
  const words = { ...(WORDS[ctx.lang] || WORDS.en), over: game.over || "", kinds: {} };
  for (const k of GAME_WORDS) words[k] = game[`word_${k}`] || k;
  for (const k of PENDING) words.kinds[k] = game[`word_${k}`] || k;
  const me = v.seat === undefined ? null : v.seat;
  const scope = `${location.pathname}:${me}`;
  if (mem.scope !== scope) {
    Object.assign(mem, { scope, slots: new Map(), playable: new Map(), menuOpen: null, focus: null, step: -1 });
  }
  if (state.step !== mem.step) { mem.step = state.step; mem.at = performance.now(); }
  const now = nowOf(state);
  const comps = componentsOf(state.components);
  // each seat's planet named by its component (the game's name for it in this language)
  const names = v.players.map((p) => (comps.planet(p.seat) ? comps.planet(p.seat).name : `${p.seat}`));
  // what had the focus or an open menu before this draw (the page has emptied the board
  // already: the module keeps them as they happen; the zoom and the part in view are the
  // board toolkit's)
  const focused = mem.focus;
  const menuKey = mem.menuOpen;
  mem.menuOpen = null;

  const mine = me !== null ? v.players[me] : null;
  const handY = 104;
  const handH = mine ? 86 : 0;
  const ringY = handY + handH + 6;
  const offersH = 34;
  const ringH = 2 * 118 + 44;
  const planetsY = ringY + ringH + 8 + offersH + 6;
  const order = v.players.map((p) => p.seat);
  if (me !== null) order.sort((a, c) => (a === me ? -1 : c === me ? 1 : a - c));
  const height = planetsY + order.length * PANEL + 8;
  body.boardMenu = null; // this board keeps its open menu itself (below: gone choices shown)
  const b = makeBoard(body, state, ctx, keyOf, W, height);
  b.cardComp = comps.card;
  b.gizziComp = comps.gizzi;
  b.planetComp = (q) => (comps.planet(q) ? comps.planet(q).id : null);
  b.byKey = new Map(); // piece key -> its legal actions, for the previews
  for (const a of state.legal) {
    const k = keyOf(a.action, v);
    if (k !== null) b.byKey.set(k, [...(b.byKey.get(k) || []), a.action]);
  }
  b.seatName = ctx.seatName;
  const root = b.box;
  // each piece says its key (for the focus, a menu open across draws)
  const piece = b.piece;
  const seen = new Map();
  b.piece = (key, node, comp, opts) => {
    if (key !== null) node.setAttribute("data-k", key);
    if (comp) { // which piece the pointer is on, to show its text again after the next draw
      const n = seen.get(comp) || 0;
      seen.set(comp, n + 1);
      const h = key !== null ? key : `${comp}#${n}`;
      node.setAttribute("data-h", h);
    }
    return piece(key, node, comp, opts);
  };

  // the header: time left, clock, phase, supply, piles
  const left = v.end_at - now;
  root.append(svg("text", { x: 8, y: 14, "font-size": 10, class: "bt muted", text: words.left }));
  root.append(svg("text", { x: 8, y: 40, "font-size": 26, class: "bt", "data-testid": "time-left",
    "data-ends": state.over ? null : v.end_at, text: fmt(left) }));
  const phase = v.phase === "setup" ? words.setup : v.phase === "over" ? words.over
    : v.last_call ? words.last : v.closing ? words.closing : words.play;
  root.append(svg("text", { x: 8, y: 56, "font-size": 10, class: "bt pending", text: phase.slice(0, 60) }));
  if (v.last_call && v.call_ends >= 0) {
    root.append(svg("text", { x: 100, y: 40, "font-size": 14, class: "bt pending", "data-ends": v.call_ends, text: fmt(v.call_ends - now) }));
  }
  root.append(svg("text", { x: 170, y: 14, "font-size": 10, class: "bt muted", text: words.supply }));
  root.append(goodsRow(b, 170, 20, v.supply, words, null, { w: 26 }));
  [2, 3].forEach((lv, i) => {
    const pg = svg("g", { class: "card back", transform: `translate(${300 + i * 76} 4)` },
      svg("rect", { width: 70, height: 42, rx: 5, class: "face" }),
      svg("text", { x: 35, y: 18, "text-anchor": "middle", "font-size": 10, class: "bt", text: `${words.pile} ${lv}` }),
      svg("text", { x: 35, y: 33, "text-anchor": "middle", "font-size": 11, class: "bt", text: `${v.piles[i]} ${words.cards}` }));
    root.append(b.piece(`pile:${lv}`, pg, null));
  });
  // the score track
  const top = Math.max(20, ...v.players.map((p) => p.score + 2));
  const tx = 460;
  const tw = (W - tx - 8) / (top + 1);
  root.append(svg("text", { x: tx, y: 12, "font-size": 10, class: "bt muted", text: words.track }));
  for (let i = 0; i <= top; i++) {
    root.append(svg("rect", { x: tx + i * tw, y: 18, width: tw - 1, height: 12, class: "face", opacity: i % 5 ? 0.6 : 1 }));
    if (i % 5 === 0) root.append(svg("text", { x: tx + i * tw + tw / 2, y: 28, "text-anchor": "middle", "font-size": 8, class: "bt muted", text: i }));
  }
  const at = new Map();
  v.players.forEach((p, q) => {
    const k = at.get(p.score) || 0;
    at.set(p.score, k + 1);
    const tok = seatMark(q, tx + p.score * tw + tw / 2, 40 + k * Math.min(14, 48 / v.players.length), 6);
    root.append(tok);
    if (b.mark) b.mark(`score:${q}`, tok, String(p.score));
  });
  root.append(svg("text", { x: tx, y: 96, "font-size": 9, class: "bt muted",
    text: v.players.map((p, q) => `${letter(q)} ${names[q]} ${p.score}`).join(" · ") }));

  // the seat's own pile, planning and drawn cards, and its pending decision
  if (mine) {
    const hy = handY;
    root.append(svg("rect", { x: 2, y: hy - 2, width: W - 4, height: handH - 2, rx: 8, class: "zonebox", stroke: colourOf(me) }));
    const pers = [...(mine.personal || [])].sort((a, c) => a - c);
    root.append(svg("text", { x: 8, y: hy + 12, "font-size": 10, class: "bt muted", text: `${words.hand} (${pers.length})` }));
    const choice = mine.choice ? mine.choice.card : null;
    const cw = Math.min(84, 420 / Math.max(1, pers.length));
    pers.forEach((c, i) => {
      const node = smallCard(b, 8 + i * cw, hy + 18, c, `personal:${c}`, { w: cw - 4, h: 58, note: c === choice ? "✓" : null });
      root.append(node);
      if (b.mark) b.mark(`personal:${c}`, node, c === choice ? "chosen" : "");
    });
    const px = 440;
    root.append(svg("text", { x: px, y: hy + 12, "font-size": 10, class: "bt muted", text: `${words.planning} (${mine.planning.length}/${mine.plan_cap})` }));
    const ready = new Set((v.usable || []).filter((u) => u.kind === "build").map((u) => u.card));
    const busyCards = new Map();
    for (const t of mine.timers) if (t.kind === "build" && t.state === "running") busyCards.set(t.arg, t);
    [...mine.planning].sort((a, c) => a - c).forEach((c, i) => {
      const t = busyCards.get(c);
      const node = smallCard(b, px + i * 88, hy + 18, c, `planning:${c}`, { w: 84, h: 58, note: ready.has(c) ? `✓ ${words.ready}` : t ? fmt(t.ends - now) : null });
      if (t) {
        const n = node.querySelector("text.pending");
        if (n) n.setAttribute("data-ends", String(t.ends));
      }
      root.append(node);
      if (b.mark) b.mark(`planning:${c}`, node, ready.has(c) ? "ready" : t ? "building" : "");
    });
    const dx = 800;
    const pend = v.pending;
    if (pend) {
      const k = words.kinds[pend.kind] || pend.kind;
      const src = pend.card !== undefined ? ` (${cardName(b, pend.card)})` : "";
      const extra = pend.kind === "put" ? ` ${words.goods[pend.colour]}` : pend.kind === "convert" ? ` ×${pend.left}` : "";
      root.append(textBlock(dx, hy + 12, `${words.todo}: ${k}${extra}${src}`, { width: 34, count: 2, size: 10, cls: "bt pending" }));
      (pend.cards || []).forEach((c, i) => {
        const node = smallCard(b, dx + i * 96, hy + 34, c, `keep:${c}`, { w: 92, h: 42 });
        root.append(node);
        if (b.mark) b.mark(`keep:${c}`, node, "");
      });
    }
  }

  // the ring
  const rg = ring(b, state, v, words, ringY, names, now);
  root.append(rg.g);

  // the open offers: one place per seat
  const oy = ringY + ringH + 8;
  root.append(svg("text", { x: 8, y: oy + 12, "font-size": 10, class: "bt muted", text: words.offers }));
  const ow = (W - 70) / v.players.length;
  v.offers.forEach((o, q) => {
    if (!o) return;
    const og = svg("g", { class: "offer", transform: `translate(${64 + q * ow} ${oy})` },
      svg("rect", { width: ow - 4, height: offersH - 2, rx: 6, class: "face" }), seatMark(q, 10, 10, 6),
      svg("text", { x: 20, y: 13, "font-size": 9, class: "bt", text: `→ ${letter(o.to)} ${names[o.to]}` }));
    let what;
    if (o.kind === "goods") {
      what = `${words.gives} ${goodsText(o.give, words)} (${containerName(v, o.args[0], words, names)}) ${words.wants} ${goodsText(o.take, words)} (${containerName(v, o.args[1], words, names)})`;
    } else what = o.args.map((c) => (v.cards[String(c)] ? cardName(b, c) : c)).join(" · ");
    og.append(textBlock(4, 26, what, { width: Math.floor(ow / 5.2), count: 1, size: 9 }));
    root.append(b.piece(q === me ? "myoffer" : `offer:${q}`, og, null));
    if (b.mark) b.mark(`offer:${q}`, og, JSON.stringify(o));
  });

  // the planets, the seat's own first, the others in seat order
  order.forEach((q, i) => root.append(planet(b, state, v, words, q, planetsY + i * PANEL, names, now)));

  b.finish();
  const menuEl = b.root.querySelector("[data-testid=board-menu]");
  menuEl.addEventListener("click", () => { mem.menuOpen = null; }, true); // an item, or ✕
  menuEl.addEventListener("keydown", (ev) => { if (ev.key === "Escape") mem.menuOpen = null; }, true);
  const itemsOf = () => [...menuEl.querySelectorAll("[data-testid=board-menu-item]")];
  menuEl.addEventListener("focusin", (ev) => {
    mem.menuItem = ev.target.getAttribute("data-action");
    if (!mem.menuList || mem.menuList.key !== mem.menuOpen) { // the choices as the menu opened
      mem.menuList = { key: mem.menuOpen, items: itemsOf().map((x) => [x.getAttribute("data-action"), x.textContent]) };
    }
  });
  b.box.addEventListener("click", (ev) => { if (!ev.target.closest("[data-piece]")) mem.menuOpen = null; });
  b.root.addEventListener("focusin", (ev) => {
    const n = ev.target.closest ? ev.target.closest("[data-k]") : null;
    mem.focus = n ? n.getAttribute("data-k") : null;
  });
  const here = b.root;
  b.root.addEventListener("focusout", (ev) => { // the focus left a board still shown (not a redraw)
    if (ev.relatedTarget && here.contains(ev.relatedTarget)) return;
    queueMicrotask(() => { if (here.isConnected) mem.focus = null; });
  });

  // a piece that was playable and is no more fades out; a menu open before opens again
  const playable = new Map();
  for (const n of root.querySelectorAll(".playable[data-k]")) playable.set(n.getAttribute("data-k"), n);
  if (!reducedMotion()) {
    for (const k of mem.playable.keys()) {
      if (playable.has(k)) continue;
      const n = root.querySelector(`[data-k="${CSS.escape(k)}"]`);
      if (!n || !n.getBBox) continue;
      const bb = n.getBBox();
      const ghost = svg("rect", { x: bb.x - 1, y: bb.y - 1, width: bb.width + 2, height: bb.height + 2, rx: 5,
        fill: "none", stroke: "#7bd88f", "stroke-width": 3, "pointer-events": "none", class: "fading" },
      svg("animate", { attributeName: "opacity", from: 1, to: 0, dur: "0.25s", fill: "freeze" }));
      n.append(ghost);
    }
  }
  mem.playable = playable;
  for (const n of playable.values()) {
    const several = JSON.parse(n.getAttribute("data-actions")).length > 1;
    const opened = () => { mem.menuOpen = several ? n.getAttribute("data-k") : null; };
    n.addEventListener("click", opened, true);
    n.addEventListener("keydown", (ev) => { if (ev.key === "Enter" || ev.key === " ") opened(); }, true);
  }
  if (menuKey && playable.has(menuKey)) {
    const n = playable.get(menuKey);
    if (JSON.parse(n.getAttribute("data-actions")).length > 1) {
      const item = mem.menuItem;
      n.dispatchEvent(new MouseEvent("click", { bubbles: true }));
      // the choices keep their places: one no longer legal stays there, faded and disabled
      const list = mem.menuList && mem.menuList.key === menuKey ? mem.menuList.items : [];
      const close = menuEl.querySelector("[data-testid=board-menu-close]");
      const live = new Map(itemsOf().map((x) => [x.getAttribute("data-action"), x]));
      for (const [act, label] of list) {
        if (live.has(act)) { menuEl.insertBefore(live.get(act), close); live.delete(act); continue; }
        const gone = document.createElement("button");
        gone.type = "button";
        gone.disabled = true;
        gone.className = "secondary";
        gone.textContent = label;
        gone.setAttribute("data-testid", "board-menu-gone");
        menuEl.insertBefore(gone, close);
        if (reducedMotion()) gone.style.opacity = "0.35";
        else gone.animate([{ opacity: 1 }, { opacity: 0.35 }], { duration: 250, fill: "forwards" });
      }
      for (const x of live.values()) menuEl.insertBefore(x, close); // new choices after
      // the item that had the focus keeps it, if it is still a choice
      const same = [...menuEl.querySelectorAll("[data-testid=board-menu-item]")].find((x) => x.getAttribute("data-action") === item);
      if (same) same.focus({ preventScroll: true });
    }
  }
  if (mem.pointer && !menuKey) { // the piece under a mouse pointer shows its text again
    const hit = document.elementFromPoint(mem.pointer[0], mem.pointer[1]);
    const n = hit && hit.closest ? hit.closest("[data-h]") : null;
    if (n && root.contains(n)) n.dispatchEvent(new MouseEvent("mouseenter"));
  }
  if (focused && !menuKey) {
    const n = root.querySelector(`[data-k="${CSS.escape(focused)}"]`);
    if (n) n.focus({ preventScroll: true });
  }
  if (ticker) clearInterval(ticker);
  if (state.realtime && !state.over) ticker = setInterval(() => tick(root, state), 200);
}
