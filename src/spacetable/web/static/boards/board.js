// What every game's board shares: SVG drawing helpers, pieces that carry the legal actions
// they perform (clicked, or focused and Enter), a small menu at a piece when several legal
// actions match it, and a tip with a component's full text on hover or focus. A board module
// (boards/<game>.js) exports draw(body, state, ctx) and uses makeBoard to build it. Every
// text goes through textContent; positions are set through the CSSOM (allowed by the CSP).
import { clear, el } from "../dom.js";

const NS = "http://www.w3.org/2000/svg";

// Okabe-Ito: distinguishable with every common colour blindness.
export const SEAT_COLOURS = ["#E69F00", "#56B4E9", "#009E73", "#F0E442", "#CC79A7"];

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

// makeBoard(body, state, ctx, keyOf): the board's root, its SVG, and piece(key, node, component)
// to register a drawn piece; finish() gives each piece the legal actions whose key is its own
// (keyOf(action, view) -> key), and puts the legal actions no drawn piece takes on buttons
// under the board, so that nothing legal is ever out of reach.
export function makeBoard(body, state, ctx, keyOf, width, height) {
  const root = el("div", { class: "board", "data-testid": "board", "data-step": state.step });
  const box = svg("svg", { viewBox: `0 0 ${width} ${height}`, class: "board-svg", role: "group",
    "aria-label": ctx.t("view") });
  const tip = el("div", { class: "board-tip hidden", "data-testid": "board-tip", role: "tooltip" });
  const menu = el("div", { class: "board-menu hidden", "data-testid": "board-menu", role: "menu" });
  const controls = el("div", { class: "board-controls" });
  // A narrow screen scrolls the board sideways rather than shrinking its texts to nothing.
  root.append(el("div", { class: "board-scroll" }, box), controls, tip, menu);
  clear(body).append(root);
  const texts = new Map(state.components.map((c) => [c.id, c]));
  const pieces = new Map();
  let busy = false;

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

  function closeMenu() { menu.classList.add("hidden"); clear(menu); }

  function act(action) {
    if (busy) return;
    busy = true;
    root.classList.add("busy");
    closeMenu();
    ctx.act(action);
  }

  function open(target, legal) {
    if (busy) return;
    if (legal.length === 1) { act(legal[0].action); return; }
    clear(menu);
    for (const a of legal) {
      menu.append(el("button", { type: "button", role: "menuitem", "data-testid": "board-menu-item",
        "data-action": JSON.stringify(a.action), text: a.label, onclick: () => act(a.action) }));
    }
    menu.append(el("button", { type: "button", class: "secondary", "data-testid": "board-menu-close",
      text: "✕", onclick: () => { closeMenu(); target.focus(); } }));
    menu.classList.remove("hidden");
    place(menu, target);
    menu.querySelector("button").focus();
  }

  menu.addEventListener("keydown", (ev) => { if (ev.key === "Escape") closeMenu(); });
  box.addEventListener("click", closeMenu); // a click beside the pieces closes the menu

  function piece(key, node, component) {
    if (component) {
      node.setAttribute("data-component", component);
      if (!node.hasAttribute("tabindex")) node.setAttribute("tabindex", "0");
      node.addEventListener("mouseenter", () => showTip(node, component));
      node.addEventListener("mouseleave", hideTip);
      node.addEventListener("focus", () => showTip(node, component));
      node.addEventListener("blur", hideTip);
      const c = texts.get(component);
      if (c) node.setAttribute("aria-label", `${c.name}. ${c.text}`);
    }
    if (key !== null) pieces.set(key, node);
    return node;
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
      node.addEventListener("click", (ev) => { ev.stopPropagation(); open(node, legal); });
      node.addEventListener("keydown", (ev) => {
        if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); open(node, legal); }
      });
    }
    for (const a of loose) {
      controls.append(el("button", { type: "button", "data-testid": "board-button",
        "data-piece": `button:${a.action.type}`, "data-actions": JSON.stringify([a.action]),
        text: a.label, onclick: () => act(a.action) }));
    }
    controls.classList.toggle("hidden", !loose.length);
  }

  return { root, box, piece, finish, texts };
}
