// Tortuga 2199's board, drawn from the seat's `state` alone: the hex map (Tortuga, the
// Terminals, the Turrets and the four special sectors) with each sector's Defence track, its
// controller, its mineral token, its hunt token (the creature's name once the seat looked at
// it) with the probe markers on it, and the ships; the sector decks' face-up cards (V, R, M,
// F) and the T-sector piles; the Influence bank, the mineral depot, the hunt pile; the turn's
// Crypto and Manoeuvre; the combat (the attacker's cards face down until the reveal), the
// card whose abilities are being used, the ships to choose; the seat's hand, Reserved card,
// deck, discard, played cards, minerals and Influence; every player's row; the scenario in
// play with its changed rules. The game's own words (the phase, the scenario's name and rules,
// the bank's name) come from the game: the state's `prompt` and its text (`ctx.words`,
// GET /api/games/tortuga2199/text). Card types are numbers in the view: each card component says
// which number it is, and its cost, resources and T pile, in its facts (`state.components`,
// docs/games/tortuga2199.md); a market's name is its sector's component name. The board never
// reads a card's text nor the order of the component list.
import { makeBoard, seatColour, seatShape, seatToken, svg, textBlock } from "./board.js";
import { boardIcon } from "../icons.js";

const W = 1000;
const CW = 92; // a card
const CH = 58;

// Every text in English and in French, side by side ([en, fr]): a text cannot be missing in
// one language, and `wordsIn` picks the texts of one.
const LANGS = ["en", "fr"];
const TEXTS = {
  round: ["Round", "Manche"], turn: ["turn of", "tour de"], crypto: ["Crypto", "Crypto"],
  mano: ["Manoeuvre", "Manœuvre"],
  tpiles: ["T-sector piles (on Tortuga, Terminals, Turrets)", "Piles des secteurs T (Tortuga, Terminaux, Tourelles)"],
  deck: ["deck", "pioche"], left: ["left", "reste"],
  depot: ["Mineral depot", "Dépôt de Minerais"], huntpile: ["Hunt cards", "Cartes Chasse"],
  destroyed: ["destroyed", "détruites"], hand: ["Your hand", "Votre main"], reserved: ["Reserved", "Réservée"],
  played: ["Played", "Jouées"], discard: ["Discard", "Défausse"], minerals: ["Minerals", "Minerais"],
  influence: ["Influence", "Influence"], tokens: ["Hunt tokens", "Jetons Chasse"], sectors: ["sectors", "secteurs"],
  markers: ["markers", "marqueurs"], inhand: ["in hand", "en main"], hold: ["in the hold", "en soute"],
  combat: ["Combat", "Combat"], attacker: ["Attacker", "Attaquant"], defender: ["Defender", "Défenseur"],
  facedown: ["face down", "face cachée"], winner: ["winner", "vainqueur"],
  ships: ["Choose your ship", "Choisissez votre vaisseau"], pending: ["Abilities of", "Capacités de"],
  defence: ["Defence", "Défense"], none: ["—", "—"], spectator: ["Spectator", "Spectateur"], you: ["you", "vous"],
  noship: ["no ship yet", "pas encore de vaisseau"],
  marking: ["Probe: put a marker on the token?", "Sonde : un marqueur sur le jeton ?"],
  conquest: ["conquest", "conquête"], cost: ["cost", "coût"],
};

// The texts of `lang` (English for a language the board does not know): each [en, fr] pair
// of `node` replaced by its text in `lang`.
function wordsIn(lang, node = TEXTS) {
  if (Array.isArray(node)) return node[Math.max(0, LANGS.indexOf(lang))];
  return Object.fromEntries(Object.entries(node).map(([k, x]) => [k, wordsIn(lang, x)]));
}

const WORDS = Object.fromEntries(LANGS.map((lang) => [lang, wordsIn(lang)]));

const KIND_FILL = { tortuga: "#3b2f5c", terminal: "#1f3d4d", turret: "#3d2f24", vortex: "#2c2350",
  research: "#1e3f33", mines: "#3f3a1e", fortress: "#3d2430" };
const MARKETS = ["V", "R", "M", "F"];

