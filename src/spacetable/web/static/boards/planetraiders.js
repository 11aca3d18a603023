// Planet Raiders' board, drawn from the seat's `state` alone (the game has no hidden
// information: every seat and a spectator see the same board). The grid of squares as the
// board's facts give it (the component board:main: neutral zones, meteorite zones, the four
// planets and the four ships in their colours), the pads (the squares' sides where raiders stand, a ship's boarding pads in
// its colour), the rockets lying in their zones with their noses (blue or red, with a letter),
// the raiders (their colour's shape and their number) and the aliens (their planet's shape and
// an "A"); beside it each player's panel: colour, rockets in hand, aliens and enemy raiders
// taken (the crew), raiders home, captured or finished, and the turn and phase. Colours are
// named by their colour: components and shaped by their facts' index, never by a table here.
//
// The pieces: a raider of the player to act is clicked to move it (`select`), and clicked
// again to stop (`stop`); a rocket is clicked to ride it (`hop`), its trajectory (from the
// raider's pad through the zone to the pad under its nose) drawn on hover, focus or a first
// tap before the confirming click; a zone is clicked to place a rocket there (`place`: a small
// menu gives the colour and the nose); the seat's blue rockets in hand are clicked to exchange
// two for a red one; another player's panel is clicked to give them a rocket. Only
// `end_moves` and `end_turn` are buttons under the board.
import { makeBoard, svg, textBlock, seatShape } from "./board.js";

const S = 64; // a square
const M = 22; // the margin around the grid (border pads)
const WIDE = 1000; // the grid with the panels beside it
const NARROW = 700; // a screen narrower than this: the panels under the grid
// the game's four colours, taken from Okabe-Ito (colour-blind safe); each also has a shape
const FILL = { red: "#D55E00", yellow: "#F0E442", violet: "#CC79A7", green: "#009E73" };
const ROCKET_FILL = { blue: "#0072B2", red: "#D55E00" };
const ANGLE = { n: -90, e: 0, s: 90, w: 180 };
// where a rocket lies in its zone: near the side its nose points at
const OFFSET = { n: [0, -13], s: [0, 13], e: [13, 0], w: [-13, 0] };
// a rocket pointing east around (0, 0)
const ARROW = [[-10, -6], [3, -6], [10, 0], [3, 6], [-10, 6], [-7, 0]];

const WORDS = {
  en: { rocket: { blue: "B", red: "R" }, alien: "A", hand: "Hand", aliens: "Aliens", captured: "Captured",
    home: "home", capturedBy: "captured", finished: "home, place {n}", out: "eliminated",
    none: "none",
    turn: "Turn {t}", turnLimit: "/{l}", stall: " · no progress {q}/{s}", used: "used this turn: {b} blue, {r} red",
    toPlay: "To play:", phase: { move: "move a raider, or end the moves", hop: "raider #{k}: ride a rocket, or stop",
      place: "place rockets, then end the turn" }, team: "team", you: "you", over: "Game over",
    planet: "planet", ship: "ship" },
  fr: { rocket: { blue: "B", red: "R" }, alien: "A", hand: "Main", aliens: "Aliens", captured: "Capturés",
    home: "à la base", capturedBy: "capturé", finished: "rentré, place {n}", out: "éliminé",
    none: "aucun",
    turn: "Tour {t}", turnLimit: "/{l}", stall: " · sans progrès {q}/{s}", used: "utilisées ce tour : {b} bleues, {r} rouges",
    toPlay: "À jouer :", phase: { move: "déplacez un raider, ou finissez les déplacements",
      hop: "raider n°{k} : prenez une fusée, ou arrêtez-vous", place: "posez des fusées, puis finissez le tour" },
    team: "équipe", you: "vous", over: "Partie terminée", planet: "planète", ship: "vaisseau" },
};

export function keyOf(a, v) {
  switch (a.type) {
    case "select": return `raider:${v.current}:${a.raider - 1}`;
    case "stop": return `raider:${v.current}:${v.selected}`;
    case "hop": return `rocket:${a.zone}:${a.nose}`;
    case "place": return `zone:${a.zone}`;
    case "exchange": return "hand:blue";
    case "give": return `player:${a.to}`;
    default: return null;
  }
}

