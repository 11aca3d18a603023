// What every game's board shares (the board toolkit): SVG drawing helpers, pieces that carry
// the legal actions they perform (clicked, or focused and Enter or Space; Tab goes from one
// playable piece to the next, the arrow keys move the focus to the nearest piece that way,
// Home and End to the first and last playable one; the focus stays on the board when it is
// drawn again), a small menu at a piece when
// several legal actions match it, a tip with a component's full text on hover, focus or a long
// press, the last change highlighted, short skippable animations, and seat colours with a shape
// and a number so that colour is never the only cue. A board module (boards/<game>.js) exports
// draw(body, state, ctx) and uses makeBoard to build it. Every text goes through textContent;
// positions are set through the CSSOM (allowed by the CSP).
//
// The API (keep it stable: every board uses it):
//   makeBoard(body, state, ctx, keyOf, width, height) -> b, where keyOf(action, view) gives the
//     key of the piece that performs an action (null: a button under the board).
//   b.piece(key, node, component, opts) registers a drawn piece: `key` (or null) receives the
//     legal actions keyOf maps to it; `component` (or null) is the id whose full text shows on
//     hover, focus and a long press (~500 ms) on a touch screen. opts.preview(on) (optional):
//     called with true when the piece is hovered or focused (or at a first tap on a touch
//     screen, the second tap then acts) and false when it is left, to show what it would do.
//     opts.over (optional): the key of the piece this one is drawn on (a token on a hex); when
//     that piece is playable and this one is not, this one lets the pointer through to it
//     (class `through`), so that a click anywhere on the hex, its tokens included, acts; a
//     token without a component of its own always lets it through (its hover shows the hex).
//   b.mark(id, node, sig) says that `node` draws the thing `id` (stable from state to state:
//     "pawn:2", "hand:17") in the state `sig` (a string: its place, its rotation, its value).
//     finish() compares with the previous draw of the same seat on this page: a new id or
//     another sig gets the class `changed` (highlighted until the next state) and, if it was
//     drawn elsewhere before, slides from there (under 300 ms; none under
//     prefers-reduced-motion; a press or a key anywhere on the board ends the slides at once,
//     and nothing ever waits on them). The first draw of a seat highlights nothing.
//   b.finish() wires the pieces to the legal actions and puts the others on buttons; a
//     component that no legal action takes asks ctx.why(component) when pressed (if given).
//   ctx.point (optional): the JSON text of the action a guided first game asks for: its item
//     in a piece's menu is outlined like the piece.
//   b.root, b.box (the <svg>), b.texts (component id -> {name, text}).
//   SEAT_COLOURS (Okabe-Ito), seatColour(q), SEAT_SHAPES, seatGlyph(q) (a character for
//     texts), seatShape(q, cx, cy, r) (an SVG shape filled with the seat's colour, class
//     `seat-shape`), seatToken(q, cx, cy, r) (the shape with the seat's number on it).
//   svg(tag, attrs, ...children), lines(text, width, count), textBlock(x, y, text, opts).
import { clear, el, focusables, trapFocus } from "../dom.js";
import { zoomable } from "./zoom.js";

const NS = "http://www.w3.org/2000/svg";

// Okabe-Ito: distinguishable with every common colour blindness. Each seat also has a shape
// and its number, so that no piece is told apart by colour alone.
export const SEAT_COLOURS = ["#E69F00", "#56B4E9", "#009E73", "#F0E442", "#CC79A7"];
export const SEAT_SHAPES = ["circle", "square", "diamond", "triangle", "hexagon"];
const GLYPHS = ["●", "■", "◆", "▲", "⬢"];
const SLIDE_MS = 240;
const PRESS_MS = 500;

export function seatColour(q) { return SEAT_COLOURS[((q % 5) + 5) % 5]; }

export function seatGlyph(q) { return GLYPHS[((q % 5) + 5) % 5]; }