// The piece that performs an action (null: a button under the board).
export function keyOf(a, v) {
  switch (a.type) {
    case "ship": return `shipchoice:${a.card}`;
    case "reenter": case "move": case "conquer": case "conquer_crypto": case "fortress": case "mines":
      return a.type === "reenter" || a.type === "move" ? `sector:${a.sector}` : `sector:${mine(v).pos}`;
    case "takeback": return "reserved";
    case "play": case "reserve": case "research": case "convert": case "commit": case "defend":
      return `hand:${a.card}`;
    case "mineral": return "minerals";
    case "buy": case "renew": return `offer:${a.card}`;
    case "collect": return `mineral:${mine(v).pos}`;
    case "probe": case "capture": return `hunt:${mine(v).pos}`;
    case "marker": return `hunt:${v.marking === null || v.marking === undefined ? mine(v).pos : v.marking}`;
    case "destroy": case "vortex": return `played:${a.card}`;
    case "reinforce": return `defence:${a.sector}`;
    case "attack": return `ship:${a.target}`;
    case "influence": return "bank";
    case "sacrifice": return `combat:${a.card}`;
    case "spoils": return a.choice === "bank" ? "bank" : `influence:${v.combat ? v.combat.defender : -1}`;
    case "ability":
      if (a.kind === "draw") return "deck";
      if (a.kind === "mineral") return "depot";
      if (a.kind === "trash" || a.kind === "reserve") return `hand:${a.target}`;
      if (a.kind === "probe") return `hunt:${a.target}`;
      return `sector:${a.target}`;
    default: return null; // end, ability_done, commit_done, defend_done, no_marker
  }
}

function mine(v) {
  return v.seat !== null && v.seat !== undefined ? v.players[v.seat] : { pos: -1 };
}

// The card components of the state by card number (their `card` fact).
export function cardComponents(state) {
  const cards = new Map();
  for (const c of state.components) {
    if (c.kind === "card" && c.facts && typeof c.facts.card === "number") cards.set(c.facts.card, c);
  }
  return cards;
}

// What a card brings, from its facts: Crypto, Manoeuvre and, for a market card, its cost.
function gist(words, f) {
  const out = [];
  if (f.crypto) out.push(`${words.crypto} ${f.crypto}`);
  if (f.manoeuvre) out.push(`${words.mano} ${f.manoeuvre}`);
  if (f.market) out.push(`${words.cost} ${f.cost}`);
  return out.join(" · ");
}

function counted(list) {
  const m = new Map();
  for (const c of list) m.set(c, (m.get(c) || 0) + 1);
  return [...m.entries()];
}

