// Wild Space's board, drawn from the seat's `state` alone: the five planets with their two
// sectors and the shuttles on them (face-down ones by value), the deck, the Reserve and the
// discard, the seat's hand, every crew grouped by species with professions and Veteran
// medals, the captain's track with its token, the running scores; solo, the Contrebandier's
// Hostile deck (its top back and counts), its Hostile Planets and its crew. Clicking a hand
// card, a Reserve card, the deck, a sector, a shuttle, a crew card or a Hostile Planet
// performs the matching legal action; `use`, `skip` and `end_turn` are buttons under it.
// Shuttles and scores carry their seat's shape and number; what changed since the seat's last
// state (a card in a Reserve slot, a shuttle landed, a crew card, a score) is highlighted.
// What a card is (its species, profession, Veteran status, a captain's track) comes from its
// component's facts, and the words naming a species, a profession or a kind from the game's
// vocabulary components (species:, profession:, cardkind:): never from a card's text.
import { makeBoard, seatColour as seatColourOf, seatShape, seatToken, svg, textBlock } from "./board.js";

const W = 1000;
const CW = 104; // a card
const CH = 66;

const WORDS = {
  en: { deck: "Deck", reserve: "Reserve", discard: "Discard", hand: "Your hand", left: "left",
    right: "right", facedown: "face down", needs: "needs", crew: "crew", score: "score",
    shuttles: "shuttles", turn: "turn", track: "Captain's track", hostile: "Hostile deck",
    top: "top back", level: "level", none: "empty", cards: "cards", hidden: "in hand" },
  fr: { deck: "Pioche", reserve: "Réserve", discard: "Défausse", hand: "Votre main", left: "gauche",
    right: "droit", facedown: "face cachée", needs: "il faut", crew: "équipage", score: "score",
    shuttles: "navettes", turn: "tour", track: "Piste du capitaine", hostile: "Pioche hostile",
    top: "dos du dessus", level: "niveau", none: "vide", cards: "cartes", hidden: "en main" },
};

export function keyOf(a, v) {
  switch (a.type) {
    case "land": return `sector:${a.planet}:${a.sector}`;
    case "explore": return `shuttle:${a.planet}:${a.sector}`;
    case "draw_deck": case "take_deck": return "deck";
    case "draw_reserve": case "take_reserve": return `reserve:${a.slot}`;
    case "play": case "pay": case "renew": return `hand:${a.card}`;
    case "remove": return `crew:${v.seat}:${a.card}`;
    case "smuggle": return `hostile:${a.hostile}`;
    default: return null;
  }
}

// What a card is, from its facts (never from its text): the group it is drawn in (its species,
// or its kind for a Robot, which is no animal) and the words naming the group and its
// profession, which are the names of the game's vocabulary components.
function facts(texts, c) {
  const f = c && c.facts ? c.facts : {};
  const word = (id) => (texts.get(id) ? texts.get(id).name : "");
  const group = f.species ? `species:${f.species}` : f.kind ? `cardkind:${f.kind}` : "";
  return { group, groupName: group ? word(group) : "?", profession: f.profession ? word(`profession:${f.profession}`) : "",
    veteran: Boolean(f.veteran), track: Array.isArray(f.track_credits) ? f.track_credits : [] };
}

function card(b, x, y, id, key, { back = false, label = null, mark = null } = {}) {
  const comp = id === null || id === undefined || id < 0 ? null : `card:${id}`;
  const c = comp ? b.texts.get(comp) : null;
  const g = svg("g", { class: `card${back ? " back" : ""}`, transform: `translate(${x} ${y})` },
    svg("rect", { width: CW, height: CH, rx: 6, class: "face" }));
  if (c) {
    g.append(textBlock(6, 16, c.name, { width: 17, count: 2, size: 11 }));
    const f = facts(b.texts, c);
    const prof = textBlock(6, CH - 8, f.profession, { width: 17, count: 1, size: 9, cls: "bt muted profession" });
    g.append(prof);
    if (f.veteran) g.append(svg("text", { x: CW - 6, y: CH - 8, "text-anchor": "end", "font-size": 11, class: "bt veteran", text: "★" }));
    g.setAttribute("data-card", id);
  } else if (label !== null) {
    g.append(textBlock(CW / 2, CH / 2 + 4, label, { width: 16, count: 2, size: 11, anchor: "middle" }));
  }
  if (mark !== null) b.mark(mark, g, `${id}`);
  return b.piece(key, g, comp);
}