// The board as its facts give it (the component board:main): its size and its squares by id,
// each with its row (from the north), column, kind and colour. Every colour's index (its
// seat shape) and name come from the components too (colour:, planet:, ship:).
function boardOf(state) {
  const texts = new Map(state.components.map((c) => [c.id, c]));
  const facts = (texts.get("board:main") || {}).facts || {};
  const size = facts.size || 0;
  const squares = new Map((facts.squares || []).map((q) => [q.id, q]));
  const grid = [...Array(size)].map(() => Array(size).fill(null));
  for (const q of squares.values()) grid[q.row][q.col] = q;
  const index = new Map();
  for (const c of state.components) {
    const f = c.facts || {};
    if (["colour", "planet", "ship"].includes(c.kind) && typeof f.index === "number") index.set(f.colour, f.index);
  }
  const at = (r, c) => (r >= 0 && r < size && c >= 0 && c < size ? grid[r][c] : null);
  return {
    size, squares, at, index: (colour) => (index.has(colour) ? index.get(colour) : 0),
    name: (colour) => (texts.get(`colour:${colour}`) ? texts.get(`colour:${colour}`).name : colour),
  };
}

// square "c3" -> its top-left corner on the board
function cellXY(bd, name) {
  const q = bd.squares.get(name);
  return q ? [M + q.col * S, M + q.row * S] : [M, M];
}

// pad "c1s" (a square and a side) -> the middle of that side
function padXY(bd, name) {
  const [x, y] = cellXY(bd, name.slice(0, -1));
  switch (name[name.length - 1]) {
    case "n": return [x + S / 2, y];
    case "s": return [x + S / 2, y + S];
    case "w": return [x, y + S / 2];
    default: return [x + S, y + S / 2];
  }
}

function fill(text, values) {
  return text.replace(/\{(\w+)\}/g, (_, k) => String(values[k]));
}

// A colour's token: its shape (by colour) filled with it, and a label on it.
function token(bd, colour, cx, cy, r, label) {
  const i = bd.index(colour);
  return svg("g", { class: "seat-token", "data-colour": colour }, seatShape(i, cx, cy, r, { fill: FILL[colour], "data-seat": i }),
    svg("text", { x: cx, y: cy + r * 0.42, "text-anchor": "middle", "font-size": Math.round(r * 1.1),
      class: "seatno", text: label }));
}

// A rocket pointing east around (0, 0), turned to its nose; a letter on it for its colour.
function rocketShape(colour, nose, cx, cy, words, scale = 1) {
  const k = scale;
  const body = svg("polygon", { class: "rocket-body", fill: ROCKET_FILL[colour],
    points: ARROW.map(([x, y]) => `${x * k},${y * k}`).join(" "),
    transform: `translate(${cx} ${cy}) rotate(${ANGLE[nose]})` });
  return svg("g", { class: `rocket ${colour}` }, body,
    svg("text", { x: cx, y: cy + 3 * k, "text-anchor": "middle", "font-size": 8 * k, class: "rocket-letter",
      text: words.rocket[colour] }));
}