export function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "text") node.textContent = String(v);
    else node.setAttribute(k, String(v));
  }
  for (const c of children.flat()) if (c) node.append(c);
  return node;
}

function polygon(cx, cy, r, n, turn) {
  const pts = [];
  for (let i = 0; i < n; i++) {
    const a = turn + (i * 2 * Math.PI) / n;
    pts.push(`${(cx + r * Math.cos(a)).toFixed(2)},${(cy + r * Math.sin(a)).toFixed(2)}`);
  }
  return pts.join(" ");
}

// The seat's shape, filled with its colour, about as large as a circle of radius r.
export function seatShape(q, cx, cy, r, attrs = {}) {
  const fill = seatColour(q);
  const common = { class: "seat-shape", fill, "data-seat": q, ...attrs };
  switch (SEAT_SHAPES[((q % 5) + 5) % 5]) {
    case "square": return svg("rect", { x: cx - r * 0.9, y: cy - r * 0.9, width: r * 1.8, height: r * 1.8, rx: 2, ...common });
    case "diamond": return svg("polygon", { points: polygon(cx, cy, r * 1.2, 4, -Math.PI / 2), ...common });
    case "triangle": return svg("polygon", { points: polygon(cx, cy + r * 0.2, r * 1.3, 3, -Math.PI / 2), ...common });
    case "hexagon": return svg("polygon", { points: polygon(cx, cy, r * 1.1, 6, 0), ...common });
    default: return svg("circle", { cx, cy, r, ...common });
  }
}

// The seat's shape with its number on it.
export function seatToken(q, cx, cy, r = 9, { label = String(q), cls = "" } = {}) {
  return svg("g", { class: `seat-token${cls ? ` ${cls}` : ""}`, "data-seat": q }, seatShape(q, cx, cy, r),
    svg("text", { x: cx, y: cy + r * 0.42, "text-anchor": "middle", "font-size": Math.round(r * 1.1),
      class: "seatno", text: label }));
}

// A text cut into at most `lines` lines of about `width` characters.
export function lines(text, width, count) {
  const words = String(text).split(/\s+/);
  const out = [""];
  for (const w of words) {
    const cur = out[out.length - 1];
    if (!cur.length) out[out.length - 1] = w;
    else if ((cur + " " + w).length <= width) out[out.length - 1] = `${cur} ${w}`;
    else out.push(w);
  }
  if (out.length > count) {
    out.length = count;
    out[count - 1] = `${out[count - 1].slice(0, width - 1)}…`;
  }
  return out.map((s) => (s.length > width ? `${s.slice(0, width - 1)}…` : s));
}

export function textBlock(x, y, text, { width = 18, count = 2, size = 11, cls = "bt", anchor = "start" } = {}) {
  const g = svg("text", { x, y, class: cls, "font-size": size, "text-anchor": anchor });
  lines(text, width, count).forEach((s, i) => g.append(svg("tspan", { x, dy: i ? size * 1.15 : 0, text: s })));
  return g;
}

// What each seat's board looked like at its last draw on this page, for the last change:
// scope -> {step, sigs (id -> sig), places (id -> [x, y]), base: the draw compared with}.
// Kept per seat, so that no seat's board is ever compared with another seat's.
const memory = new Map();

// Where the focus was on the board of a page, kept across draws (the page empties the board
// before drawing it again, which drops the focus): scope (as memory's) -> {piece, component},
// or nothing when the focus is elsewhere. A new draw puts the focus back on the same piece, or
// the first playable one if that one is gone, or on the board itself while nothing is playable.
const focusMemory = new Map();
// Whether the last input on the page was a key (then the focus is kept and ringed; after a
// press or a tap it is not moved, nor a tip shown, nor the page scrolled).
let byKeyboard = false;
if (typeof document !== "undefined") {
  document.addEventListener("keydown", () => { byKeyboard = true; }, true);
  document.addEventListener("pointerdown", () => { byKeyboard = false; }, true);
}