function planet(b, v, words, pl, x) {
  const w = 190;
  const g = svg("g", { transform: `translate(${x} 8)` });
  const comp = pl.faceup && pl.tile !== null ? `planet:${pl.tile}` : null;
  const head = svg("g", { class: `planet${pl.faceup ? "" : " down"}` },
    svg("rect", { width: w, height: 40, rx: 8, class: "face" }));
  const name = comp && b.texts.get(comp) ? b.texts.get(comp).name : `${words.facedown}`;
  head.append(textBlock(8, 17, name, { width: 24, count: 1, size: 13 }),
    textBlock(8, 33, `${words.needs} ${pl.threshold} ${words.crew}`, { width: 28, count: 1, size: 10, cls: "bt muted" }));
  g.append(b.mark(`planet:${x}`, b.piece(null, head, comp), `${pl.tile}:${pl.faceup}`));
  for (const s of [0, 1]) {
    const sx = s * (w / 2 + 2);
    const sw = w / 2 - 2;
    const sector = svg("g", { class: "sector", transform: `translate(${sx} 44)` },
      svg("rect", { width: sw, height: 104, rx: 6, class: "face" }),
      textBlock(sw / 2, 16, s ? words.right : words.left, { width: 12, count: 1, size: 10, anchor: "middle", cls: "bt muted" }));
    g.append(pl.faceup ? b.piece(`sector:${pl.tile}:${s}`, sector, comp) : sector);
    pl.shuttles[s].forEach(([q, state], i) => {
      const cx = sx + 14 + (i % 4) * 22;
      const cy = 44 + (state === 2 ? 40 : 84) - Math.floor(i / 4) * 0;
      const sh = svg("g", { class: `shuttle${state === 2 ? " exploring" : ""}`, "data-seat": q },
        seatShape(q, cx, cy, 9),
        svg("text", { x: cx, y: cy + 4, "text-anchor": "middle", "font-size": 10, class: "seatno", text: q }));
      b.mark(`shuttle:${x}:${s}:${q}:${pl.shuttles[s].slice(0, i).filter(([o]) => o === q).length}`, sh, state);
      g.append(q === v.seat && pl.faceup ? b.piece(`shuttle:${pl.tile}:${s}`, sh, null) : sh);
    });
  }
  return g;
}

function track(b, x, y, ps, words) {
  const g = svg("g", { transform: `translate(${x} ${y})`, class: "track" });
  g.append(svg("text", { x: 0, y: 0, "font-size": 10, class: "bt muted", text: words.track }));
  // one box more than the captain's track has steps: the token starts before the first
  const steps = facts(b.texts, b.texts.get(`card:${ps.captain}`)).track.length;
  g.setAttribute("data-steps", steps);
  for (let i = 0; i <= steps; i++) {
    g.append(svg("circle", { cx: 8 + i * 20, cy: 12, r: 7, class: i === ps.veteran ? "token" : "step" }));
    g.append(svg("text", { x: 8 + i * 20, y: 15, "font-size": 8, "text-anchor": "middle", class: "seatno", text: i }));
  }
  b.mark(`track:${ps.captain}`, g, ps.veteran);
  return b.piece(null, g, `card:${ps.captain}`);
}