export function draw(body, state, ctx) {
  const v = state.view;
  const words = WORDS[ctx.lang] || WORDS.en;
  const game = ctx.words || {}; // the game's own words (its text)
  const bd = boardOf(state);
  const GRID = bd.size * S + 2 * M;
  const n = v.players_info.length;
  const boxH = 132;
  // on a phone the panels go under the grid, so that the board scrolls less sideways
  const narrow = typeof window !== "undefined" && window.innerWidth < NARROW;
  const W = narrow ? GRID : WIDE;
  const PX = narrow ? 8 : GRID + 14; // the panels
  const PY = narrow ? GRID + 6 : 0;
  const panels = 84 + n * (boxH + 8);
  const height = (narrow ? PY + panels : Math.max(GRID, panels)) + 4;
  const b = makeBoard(body, state, ctx, keyOf, W, height);
  const root = b.box;
  root.classList.add("planetraiders");

  // The grid: zones, planets and ships.
  const grid = svg("g", { class: "pr-grid" });
  const zoneAt = new Map();
  for (const q of bd.squares.values()) {
    const name = q.id;
    const x = M + q.col * S;
    const y = M + q.row * S;
    let g;
    if (q.kind === "neutral" || q.kind === "meteorite") {
      const meteor = q.kind === "meteorite";
      g = svg("g", { class: `pr-zone ${q.kind}`, "data-zone": name },
        svg("rect", { x, y, width: S, height: S, class: "face" }),
        svg("text", { x: x + 3, y: y + S - 4, "font-size": 9, class: "bt muted", text: name }));
      if (meteor) {
        for (const [dx, dy, rr] of [[14, 16, 4], [48, 20, 3], [20, 50, 3], [50, 48, 5]]) {
          g.append(svg("circle", { cx: x + dx, cy: y + dy, r: rr, class: "meteor" }));
        }
      }
      // hovering a zone where rockets may be placed shows the free sides a nose may point at
      const noses = [...new Set(state.legal.filter((a) => a.action.type === "place" && a.action.zone === name)
        .map((a) => a.action.nose))];
      const ghosts = svg("g", { class: "pr-ghosts hidden" }, noses.map((nose) => {
        const [ox, oy] = OFFSET[nose];
        return svg("polygon", { class: "ghost", points: ARROW.map(([px, py]) => `${px},${py}`).join(" "),
          transform: `translate(${x + S / 2 + ox} ${y + S / 2 + oy}) rotate(${ANGLE[nose]})` });
      }));
      g.append(ghosts);
      b.piece(`zone:${name}`, g, `zone:${q.kind}`,
        noses.length ? { preview: (on) => ghosts.classList.toggle("hidden", !on) } : {});
      zoneAt.set(name, g);
    } else if (q.kind === "planet") {
      const colour = q.colour;
      g = svg("g", { class: "pr-planet", "data-square": name, "data-colour": colour },
        svg("rect", { x, y, width: S, height: S, class: "face" }),
        svg("circle", { cx: x + S / 2, cy: y + S / 2, r: S / 2 - 14, fill: FILL[colour], class: "planet-disc" }),
        svg("text", { x: x + S / 2, y: y + S / 2 + 4, "text-anchor": "middle", "font-size": 10, class: "seatno",
          text: words.planet[0].toUpperCase() }));
      b.piece(null, g, `planet:${colour}`);
    } else {
      const colour = q.colour;
      const cx = x + S / 2;
      const cy = y + S / 2;
      g = svg("g", { class: "pr-ship", "data-square": name, "data-colour": colour },
        svg("rect", { x, y, width: S, height: S, class: "face" }),
        svg("polygon", { points: `${cx},${cy - 20} ${cx + 13},${cy + 14} ${cx},${cy + 8} ${cx - 13},${cy + 14}`,
          fill: FILL[colour], class: "ship-hull" }),
        svg("text", { x: cx, y: cy + 5, "text-anchor": "middle", "font-size": 10, class: "seatno",
          text: words.ship[0].toUpperCase() }));
      b.piece(null, g, `ship:${colour}`);
    }
    grid.append(g);
  }
  root.append(svg("rect", { x: 2, y: 2, width: GRID - 4, height: GRID - 4, rx: 10, class: "pr-frame" }));
  root.append(b.piece(null, svg("g", { class: "pr-title" }, svg("text", { x: M, y: 15, "font-size": 11, class: "bt muted",
    text: b.texts.get("board:main") ? b.texts.get("board:main").name : "" })), "board:main"));
  root.append(grid);

  // The pads: every side of a square that borders a rocket zone; a ship's in its colour.
  const isZone = (r, c) => { const q = bd.at(r, c); return q !== null && (q.kind === "neutral" || q.kind === "meteorite"); };
  const shipAt = (r, c) => { const q = bd.at(r, c); return q !== null && q.kind === "ship" ? q.colour : undefined; };
  const pads = svg("g", { class: "pr-pads" });
  for (let r = 0; r <= bd.size; r++) {
    for (let c = 0; c < bd.size; c++) { // the horizontal side above row r
      if (!isZone(r - 1, c) && !isZone(r, c)) continue;
      const ship = shipAt(r - 1, c) || shipAt(r, c);
      pads.append(svg("rect", { x: M + c * S + S / 2 - 14, y: M + r * S - 4, width: 28, height: 8, rx: 3,
        class: "pad", fill: ship ? FILL[ship] : null }));
    }
  }
  for (let r = 0; r < bd.size; r++) {
    for (let c = 0; c <= bd.size; c++) { // the vertical side left of column c
      if (!isZone(r, c - 1) && !isZone(r, c)) continue;
      const ship = shipAt(r, c - 1) || shipAt(r, c);
      pads.append(svg("rect", { x: M + c * S - 4, y: M + r * S + S / 2 - 14, width: 8, height: 28, rx: 3,
        class: "pad", fill: ship ? FILL[ship] : null }));
    }
  }
  root.append(pads);

  // The trajectory of a hop, shown before it is confirmed.
  const trail = svg("g", { class: "pr-trail hidden", "data-testid": "trajectory" });
  const movingPad = v.selected !== null && v.selected !== undefined && v.raiders[v.current]
    ? v.raiders[v.current][v.selected].pad : null;

  // The rockets, each near the side its nose points at.
  for (const [zone, rs] of Object.entries(v.rockets)) {
    const [x, y] = cellXY(bd, zone);
    for (const rk of rs) {
      const off = OFFSET[rk.nose];
      const cx = x + S / 2 + off[0];
      const cy = y + S / 2 + off[1];
      const g = rocketShape(rk.colour, rk.nose, cx, cy, words);
      g.append(svg("rect", { x: cx - 11, y: cy - 11, width: 22, height: 22, class: "hit" }));
      const dest = `${zone}${rk.nose}`;
      b.mark(`rocket:${zone}:${rk.nose}`, g, rk.colour);
      b.piece(`rocket:${zone}:${rk.nose}`, g, `rocket:${rk.colour}`, {
        preview: (on) => {
          trail.classList.toggle("hidden", !on || movingPad === null);
          if (!on || movingPad === null) return;
          const [ax, ay] = padXY(bd, movingPad);
          const [bx, by] = padXY(bd, dest);
          const points = `${ax},${ay} ${x + S / 2},${y + S / 2} ${bx},${by}`;
          trail.replaceChildren(svg("polyline", { points, class: "trail-under" }),
            svg("polyline", { points, class: "trail-line" }),
            svg("circle", { cx: bx, cy: by, r: 13, class: "trail-end" }));
        },
      });
      (zoneAt.get(zone) || grid).append(g);
    }
  }

  // The aliens on their planets' sides.
  for (const [pad, colour] of Object.entries(v.aliens)) {
    const [x, y] = padXY(bd, pad);
    const g = token(bd, colour, x, y, 8, words.alien);
    g.classList.add("alien");
    root.append(b.mark(`alien:${pad}`, b.piece(null, g, `planet:${colour}`), colour));
  }

  // The raiders on their pads.
  v.raiders.forEach((row, q) => {
    const colour = v.players_info[q].colour;
    row.forEach((rd, k) => {
      if (rd.status !== "board") return;
      const [x, y] = padXY(bd, rd.pad);
      const g = token(bd, colour, x, y, 11, String(k + 1));
      g.classList.add("raider");
      if (q === v.current && k === v.selected) g.classList.add("selected");
      g.setAttribute("data-testid", `raider-${q}-${k}`);
      root.append(b.mark(`raider:${q}:${k}`, b.piece(`raider:${q}:${k}`, g, `colour:${colour}`), rd.pad));
    });
  });
  root.append(trail);

  // The panels: the turn, then each player.
  let y = PY + 18;
  const cur = v.players_info[v.current];
  root.append(svg("text", { x: PX, y, "font-size": 12, class: "bt muted",
    // The limits are options (0: off, the rulebook's game): each is shown only when on.
    text: fill(words.turn, { t: v.turn_limit ? Math.min(v.turn + 1, v.turn_limit) : v.turn + 1 }) +
      (v.turn_limit ? fill(words.turnLimit, { l: v.turn_limit }) : "") +
      (v.stall_limit ? fill(words.stall, { q: v.quiet_turns, s: v.stall_limit }) : "") }));
  y += 18;
  if (state.over || v.reason) {
    root.append(svg("text", { x: PX, y, "font-size": 13, class: "bt current", text: words.over }));
  } else {
    root.append(token(bd, cur.colour, PX + 8, y - 4, 8, String(v.current)));
    const k = v.selected === null || v.selected === undefined ? "" : v.selected + 1;
    root.append(textBlock(PX + 22, y, `${words.toPlay} ${ctx.seatName(v.current)} · ${fill(words.phase[v.phase], { k })}`,
      { width: 52, count: 2, size: 12, cls: "bt current" }));
  }
  y += 32;
  root.append(svg("text", { x: PX, y, "font-size": 11, class: "bt muted",
    text: fill(words.used, { b: v.used.blue, r: v.used.red }) }));
  y += 12;
  v.players_info.forEach((info, q) => {
    const g = svg("g", { class: `pr-player${q === v.current ? " current" : ""}`, "data-testid": `player-${q}`,
      transform: `translate(${PX} ${y})` },
      svg("rect", { x: 0, y: 0, width: W - PX - 6, height: boxH, rx: 8, class: "face", stroke: FILL[info.colour] }));
    g.append(token(bd, info.colour, 14, 16, 9, String(q)));
    const team = v.teams ? ` · ${words.team} ${info.team}` : "";
    const me = q === v.seat ? ` (${words.you})` : "";
    let status = "";
    if (info.finished) status = ` · ${fill(words.finished, { n: info.finished })}`;
    else if (info.eliminated) status = ` · ${words.out}`;
    g.append(textBlock(30, 20, `${ctx.seatName(q)} · ${bd.name(info.colour)}${me}${team}${status}`,
      { width: 50, count: 1, size: 12, cls: `bt${q === v.current ? " current" : ""}` }));
    // rockets in hand
    g.append(svg("text", { x: 10, y: 44, "font-size": 11, class: "bt muted", text: words.hand }));
    for (const [i, rc] of ["blue", "red"].entries()) {
      const hx = 70 + i * 90;
      const hand = svg("g", { class: "pr-hand", "data-testid": `hand-${q}-${rc}` },
        svg("rect", { x: hx - 4, y: 30, width: 82, height: 22, rx: 5, class: "face" }),
        rocketShape(rc, "e", hx + 12, 41, words),
        svg("text", { x: hx + 30, y: 45, "font-size": 12, class: "bt", text: `× ${info.hand[rc]}` }));
      b.mark(`hand:${q}:${rc}`, hand, info.hand[rc]);
      g.append(b.piece(q === v.seat && rc === "blue" ? "hand:blue" : null, hand, `rocket:${rc}`));
    }
    // the crew: aliens and enemy raiders taken
    g.append(svg("text", { x: 10, y: 72, "font-size": 11, class: "bt muted", text: words.aliens }));
    if (!info.aliens.length) g.append(svg("text", { x: 70, y: 72, "font-size": 11, class: "bt muted", text: words.none }));
    info.aliens.forEach((c, i) => g.append(b.piece(null, token(bd, c, 76 + i * 22, 68, 8, words.alien), `planet:${c}`)));
    const caps = Object.entries(info.captured);
    g.append(svg("text", { x: 170, y: 72, "font-size": 11, class: "bt muted", text: words.captured }));
    if (!caps.length) g.append(svg("text", { x: 240, y: 72, "font-size": 11, class: "bt muted", text: words.none }));
    caps.forEach(([c, count], i) => {
      g.append(b.piece(null, token(bd, c, 246 + i * 36, 68, 8, "R"), `colour:${c}`));
      g.append(svg("text", { x: 257 + i * 36, y: 72, "font-size": 10, class: "bt", text: `×${count}` }));
    });
    b.mark(`crew:${q}`, g, `${info.aliens.join(",")}|${caps.map((x) => x.join(":")).join(",")}`);
    g.append(svg("text", { x: 10, y: 96, "font-size": 11, class: `bt${info.crew_complete ? " current" : ""}`,
      text: info.crew_complete ? game.crew_done || "" : fill(game.crew_missing || "", { n: info.crew_missing }) }));
    // raiders off the board
    const off = v.raiders[q].map((rd, k) => (rd.status === "board" ? null
      : `#${k + 1} ${rd.status === "home" ? words.home : `${words.capturedBy} (${ctx.seatName(rd.by)})`}`)).filter(Boolean);
    if (off.length) g.append(textBlock(10, 116, off.join(" · "), { width: 56, count: 1, size: 10, cls: "bt muted" }));
    // another player's panel takes the rockets given to them
    root.append(b.piece(`player:${q}`, g, `colour:${info.colour}`));
    y += boxH + 8;
  });
  b.finish();
}