// The piece nearest `from` in the direction of an arrow key among `nodes` (by their centres on
// the screen; a piece straight that way beats a nearer one aside), or null.
function nearest(from, nodes, key) {
  const c = (n) => { const r = n.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; };
  const [x0, y0] = c(from);
  const [ax, ay] = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowDown: [0, 1], ArrowUp: [0, -1] }[key];
  let best = null;
  let score = Infinity;
  for (const n of nodes) {
    if (n === from) continue;
    const [x, y] = c(n);
    const along = (x - x0) * ax + (y - y0) * ay;
    const aside = Math.abs((x - x0) * ay) + Math.abs((y - y0) * ax);
    if (along <= 0.5 || aside > along * 2) continue;
    const s = along + 2 * aside;
    if (s < score) { score = s; best = n; }
  }
  return best;
}

function reducedMotion() {
  return typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;
}

// makeBoard(body, state, ctx, keyOf): the board's root, its SVG, and piece(key, node, component)
// to register a drawn piece; finish() gives each piece the legal actions whose key is its own
// (keyOf(action, view) -> key), and puts the legal actions no drawn piece takes on buttons
// under the board, so that nothing legal is ever out of reach.
export function makeBoard(body, state, ctx, keyOf, width, height) {
  const root = el("div", { class: "board", "data-testid": "board", "data-step": state.step,
    "data-seat": state.seat === null || state.seat === undefined ? "spectator" : state.seat });
  const box = svg("svg", { viewBox: `0 0 ${width} ${height}`, class: "board-svg", role: "group",
    "aria-label": ctx.t("view"), tabindex: "-1" });
  // the focused piece's ring, drawn over the board (every piece shows it, whatever its shape)
  const ring = svg("rect", { class: "focus-ring", "data-testid": "focus-ring", rx: 4, visibility: "hidden" });
  const tip = el("div", { class: "board-tip hidden", "data-testid": "board-tip", role: "tooltip" });
  const menu = el("div", { class: "board-menu hidden", "data-testid": "board-menu", role: "menu" });
  const controls = el("div", { class: "board-controls" });
  // The board fits the width of its box, and zooms (boards/zoom.js).
  const zoom = zoomable(body, box, ctx, width, height);
  // What the seat is asked now (or who is playing), above the board: a phone's fitted board is
  // too small to read it on (the board draws it too, for a wide screen).
  const prompt = state.prompt ? el("p", { class: "board-prompt", "data-testid": "board-prompt", text: state.prompt }) : null;
  if (prompt) root.append(prompt);
  root.append(zoom.node, controls, tip, menu);
  // The menu open at a piece when the board is drawn again (a bot moved, a clock ticked): it
  // opens again at the same piece if that piece still offers the same actions, else a note
  // says why it closed (finish, below).
  const reopen = body.boardMenu || null;
  body.boardMenu = null;
  clear(body).append(root);
  zoom.restore();
  const texts = new Map(state.components.map((c) => [c.id, c]));
  const pieces = new Map();
  const previews = new Map(); // node -> preview(on)
  const overs = new Map(); // node -> the key of the piece it is drawn on
  const marks = new Map(); // id -> [node, sig]
  const asked = []; // [node, component id]: a press on one that is not playable asks why
  let busy = false;
  let pointer = "mouse"; // the kind of the last pointer pressed on the board
  let pressedLong = null; // a node whose long press showed its tip: its click is not an action
  let previewed = null; // the node whose preview is shown
  let armed = null; // the piece a first tap previewed: a second tap on it acts

  // Where the focus is on this board (kept for the next draw), and its ring.
  const focusScope = `${location.pathname}|${state.seat === undefined ? "" : state.seat}`;
  const focusWas = focusMemory.get(focusScope) || null;
  root.addEventListener("focusin", (ev) => {
    const n = ev.target.closest ? ev.target.closest("[data-piece], [data-component]") : null;
    const inMenu = menu.contains(ev.target);
    focusMemory.set(focusScope, { piece: inMenu ? menu.dataset.piece : n && n.getAttribute("data-piece"),
      component: n && n.getAttribute("data-component"), acted: false });
    if (n && box.contains(n) && byKeyboard) showRing(n); else ring.setAttribute("visibility", "hidden");
  });
  root.addEventListener("focusout", (ev) => { // the focus left a board still shown (not a redraw)
    if (ev.relatedTarget && root.contains(ev.relatedTarget)) return;
    ring.setAttribute("visibility", "hidden");
    setTimeout(() => {
      if (!root.isConnected || root.contains(document.activeElement)) return;
      const fell = !document.activeElement || document.activeElement === document.body;
      // a key moved it nowhere: its piece was taken away or disabled in place (a menu's
      // choice gone, a real-time change); a keyboard player keeps a place on the board, on
      // a piece to play if there is one
      if (fell && byKeyboard && document.hasFocus()) focusBack({ ...focusMemory.get(focusScope), acted: true });
      else focusMemory.delete(focusScope); // a person moved it elsewhere
    }, 0);
  });
  function showRing(n) {
    const m = box.getScreenCTM();
    const r = n.getBoundingClientRect();
    if (!m || !r.width) { ring.setAttribute("visibility", "hidden"); return; }
    const inv = m.inverse();
    const a = new DOMPoint(r.left, r.top).matrixTransform(inv);
    const z = new DOMPoint(r.right, r.bottom).matrixTransform(inv);
    for (const [k, v] of [["x", a.x - 3], ["y", a.y - 3], ["width", z.x - a.x + 6], ["height", z.y - a.y + 6]]) {
      ring.setAttribute(k, v.toFixed(1));
    }
    ring.setAttribute("visibility", "visible");
  }
  // The arrow keys move the focus between the pieces, Home and End to the first and last
  // playable one (the moves on buttons under the board included: a stop may be the only one).
  box.addEventListener("keydown", (ev) => {
    if (ev.altKey || ev.ctrlKey || ev.metaKey) return;
    const all = [...box.querySelectorAll("[data-actions], [data-component][tabindex]")];
    const from = ev.target.closest ? ev.target.closest("[tabindex]") : null;
    let to = null;
    if (ev.key.startsWith("Arrow") && from) to = nearest(from, all, ev.key);
    else if (ev.key === "Home" || ev.key === "End") {
      const playable = [...all.filter((n) => n.classList.contains("playable")),
        ...controls.querySelectorAll("[data-actions]")];
      to = ev.key === "Home" ? playable[0] : playable[playable.length - 1];
    } else return;
    ev.preventDefault();
    if (to) to.focus();
  });

  // A press or a key anywhere on the board ends the running slides at once.
  const skip = () => { for (const a of root.getAnimations({ subtree: true })) a.finish(); };
  root.addEventListener("pointerdown", (ev) => { pointer = ev.pointerType || "mouse"; skip(); }, true);
  root.addEventListener("keydown", () => { pointer = "keyboard"; skip(); }, true);

  function place(node, target) {
    const r = root.getBoundingClientRect();
    const p = target.getBoundingClientRect();
    node.style.left = `${Math.max(0, Math.min(p.left - r.left, r.width - 260))}px`;
    node.style.top = `${p.bottom - r.top + 4}px`;
  }

  function showTip(target, id) {
    const c = texts.get(id);
    if (!c) return;
    clear(tip).append(el("strong", { text: c.name }), el("div", { text: c.text }));
    tip.classList.remove("hidden");
    place(tip, target);
  }

  function hideTip() { tip.classList.add("hidden"); }

  function closeMenu() { menu.classList.add("hidden"); clear(menu); body.boardMenu = null; }

  function showPreview(node, on) {
    const f = previews.get(node);
    if (!f) return;
    if (on && previewed && previewed !== node) showPreview(previewed, false);
    f(on);
    previewed = on ? node : previewed === node ? null : previewed;
  }

  function act(action) {
    if (busy) return;
    busy = true;
    root.classList.add("busy");
    if (menu.contains(document.activeElement)) backFromMenu(); // not lost with the menu
    const was = focusMemory.get(focusScope);
    if (was) was.acted = true; // the next draw puts the focus on a piece to play
    closeMenu();
    ctx.act(action);
  }

  function open(target, legal, focus = true) {
    if (busy) return;
    if (legal.length === 1) { act(legal[0].action); return; }
    clear(menu);
    for (const a of legal) {
      const item = el("button", { type: "button", role: "menuitem", "data-testid": "board-menu-item",
        "data-action": JSON.stringify(a.action), text: a.label, onclick: () => act(a.action) });
      if (ctx.point && ctx.point === item.getAttribute("data-action")) item.classList.add("guide-point");
      menu.append(item);
    }
    menu.append(el("button", { type: "button", class: "secondary", "data-testid": "board-menu-close",
      text: "✕", onclick: () => { closeMenu(); target.focus(); } }));
    menu.dataset.piece = target.getAttribute("data-piece") || ""; // the piece it is open at
    menu.classList.remove("hidden");
    place(menu, target);
    body.boardMenu = { piece: menu.dataset.piece, actions: JSON.stringify(legal.map((a) => a.action)),
      focused: focus };
    if (focus) menu.querySelector("button").focus();
  }

  // The piece the menu is open at takes the focus back when it closes.
  function backFromMenu() {
    const at = menu.dataset.piece ? pieces.get(menu.dataset.piece) : null;
    (at || box).focus({ preventScroll: true });
  }
  // Escape closes the menu; Tab and Shift+Tab cycle in it (it holds the focus while open), the
  // arrow keys go up and down its items.
  trapFocus(menu);
  menu.addEventListener("keydown", (ev) => {
    if (ev.key === "Escape") { ev.preventDefault(); ev.stopPropagation(); backFromMenu(); closeMenu(); return; }
    if (ev.key !== "ArrowDown" && ev.key !== "ArrowUp") return;
    ev.preventDefault();
    const items = focusables(menu);
    const at = items.indexOf(document.activeElement);
    items[(at + (ev.key === "ArrowDown" ? 1 : items.length - 1)) % items.length].focus();
  });
  // whether the focus is in the menu (kept when the board is drawn again: it goes back there)
  menu.addEventListener("focusin", () => { if (body.boardMenu) body.boardMenu.focused = true; });
  menu.addEventListener("focusout", () => {
    // looked at once the event is over: the board removed from the page under the focus (to
    // be drawn again) is no move of the focus
    const memo = body.boardMenu;
    setTimeout(() => {
      if (memo && menu.isConnected && !menu.contains(document.activeElement)) memo.focused = false;
    }, 0);
  });
  box.addEventListener("click", closeMenu); // a click beside the pieces closes the menu
  // a touch beside the pieces hides a tip a long press showed
  box.addEventListener("pointerdown", (ev) => { if (ev.pointerType !== "mouse") hideTip(); });

  function longPress(node, component) {
    let timer = null;
    let start = null;
    const cancel = () => { if (timer !== null) clearTimeout(timer); timer = null; };
    node.addEventListener("pointerdown", (ev) => {
      cancel();
      pressedLong = null;
      if (ev.pointerType === "mouse") return;
      start = [ev.clientX, ev.clientY];
      timer = setTimeout(() => { timer = null; pressedLong = node; showTip(node, component); }, PRESS_MS);
    });
    node.addEventListener("pointermove", (ev) => {
      if (start && Math.hypot(ev.clientX - start[0], ev.clientY - start[1]) > 10) cancel();
    });
    for (const t of ["pointerup", "pointercancel", "pointerleave"]) node.addEventListener(t, cancel);
    // the press that showed the tip does not act, nor open the system's menu
    node.addEventListener("click", (ev) => {
      if (pressedLong === node) { pressedLong = null; ev.stopImmediatePropagation(); ev.preventDefault(); }
    }, true);
    node.addEventListener("contextmenu", (ev) => { if (pointer !== "mouse") ev.preventDefault(); });
  }

  function piece(key, node, component, opts = {}) {
    if (component) {
      asked.push([node, component]);
      node.setAttribute("data-component", component);
      if (!node.hasAttribute("tabindex")) node.setAttribute("tabindex", "0");
      node.addEventListener("mouseenter", () => showTip(node, component));
      node.addEventListener("mouseleave", hideTip);
      node.addEventListener("focus", () => showTip(node, component));
      node.addEventListener("blur", hideTip);
      longPress(node, component);
      const c = texts.get(component);
      if (c) {
        node.setAttribute("aria-label", `${c.name}. ${c.text}`);
        // a described graphic until it can be played (then a button): a name needs a role
        if (!node.hasAttribute("role")) node.setAttribute("role", "img");
      }
    }
    if (opts.preview) {
      previews.set(node, opts.preview);
      // a mouse's hover only: a tap's compatibility mouse events must not count as a first tap
      node.addEventListener("pointerenter", (ev) => { if (ev.pointerType === "mouse") showPreview(node, true); });
      node.addEventListener("pointerleave", (ev) => { if (ev.pointerType === "mouse") showPreview(node, false); });
      node.addEventListener("focus", () => showPreview(node, true));
      node.addEventListener("blur", () => showPreview(node, false));
    }
    if (opts.over) overs.set(node, opts.over);
    if (key !== null) pieces.set(key, node);
    return node;
  }

  function mark(id, node, sig = "") {
    marks.set(String(id), [node, String(sig)]);
    node.setAttribute("data-mark", String(id));
    node.setAttribute("data-sig", String(sig));
    return node;
  }

  // The last change: compare with this seat's previous draw (a new state), or with the same
  // draw as last time (the same state drawn again, e.g. in another language).
  function highlight() {
    const scope = `${location.pathname}|${state.seat === undefined ? "" : state.seat}`;
    const before = memory.get(scope);
    let base = null;
    if (before) base = before.step === state.step ? before.base : before;
    const origin = box.getBoundingClientRect();
    const scale = origin.width ? width / origin.width : 0;
    const places = new Map();
    const at = (node) => {
      const r = node.getBoundingClientRect();
      return scale && r.width ? [(r.left - origin.left) * scale, (r.top - origin.top) * scale] : null;
    };
    const slide = !reducedMotion() && typeof Element.prototype.animate === "function";
    const sigs = new Map();
    for (const [id, [node, sig]] of marks) {
      sigs.set(id, sig);
      const now = at(node);
      if (now) places.set(id, now);
      if (!base || (base.sigs.has(id) && base.sigs.get(id) === sig)) continue;
      node.classList.add("changed");
      const then = base.places.get(id);
      if (slide && now && then && before.step !== state.step && (then[0] !== now[0] || then[1] !== now[1])) {
        node.animate([{ translate: `${then[0] - now[0]}px ${then[1] - now[1]}px` }, { translate: "0px 0px" }],
          { duration: SLIDE_MS, easing: "ease-out" });
      }
    }
    memory.set(scope, { step: state.step, sigs, places, base });
  }

  function finish() {
    const groups = new Map();
    const loose = [];
    for (const a of state.legal) {
      const key = keyOf(a.action, state.view);
      if (key !== null && pieces.has(key)) {
        if (!groups.has(key)) groups.set(key, []);
        groups.get(key).push(a);
      } else loose.push(a);
    }
    for (const [key, legal] of groups) {
      const node = pieces.get(key);
      node.classList.add("playable");
      node.setAttribute("tabindex", "0");
      node.setAttribute("role", "button");
      node.setAttribute("data-piece", key);
      node.setAttribute("data-actions", JSON.stringify(legal.map((a) => a.action)));
      // a piece that is no component is read out by what it does
      if (!node.hasAttribute("aria-label")) node.setAttribute("aria-label", legal.map((a) => a.label).join(" / "));
      node.addEventListener("click", (ev) => {
        ev.stopPropagation();
        // on a touch screen, a piece with a preview shows it at the first tap, acts at the second
        if (previews.has(node) && pointer !== "mouse" && pointer !== "keyboard" && armed !== node) {
          armed = node;
          showPreview(node, true);
          return;
        }
        open(node, legal);
      });
      node.addEventListener("keydown", (ev) => {
        if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); open(node, legal); }
      });
    }
    // While pieces are playable, the Tab key goes from one to the next, passing the others (the
    // arrow keys reach them all)
    if (groups.size) {
      for (const [node] of asked) if (!node.classList.contains("playable")) node.setAttribute("tabindex", "-1");
    }
    // A token drawn on a piece lets the pointer through to it when that piece is playable and
    // the token is not, and always when the token tells nothing of its own (no component to
    // show): the pointer then lands on the piece under it, whose text shows on hover.
    const told = new Set(asked.map(([node]) => node));
    for (const [node, under] of overs) {
      if (node.classList.contains("playable")) continue;
      if (groups.has(under) || !told.has(node)) node.classList.add("through");
    }
    if (reopen) {
      const legal = groups.get(reopen.piece);
      if (legal && JSON.stringify(legal.map((a) => a.action)) === reopen.actions) {
        open(pieces.get(reopen.piece), legal, reopen.focused);
      } else {
        controls.append(el("p", { class: "menu-note", role: "status", "data-testid": "menu-note",
          text: ctx.t("menu_changed") }));
      }
    }
    // A component that cannot be played now says why when pressed (ctx.why: the seat asks the
    // server, which answers with the rule and what in the position breaks it).
    if (ctx.why) {
      for (const [node, component] of asked) {
        if (node.classList.contains("playable") || node.classList.contains("through")) continue;
        if (node.parentElement && node.parentElement.closest(".playable")) continue;
        node.setAttribute("data-why", component);
        const ask = (ev) => {
          if (pressedLong === node) return;
          ev.stopPropagation();
          closeMenu();
          ctx.why(component);
        };
        node.addEventListener("click", ask);
        node.addEventListener("keydown", (ev) => {
          if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); ask(ev); }
        });
      }
    }
    for (const a of loose) {
      controls.append(el("button", { type: "button", "data-testid": "board-button",
        "data-piece": `button:${a.action.type}`, "data-actions": JSON.stringify([a.action]),
        text: a.label, onclick: () => act(a.action) }));
    }
    controls.classList.toggle("hidden", !loose.length);
    box.append(ring);
    zoom.finish(); // before the slides start: the pieces are where they are drawn
    highlight();
    // the focus was on the board before this draw: back on the same piece (if still here), else
    // the first playable one, else the board itself until something is playable
    const lost = !document.activeElement || document.activeElement === document.body;
    if (focusWas && lost && byKeyboard) focusBack(focusWas);
  }

  // The focus back on this board where it was (``was``: the memory of it): the same piece
  // if still here, else the first playable one, else the board itself until something is.
  function focusBack(was) {
    const esc = (x) => CSS.escape(x);
    let same = was && ((was.piece && root.querySelector(`[data-piece="${esc(was.piece)}"]`))
      || (was.component && root.querySelector(`[data-component="${esc(was.component)}"]`)));
    // after a move, on to the next one: a piece that is no more playable is passed over
    if (same && was.acted && !same.hasAttribute("data-actions")) same = null;
    const next = same || root.querySelector("[data-actions]") || box;
    // the same piece is where it was: the part of the board in view stays (a person may
    // have panned away from it); another one is brought into view
    next.focus({ preventScroll: next === box || next === same });
  }

  return { root, box, piece, mark, finish, texts };
}