export function draw(body, state, ctx) {
  const v = state.view;
  const words = WORDS[ctx.lang] || WORDS.en;
  const me = v.seat;
  // Height: planets, the table row, the hand, each crew (up to three rows of groups), solo.
  const mine = me !== null && me !== undefined ? v.player_states[me] : null;
  const hand = mine && mine.hand ? mine.hand : [];
  const handRows = Math.max(1, Math.ceil(hand.length / 9));
  // a crew's cards by group (species, or kind for the Robots): [group id, its name, cards]
  const groupsOf = (tab, texts) => {
    const m = new Map();
    for (const c of tab) {
      const f = facts(texts, texts.get(`card:${c}`));
      if (!m.has(f.group)) m.set(f.group, [f.groupName, []]);
      m.get(f.group)[1].push(c);
    }
    return [...m.entries()].map(([group, [name, cs]]) => [group, name, cs]);
  };
  const texts = new Map(state.components.map((c) => [c.id, c]));
  const crewH = v.player_states.map((ps) => {
    const groups = groupsOf(ps.tableau, texts);
    const tall = Math.max(1, ...groups.map(([, , cs]) => cs.length));
    return 44 + Math.ceil(groups.length / 8) * (tall * 24 + CH - 24 + 22);
  });
  const solo = v.smuggler ? 140 + Math.max(1, Math.ceil(v.smuggler.tableau.length / 9)) * (CH + 8) : 0;
  const height = 160 + 110 + 30 + handRows * (CH + 8) + crewH.reduce((a, b2) => a + b2, 0) + solo + 20;
  const b = makeBoard(body, state, ctx, keyOf, W, height);
  const root = b.box;

  v.planets.forEach((pl, i) => root.append(planet(b, v, words, pl, 6 + i * 198)));

  // The table: deck, Reserve, discard, what is pending, scores.
  let y = 166;
  root.append(svg("text", { x: 6, y: y + 10, class: "bt muted", "font-size": 11, text: `${words.deck} (${v.deck_size})` }));
  root.append(card(b, 6, y + 16, null, "deck", { back: true, label: `${v.deck_size}` }));
  root.append(svg("text", { x: 126, y: y + 10, class: "bt muted", "font-size": 11, text: words.reserve }));
  v.reserve.forEach((c, i) => root.append(card(b, 126 + i * (CW + 6), y + 16, c, `reserve:${i}`,
    { label: words.none, mark: `reserve:${i}` })));
  const dx = 126 + 3 * (CW + 6) + 14;
  root.append(svg("text", { x: dx, y: y + 10, class: "bt muted", "font-size": 11, text: `${words.discard} (${v.discard.length})` }));
  if (v.discard.length) root.append(card(b, dx, y + 16, v.discard[v.discard.length - 1], null, { mark: "discard" }));
  const px = dx + CW + 16;
  root.append(svg("text", { x: px, y: y + 10, class: "bt muted", "font-size": 11, text: words.score }));
  v.player_states.forEach((ps, q) => {
    root.append(seatToken(q, px + 8, y + 26 + q * 18, 7));
    root.append(b.mark(`score:${q}`, svg("text", { x: px + 20, y: y + 30 + q * 18, class: `bt${q === v.current ? " current" : ""}`, "font-size": 11,
      "data-testid": `score-${q}`,
      text: `${ctx.seatName(q)}: ${ps.score} · ${words.shuttles} ${ps.shuttles_left} · ${words.turn} ${ps.turns}` }), ps.score));
  });
  if (state.prompt) {
    // the decision on top of the stack, and where it comes from: the game's sentence
    root.append(textBlock(px, y + 30 + v.player_states.length * 18 + 8, state.prompt,
      { width: 60, count: 2, size: 11, cls: "bt pending" }));
  }

  // The hand.
  y += 110;
  root.append(svg("text", { x: 6, y: y + 10, class: "bt muted", "font-size": 11, text: `${words.hand} (${hand.length})` }));
  hand.forEach((c, i) => root.append(card(b, 6 + (i % 9) * (CW + 6), y + 18 + Math.floor(i / 9) * (CH + 8), c, `hand:${c}`,
    { mark: `hand:${c}` })));
  y += 22 + handRows * (CH + 8);

  // Every crew, grouped by species, with the captain's track and Veteran medals.
  v.player_states.forEach((ps, q) => {
    const g = svg("g", { transform: `translate(0 ${y})`, class: `crew${q === me ? " self" : ""}`, "data-testid": `crew-${q}` });
    g.append(svg("rect", { x: 2, y: 0, width: W - 4, height: crewH[q] - 6, rx: 8, class: "zonebox", stroke: seatColourOf(q) }));
    g.append(seatToken(q, W - 20, 16, 8));
    const others = ps.hand === null ? ` · ${ps.hand_size} ${words.hidden}` : "";
    g.append(svg("text", { x: 10, y: 16, class: "bt", "font-size": 12,
      text: `${ctx.seatName(q)} · ${words.score} ${ps.score}${others}${ps.veteran ? ` · ${"★".repeat(ps.veteran)}` : ""}` }));
    g.append(track(b, 560, 14, ps, words));
    const groups = groupsOf(ps.tableau, texts);
    const tall = Math.max(1, ...groups.map(([, , x]) => x.length));
    groups.forEach(([group, name, cs], gi) => {
      const gx = 10 + (gi % 8) * (CW + 18);
      const gy = 40 + Math.floor(gi / 8) * (tall * 24 + CH - 24 + 22);
      const gg = svg("g", { class: "crewgroup", "data-group": group });
      gg.append(svg("text", { x: gx, y: gy - 4, class: "bt muted groupname", "font-size": 10, text: name }));
      cs.forEach((c, k) => gg.append(card(b, gx, gy + k * 24, c, `crew:${q}:${c}`, { mark: `crew:${q}:${c}` })));
      g.append(gg);
    });
    root.append(g);
    y += crewH[q];
  });

  // Solo: the Contrebandier.
  const sm = v.smuggler;
  if (sm) {
    const g = svg("g", { transform: `translate(0 ${y})`, "data-testid": "smuggler" });
    const level = b.texts.get(`level:${sm.difficulty}`);
    g.append(svg("rect", { x: 2, y: 0, width: W - 4, height: solo - 8, rx: 8, class: "zonebox" }));
    g.append(svg("text", { x: 10, y: 16, class: "bt", "font-size": 12,
      text: `${(ctx.words || {}).smuggler || ""} · ${words.level} ${level ? level.name : sm.difficulty}${sm.score === null ? "" : ` · ${words.score} ${sm.score}`}` }));
    const hd = sm.hostile_deck;
    g.append(card(b, 10, 30, null, "hostiledeck", { back: true,
      label: `${words.hostile}: ${hd.size}${hd.top === null ? "" : ` · ${words.top} ${hd.top}`}` }));
    g.append(svg("text", { x: 10, y: 112, class: "bt muted", "font-size": 10, text: hd.categories.map((n, i) => `${i + 1}: ${n}`).join(" · ") }));
    sm.hostile_row.forEach(([h, st], i) => {
      const hg = svg("g", { class: "card", transform: `translate(${130 + i * (CW + 6)} 30)` },
        svg("rect", { width: CW, height: CH, rx: 6, class: "face" }));
      const c = b.texts.get(`hostile:${h}`);
      hg.append(textBlock(6, 16, c ? c.name : `#${h}`, { width: 17, count: 2, size: 11 }));
      if (st) hg.append(svg("circle", { cx: CW - 12, cy: CH - 12, r: 7, class: "token" }));
      g.append(b.mark(`hostile:${h}`, b.piece(`hostile:${h}`, hg, `hostile:${h}`), st));
    });
    sm.tableau.forEach((c, i) => g.append(card(b, 10 + (i % 9) * (CW + 6), 126 + Math.floor(i / 9) * (CH + 8), c, null,
      { mark: `smuggler:${c}` })));
    root.append(g);
  }
  b.finish();
}