export function draw(body, state, ctx) {
  const v = state.view;
  const words = WORDS[ctx.lang] || WORDS.en;
  const me = v.seat === null || v.seat === undefined ? null : v.seat;
  const cards = cardComponents(state);
  const texts = new Map(state.components.map((c) => [c.id, c]));
  const comp = (c) => (cards.has(c) ? cards.get(c).id : null);
  const hand = counted(v.hand || []);
  const shipChoices = state.legal.filter((a) => a.action.type === "ship");
  const n = v.players.length;
  const handRows = Math.max(1, Math.ceil((hand.length + 1) / 9));
  const rowH = 118;
  const height = 566 + 56 + 16 + handRows * (CH + 10) + n * rowH + 4;
  const b = makeBoard(body, state, ctx, keyOf, W, height);
  const root = b.box;

  // A card: its name and what it brings (the second sentence of its text), a count badge.
  function card(x, y, c, key, { count = 1, back = false, label = null, mark = null, w = CW, h = CH } = {}) {
    const id = c === null || c === undefined ? null : comp(c);
    const t = id ? texts.get(id) : null;
    const g = svg("g", { class: `card${back ? " back" : ""}`, transform: `translate(${x} ${y})` },
      svg("rect", { width: w, height: h, rx: 6, class: "face" }));
    if (t) {
      g.setAttribute("data-cost", t.facts.cost);
      g.append(textBlock(5, 14, t.name, { width: Math.floor((w - (count > 1 ? 18 : 0)) / 6.2), count: 2, size: 10.5 }));
      if (h >= 50) g.append(textBlock(5, h - 8, gist(words, t.facts), { width: Math.floor(w / 5.2), count: 1, size: 8.5, cls: "bt muted gist" }));
    } else if (label !== null) {
      g.append(textBlock(w / 2, h / 2 + 4, label, { width: Math.floor(w / 6.5), count: 3, size: 10, anchor: "middle" }));
    }
    if (count > 1) {
      g.append(svg("circle", { cx: w - 9, cy: 9, r: 8, class: "token" }),
        svg("text", { x: w - 9, y: 12.5, "text-anchor": "middle", "font-size": 10, class: "seatno", text: `${count}` }));
    }
    if (mark !== null) b.mark(mark, g, `${c}:${count}`);
    return b.piece(key, g, id);
  }

  // The header: round, phase, whose turn, the turn's resources, the scenario and its rules.
  const cur = v.current;
  // The game's own words (its text.toml): the phase (for every seat and spectator: the
  // state's prompt asks only the seat that acts), the scenario's name and its changed rules.
  const game = ctx.words || {};
  const phase = game[`ph_${v.phase}`] || v.phase;
  const scName = game[`sc_${v.scenario}`] || v.scenario;
  const scRules = game[`sc_${v.scenario}_rules`] || "";
  const scTitle = (game.r_scenario_is || "{scenario}").replace("{scenario}", scName);
  root.append(svg("text", { x: 6, y: 16, class: "bt", "font-size": 13, "data-testid": "tg-header",
    text: `${words.round} ${v.round} · ${phase} · ${words.turn} ${ctx.seatName(cur)}` +
      (v.phase === "main" || v.phase === "ability" || v.phase === "mark" ? ` · ${words.crypto} ${v.crypto} · ${words.mano} ${v.manoeuvre}` : "") }));
  root.append(seatToken(cur, 6 + 8, 30, 7));
  root.append(textBlock(26, 34, `${scTitle}${scRules ? ` — ${scRules}` : ""}`,
    { width: 170, count: 2, size: 10, cls: "bt pending" }));
  root.lastChild.setAttribute("data-testid", "tg-scenario");

  // The map.
  const coords = v.sectors.map((s) => [Math.sqrt(3) * (s.q + s.r / 2), 1.5 * s.r]);
  const xs = coords.map((c) => c[0]);
  const ys = coords.map((c) => c[1]);
  const spanX = Math.max(...xs) - Math.min(...xs) + 2;
  const spanY = Math.max(...ys) - Math.min(...ys) + 2;
  const R = Math.min(62, 530 / (spanX * 1.0), 470 / spanY);
  const ox = 6 + (540 - spanX * R) / 2 - Math.min(...xs) * R + R;
  const oy = 56 + (490 - spanY * R) / 2 - Math.min(...ys) * R + R;
  const hexPts = (cx, cy) => [0, 1, 2, 3, 4, 5].map((k) => {
    const a = Math.PI / 6 + (k * Math.PI) / 3;
    return `${(cx + R * 0.97 * Math.cos(a)).toFixed(1)},${(cy + R * 0.97 * Math.sin(a)).toFixed(1)}`;
  }).join(" ");
  const tops = [];
  const polys = new Map(); // slot -> its hex
  // where the seat's ship may go now (a move, an ability's move or teleport, back from the
  // hold): shown on the hexes while the seat's ship is hovered or focused
  const goes = state.legal.filter((a) => a.action.type === "move" || a.action.type === "reenter" ||
    (a.action.type === "ability" && ["move", "teleport"].includes(a.action.kind))).map((a) => a.action.sector ?? a.action.target);
  const showGoes = (on) => {
    for (const g of goes) {
      const pg = polys.get(g);
      if (pg) { pg.style.stroke = on ? "#F0E442" : ""; pg.style.strokeWidth = on ? "4" : ""; }
    }
  };
  v.sectors.forEach((s, i) => {
    const cx = ox + coords[i][0] * R;
    const cy = oy + coords[i][1] * R;
    const kc = `sector:${s.kind}`;
    const kt = texts.get(kc);
    const poly = svg("polygon", { points: hexPts(cx, cy), class: "face" });
    // the kind's colour (through the CSSOM: the stylesheet's .face wins
    // over presentation attributes)
    poly.style.fill = KIND_FILL[s.kind] || "#1d2a48";
    const ring = s.controller >= 0 ? svg("polygon", { points: hexPts(cx, cy).split(" ").map((pt) => {
      const [px, py] = pt.split(",").map(Number);
      return `${(cx + (px - cx) * 0.9).toFixed(1)},${(cy + (py - cy) * 0.9).toFixed(1)}`;
    }).join(" "), fill: "none", stroke: seatColour(s.controller), "stroke-width": 3, "pointer-events": "none" }) : null;
    polys.set(s.slot, poly);
    const hex = svg("g", { class: "sector", "data-slot": s.slot }, poly, ring);
    // the name above the neighbours' hexes (drawn with the tokens), the hex takes the pointer
    const name = textBlock(cx, cy - R * 0.52, `${kt ? kt.name : s.kind} (${s.slot})`, { width: 24, count: 1, size: 9, anchor: "middle" });
    name.setAttribute("pointer-events", "none");
    tops.push(name);
    root.append(b.mark(`sector:${s.slot}`, b.piece(`sector:${s.slot}`, hex, kc), `${s.controller}`));
    // the Defence track (reinforced by a click on it), or Tortuga's fixed conquest
    const dg = svg("g", { class: "defence" },
      svg("rect", { x: cx - 30, y: cy - R * 0.42, width: 60, height: 15, rx: 4, class: "face" }),
      svg("text", { x: cx, y: cy - R * 0.42 + 11, "text-anchor": "middle", "font-size": 9.5, class: "bt",
        text: s.defence === null ? `${words.conquest} ${s.conquest_cost}` : `${words.defence} ${s.defence}/${s.max_defence}` }));
    const over = { over: `sector:${s.slot}` }; // the tokens on the hex let a click on it through
    tops.push(b.mark(`defence:${s.slot}`, b.piece(`defence:${s.slot}`, dg, kc, over), `${s.defence}`));
    if (s.controller >= 0) {
      const ctl = seatToken(s.controller, cx + R * 0.62, cy - R * 0.05, 8);
      ctl.setAttribute("pointer-events", "none"); // the controller is told by the ring and the tip
      tops.push(ctl);
    }
    if (s.mineral) {
      const mg = svg("g", { class: "mineral" },
        svg("polygon", { points: `${cx - R * 0.5},${cy - 9} ${cx - R * 0.5 + 8},${cy} ${cx - R * 0.5},${cy + 9} ${cx - R * 0.5 - 8},${cy}`,
          fill: "#9aa7b8", stroke: "#061021" }),
        svg("text", { x: cx - R * 0.5, y: cy + 3.5, "text-anchor": "middle", "font-size": 9, class: "seatno", text: "M" }));
      tops.push(b.mark(`mineral:${s.slot}`, b.piece(`mineral:${s.slot}`, mg, null, over), s.mineral));
    }
    if (s.hunt) {
      const cc = s.creature === null ? null : comp(s.creature);
      const ct = cc ? texts.get(cc) : null;
      const hg = svg("g", { class: "hunt" },
        svg("circle", { cx, cy: cy + 2, r: 11, fill: "#6b4a1e", stroke: "#e8c07a" }),
        svg("text", { x: cx, y: cy + 6, "text-anchor": "middle", "font-size": 11, class: "seatno", fill: "#fff",
          text: ct ? ct.name.slice(0, 2) : "?" }));
      s.markers.forEach((q, k) => hg.append(seatShape(q, cx + 16 + k * 9, cy - 4, 4)));
      tops.push(b.mark(`hunt:${s.slot}`, b.piece(`hunt:${s.slot}`, hg, cc, over), `${s.markers.join(",")}:${cc}`));
    }
    s.ships.forEach((q, k) => {
      const sx = cx + (k - (s.ships.length - 1) / 2) * 22;
      const sy = cy + R * 0.5;
      const pl = v.players[q];
      const sc = pl.ship >= 0 ? comp(pl.ship) : null;
      const tok = seatToken(q, sx, sy, 10, { cls: "ship" });
      tops.push(b.mark(`ship:${q}`, b.piece(`ship:${q}`, svg("g", { class: "shipg" }, tok), sc,
        q === me && goes.length ? { preview: showGoes, ...over } : over), `${s.slot}`));
    });
  });
  for (const t of tops) root.append(t);

  // The markets of the special sectors, the T piles, the bank, the depot, the hunt pile.
  let x0 = 556;
  let y = 50;
  const sellers = new Map(state.components.filter((c) => c.kind === "sector" && c.facts && c.facts.market)
    .map((c) => [c.facts.market, c]));
  for (const m of MARKETS) {
    const mk = v.markets[m];
    const seller = sellers.get(m);
    const title = textBlock(x0, y + 14, seller ? `${seller.name} (${m})` : m, { width: 14, count: 2, size: 10.5 });
    title.setAttribute("data-testid", `tg-market-${m}`);
    root.append(title);
    root.append(textBlock(x0, y + 44, `${words.deck} ${mk.deck}`, { width: 14, count: 1, size: 9.5, cls: "bt muted" }));
    mk.face.forEach((c, k) => root.append(card(x0 + 84 + k * (CW + 6), y, c, `offer:${c}`, { mark: `face:${m}:${k}` })));
    const kb = mk.known_bottom;
    if (kb.length) {
      root.append(textBlock(x0 + 84 + mk.face.length * (CW + 6), y + 14,
        kb.map((c) => (comp(c) && texts.get(comp(c)) ? texts.get(comp(c)).name : `#${c}`)).join(", "),
        { width: 14, count: 3, size: 9, cls: "bt muted" }));
    }
    y += CH + 8;
  }
  y += 4;
  const bankKey = "bank";
  const bk = svg("g", { class: "card" }, svg("rect", { x: x0, y, width: 140, height: 34, rx: 6, class: "face" }),
    textBlock(x0 + 6, y + 14, game.r_bank || "", { width: 24, count: 1, size: 10 }),
    svg("text", { x: x0 + 6, y: y + 28, "font-size": 10, class: "bt muted", text: `${v.bank}` }));
  root.append(b.mark("bank", b.piece(bankKey, bk, null), v.bank));
  const dp = svg("g", { class: "card" }, svg("rect", { x: x0 + 148, y, width: 130, height: 34, rx: 6, class: "face" }),
    textBlock(x0 + 154, y + 14, words.depot, { width: 22, count: 1, size: 10 }),
    svg("text", { x: x0 + 154, y: y + 28, "font-size": 10, class: "bt muted", text: `${v.depot}` }));
  root.append(b.mark("depot", b.piece("depot", dp, null), v.depot));
  root.append(textBlock(x0 + 288, y + 14, `${words.huntpile}: ${v.hunt_pile.length}`, { width: 24, count: 1, size: 10, cls: "bt muted" }));
  root.append(textBlock(x0 + 288, y + 28, `${words.destroyed}: ${v.destroyed.length}`, { width: 24, count: 1, size: 10, cls: "bt muted" }));
  y += 44;

  // The combat, the abilities in use, the ships to choose, the probe's marker.
  const panelY = y;
  const cb = v.combat;
  if (cb) {
    const g = svg("g", { "data-testid": "tg-combat" });
    g.append(svg("rect", { x: x0 - 4, y: panelY, width: W - x0, height: 150, rx: 8, class: "zonebox", stroke: "#D55E00" }));
    g.append(textBlock(x0 + 4, panelY + 15, `${words.combat} · ${words.attacker} ${ctx.seatName(cb.attacker)} → ${words.defender} ${ctx.seatName(cb.defender)} (${cb.sector})` +
      (cb.winner !== null && cb.winner !== undefined && cb.winner >= 0 ? ` · ${words.winner} ${ctx.seatName(cb.winner)}` : ""),
    { width: 80, count: 1, size: 10.5 }));
    root.append(g);
    const atk = cb.attack_cards === null ? Array(cb.attack_count || 0).fill(null) : cb.attack_cards;
    const row = (list, yy, who, hidden) => {
      root.append(svg("text", { x: x0 + 4, y: yy + 12, "font-size": 9.5, class: "bt muted", text: who }));
      list.forEach((c, k) => {
        const cx = x0 + 70 + k * 62;
        if (cx + 58 > W) return;
        if (hidden || c === null) {
          root.append(b.mark(`combat:a:${k}`, card(cx, yy, null, null, { back: true, label: words.facedown, w: 58, h: 56 }), "down"));
        } else root.append(b.mark(`combat:${who}:${k}`, card(cx, yy, c, `combat:${c}`, { w: 58, h: 56 }), `${c}`));
      });
    };
    row(atk, panelY + 24, words.attacker, cb.attack_cards === null);
    row(cb.defence_cards, panelY + 88, words.defender, false);
  } else if (v.pending) {
    const pc = comp(v.pending.card);
    root.append(svg("text", { x: x0, y: panelY + 12, "font-size": 10.5, class: "bt pending",
      text: `${words.pending} ${pc && texts.get(pc) ? texts.get(pc).name : ""}` }));
    root.append(card(x0, panelY + 18, v.pending.card, null, { mark: "pending" }));
  } else if (shipChoices.length) {
    root.append(svg("text", { x: x0, y: panelY + 12, "font-size": 10.5, class: "bt pending", text: words.ships }));
    shipChoices.forEach((a, k) => {
      root.append(card(x0 + (k % 4) * (CW + 6), panelY + 18, a.action.card, `shipchoice:${a.action.card}`,
        { mark: `shipchoice:${a.action.card}` }));
    });
  } else if (v.marking !== null && v.marking !== undefined) {
    root.append(textBlock(x0, panelY + 12, words.marking, { width: 70, count: 1, size: 10.5, cls: "bt pending" }));
  }

  // The T piles (bought on Tortuga, the Terminals and the Turrets).
  y = 566;
  root.append(svg("text", { x: 6, y: y - 4, "font-size": 10.5, class: "bt muted", text: words.tpiles }));
  // each pile at its place in the T piles (its `pile` fact; an empty pile, whose card the view
  // no longer names, keeps the view's place)
  const piles = Object.entries(v.t_piles).map(([cid, left], k) => {
    const t = texts.get(`card:${cid}`);
    return { cid, left, t, at: t && typeof t.facts.pile === "number" ? t.facts.pile : k };
  }).sort((p, q) => p.at - q.at);
  piles.forEach(({ cid, left, t }, k) => {
    const id = `card:${cid}`;
    const c = t ? t.facts.card : null;
    const px = 6 + k * (CW + 8);
    if (px + CW > W) return;
    const g = svg("g", { class: `card${left ? "" : " back"}`, transform: `translate(${px} ${y})` },
      svg("rect", { width: CW, height: 44, rx: 6, class: "face" }),
      textBlock(5, 14, t ? t.name : cid, { width: 14, count: 1, size: 10.5 }),
      svg("text", { x: 5, y: 34, "font-size": 9.5, class: "bt muted", text: t ? `${words.left} ${left} · ${words.cost} ${t.facts.cost}` : `${words.left} ${left}` }));
    if (t) g.setAttribute("data-cost", t.facts.cost);
    root.append(b.mark(`tpile:${cid}`, b.piece(c === null ? null : `offer:${c}`, g, t ? id : null), left));
  });
  y += 56;

  // The seat's own things: hand, Reserved card, deck, discard, played, minerals, Influence.
  const pl = me === null ? null : v.players[me];
  if (pl) {
    root.append(svg("text", { x: 6, y: y + 10, "font-size": 11.5, class: "bt", text: `${words.hand} (${v.hand.length})` }));
    hand.forEach(([c, k], i) => root.append(card(6 + (i % 9) * (CW + 8), y + 16 + Math.floor(i / 9) * (CH + 10), c,
      `hand:${c}`, { count: k, mark: `hand:${c}` })));
    const ri = Math.max(1, hand.length); // never under the title
    const rx = 6 + (ri % 9) * (CW + 8);
    const ry = y + 16 + Math.floor(ri / 9) * (CH + 10);
    root.append(svg("text", { x: rx, y: ry - 6, "font-size": 10, class: "bt muted", text: words.reserved }));
    root.append(card(rx, ry, v.reserved_card, "reserved",
      { label: `${words.reserved}: ${words.none}`, mark: "reserved", back: v.reserved_card === null }));
    y += 16 + handRows * (CH + 10);
  } else {
    root.append(svg("text", { x: 6, y: y + 10, "font-size": 11.5, class: "bt muted", text: words.spectator }));
    y += 16 + handRows * (CH + 10);
  }

  // Every player's row: ship, Influence, minerals, deck, discard, played cards, hunt tokens.
  v.players.forEach((p, q) => {
    const g = svg("g", { transform: `translate(0 ${y})`, "data-testid": `tg-player-${q}` });
    g.append(svg("rect", { x: 2, y: 0, width: W - 4, height: rowH - 8, rx: 8, class: "zonebox", stroke: seatColour(q),
      "stroke-width": q === me ? 3 : 1.5 }));
    g.append(seatToken(q, 16, 16, 8));
    const sc = p.ship >= 0 ? comp(p.ship) : null;
    const shipName = sc && texts.get(sc) ? texts.get(sc).name : words.noship;
    g.append(svg("text", { x: 30, y: 20, "font-size": 11.5, class: `bt${q === cur ? " current" : ""}`,
      text: `${ctx.seatName(q)}${q === me ? ` (${words.you})` : ""} · ${shipName}${p.pos < 0 ? ` · ${words.hold}` : ""} · ${p.sectors} ${words.sectors} · ${p.markers_free} ${words.markers} · ${p.hand_size} ${words.inhand}` }));
    // Influence (the defender's is what a winning aggressive attacker may steal)
    const ig = svg("g", { class: "card" }, svg("rect", { x: 8, y: 28, width: 84, height: 34, rx: 6, class: "face" }),
      svg("text", { x: 14, y: 42, "font-size": 9.5, class: "bt muted", text: words.influence }),
      svg("text", { x: 14, y: 57, "font-size": 13, class: "bt", "data-testid": `tg-influence-${q}`, text: `${p.influence}` }),
      boardIcon("influence", 70, 37, 16, seatColour(q)));
    g.append(b.mark(`influence:${q}`, b.piece(`influence:${q}`, ig, null), p.influence));
    const mg = svg("g", { class: "card" }, svg("rect", { x: 8, y: 68, width: 84, height: 34, rx: 6, class: "face" }),
      svg("text", { x: 14, y: 82, "font-size": 9.5, class: "bt muted", text: words.minerals }),
      svg("text", { x: 14, y: 97, "font-size": 13, class: "bt", text: `${p.minerals}` }),
      boardIcon("mineral", 70, 77, 16));
    g.append(b.mark(`minerals:${q}`, b.piece(q === me ? "minerals" : null, mg, null), p.minerals));
    // deck and discard
    const dk = svg("g", { class: "card back" }, svg("rect", { x: 100, y: 28, width: 64, height: 74, rx: 6, class: "face" }),
      textBlock(132, 56, `${words.deck} ${p.deck_size}`, { width: 9, count: 2, size: 10, anchor: "middle" }));
    g.append(b.piece(q === me ? "deck" : null, dk, null));
    const top = p.discard.length ? p.discard[p.discard.length - 1] : null;
    g.append(svg("text", { x: 172, y: 38, "font-size": 9.5, class: "bt muted", text: `${words.discard} ${p.discard.length}` }));
    if (top !== null) g.append(card(172, 44, top, null, { w: 70, h: 58, mark: `discard:${q}` }));
    // played cards this turn, then hunt tokens
    g.append(svg("text", { x: 252, y: 38, "font-size": 9.5, class: "bt muted", text: `${words.played} ${p.played.length}` }));
    const played = counted(p.played);
    played.forEach(([c, k], i) => {
      const px = 252 + i * 76;
      if (px + 70 > 800) return;
      g.append(card(px, 44, c, q === me ? `played:${c}` : null, { count: k, w: 70, h: 58, mark: `played:${q}:${c}` }));
    });
    g.append(svg("text", { x: 806, y: 38, "font-size": 9.5, class: "bt muted", text: `${words.tokens} ${p.hunt_tokens.length}` }));
    p.hunt_tokens.forEach((c, i) => {
      const hx = 816 + (i % 7) * 25;
      const hy = 56 + Math.floor(i / 7) * 24;
      const hc = comp(c);
      const tg = svg("g", { class: "hunt" }, svg("circle", { cx: hx, cy: hy, r: 10, fill: "#6b4a1e", stroke: "#e8c07a" }),
        svg("text", { x: hx, y: hy + 4, "text-anchor": "middle", "font-size": 9, class: "seatno", fill: "#fff",
          text: hc && texts.get(hc) ? texts.get(hc).name.slice(0, 2) : "?" }));
      g.append(b.mark(`htoken:${q}:${i}`, b.piece(null, tg, hc), c));
    });
    root.append(g);
    y += rowH;
  });
  b.finish();
}
