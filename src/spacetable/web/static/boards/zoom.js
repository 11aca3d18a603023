// A board's zoom (boards/board.js calls it for every board): the board is drawn fitted whole
// to the width of its box (its SVG scales with its viewBox); buttons (+, −, fit), a pinch of
// two fingers or Ctrl and the mouse wheel zoom it, and a drag (a finger, or the mouse with its
// button held) pans it once zoomed. The zoom and the part in view survive a redraw (kept on
// the board's element, like the open menu).
//
// What a person reads and presses stays large enough on a phone:
// - legible(): on a phone (PHONE), a board text smaller than MIN_TEXT CSS px at the present
//   zoom is not shown (class `illegible`: transparent, still read by a screen reader) until
//   the board is zoomed in enough; a piece's full text is always in its tip (long press).
// - pads(): a pressable piece smaller than MIN_TARGET CSS px at the fitted zoom gets a
//   transparent hit area (class `hit-pad`, under its drawing) up to that size, never reaching
//   another piece: it stops halfway to each neighbour.
import { el } from "../dom.js";

export const MIN_TEXT = 12; // CSS px
export const MIN_TARGET = 24; // CSS px (WCAG 2.2, target size)
const STEP = 1.5; // one press of + or −
const MOVE = 6; // px: a press that moves further is a drag, not a click
const PHONE = "(max-width: 600px)";

// The boards on the page (the element each is drawn in -> its refit), fitted again when the
// window changes size (a phone turned); a board drawn again replaces its element's entry.
const live = new Map();
if (typeof window !== "undefined") {
  window.addEventListener("resize", () => {
    for (const [body, f] of [...live]) {
      if (body.isConnected) f();
      else live.delete(body);
    }
  });
}

function phone() { return typeof matchMedia === "function" && matchMedia(PHONE).matches; }

// zoomable(body, box, ctx, width, height) -> { node, restore, finish }: `node` holds the
// zoom's buttons and the box; restore() applies the kept zoom once `node` is on the page;
// finish() hides the texts too small to read and gives the small pieces their hit areas
// (once the pieces are drawn and wired).
export function zoomable(body, box, ctx, width, height) {
  // The part in view is read from the draw being replaced, as it is now: its scroll event
  // comes only with the next frame, and a draw may come first (a scroll set by a script, or
  // a frame late under load).
  if (body.boardRemember) body.boardRemember();
  const memo = body.boardZoom || { z: 1, fx: 0.5, fy: 0.5 };
  body.boardZoom = memo;
  const scroller = el("div", { class: "board-scroll", "data-testid": "board-scroll" }, box);
  // The buttons are kept from draw to draw (a real-time board is drawn again at every tick:
  // a press must not land on a button that went away); each draw points them at itself.
  if (!body.boardZoomBar) {
    const button = (text, name) => el("button", { type: "button", class: "secondary",
      "data-testid": `zoom-${name}`, "data-zoom-key": name, text,
      onclick: () => body.boardZoomPress && body.boardZoomPress(name) });
    body.boardZoomBar = el("div", { class: "board-zoom", role: "toolbar" }, button("−", "out"),
      button("⤢", "fit"), button("+", "in"));
  }
  const bar = body.boardZoomBar;
  const [out, fit, inn] = bar.children;
  // a button with the focus keeps it (moved to the new draw, it is given it back: restore)
  const focused = bar.contains(document.activeElement) ? document.activeElement : null;
  bar.setAttribute("aria-label", ctx.t("zoom"));
  for (const b of bar.children) {
    const words = ctx.t(`zoom_${b.getAttribute("data-zoom-key")}`);
    b.setAttribute("aria-label", words);
    b.title = words;
  }
  body.boardZoomPress = (name) => zoomTo(name === "fit" ? 1 : name === "in" ? memo.z * STEP : memo.z / STEP);
  const node = el("div", { class: "board-frame" }, bar, scroller);

  const most = () => Math.max(1, (2 * width) / Math.max(1, scroller.clientWidth)); // 2 px a unit
  const scale = () => box.getBoundingClientRect().width / width; // CSS px a unit, now

  function layout() {
    box.style.width = `${memo.z * 100}%`;
    const zoomed = memo.z > 1.001;
    scroller.classList.toggle("zoomed", zoomed);
    // zoomed, the box keeps the fitted board's height (at most most of the screen) and pans
    scroller.style.height = zoomed
      ? `${Math.round(Math.min((scroller.clientWidth * height) / width, window.innerHeight * 0.8))}px` : "";
    out.disabled = !zoomed;
    fit.disabled = !zoomed;
    inn.disabled = memo.z >= most() - 0.001;
    root().setAttribute("data-zoom", memo.z.toFixed(2));
  }

  function root() { return node.closest("[data-testid=board]") || node; }

  function remember() {
    memo.fx = (scroller.scrollLeft + scroller.clientWidth / 2) / Math.max(1, scroller.scrollWidth);
    memo.fy = (scroller.scrollTop + scroller.clientHeight / 2) / Math.max(1, scroller.scrollHeight);
  }

  // Zoom to z, keeping the board's point under (ax, ay) (client px; the box's centre by
  // default) where it is.
  function zoomTo(z, ax, ay) {
    const r = scroller.getBoundingClientRect();
    const x = ax === undefined ? r.left + scroller.clientWidth / 2 : ax;
    const y = ay === undefined ? r.top + scroller.clientHeight / 2 : ay;
    const b = box.getBoundingClientRect();
    const ux = (x - b.left) / b.width;
    const uy = (y - b.top) / b.height;
    memo.z = Math.min(Math.max(z, 1), most());
    layout();
    const c = box.getBoundingClientRect();
    scroller.scrollLeft += c.left + ux * c.width - x;
    scroller.scrollTop += c.top + uy * c.height - y;
    remember();
    legible();
  }

  function restore() {
    memo.z = Math.min(Math.max(memo.z, 1), most());
    layout();
    scroller.scrollLeft = memo.fx * scroller.scrollWidth - scroller.clientWidth / 2;
    scroller.scrollTop = memo.fy * scroller.scrollHeight - scroller.clientHeight / 2;
    legible();
    if (focused && !focused.disabled && document.activeElement !== focused) focused.focus({ preventScroll: true });
  }

  // On a phone, the texts too small to read at this zoom are not shown. (Every size is read
  // before any class changes: a change between two reads would lay the page out again.)
  function legible() {
    const all = [...box.querySelectorAll("text")];
    if (!phone()) {
      for (const t of all) t.classList.remove("illegible");
      return;
    }
    const hide = all.map((t) => {
      const m = t.getScreenCTM();
      return parseFloat(getComputedStyle(t).fontSize) * (m ? Math.hypot(m.a, m.b) : scale()) < MIN_TEXT - 0.01;
    });
    all.forEach((t, i) => t.classList.toggle("illegible", hide[i]));
  }

  // Hit areas for the pieces a finger cannot press at the fitted zoom (measured first, then
  // drawn).
  function pads() {
    for (const p of box.querySelectorAll(".hit-pad")) p.remove();
    const fitted = scale() / memo.z;
    if (!fitted) return;
    // CSS px now for MIN_TARGET at the fitted zoom (and half a pixel more: rounding)
    const want = (MIN_TARGET + 0.5) * (scale() / fitted);
    const all = [...box.querySelectorAll(".playable, [data-why], [data-component]")]
      .filter((n) => !n.classList.contains("through"))
      .map((n) => [n, n.getBoundingClientRect()]);
    const inside = (a, b) => a.left >= b.left && a.right <= b.right && a.top >= b.top && a.bottom <= b.bottom;
    const meet = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    const drawn = [];
    for (const [n, r] of all) {
      if (!(n.classList.contains("playable") || n.hasAttribute("data-why")) || n.tagName !== "g") continue;
      if (r.width >= want && r.height >= want) continue;
      let gx = Math.max(0, (want - r.width) / 2);
      let gy = Math.max(0, (want - r.height) / 2);
      for (const [o, q] of all) {
        if (o === n || n.contains(o) || o.contains(n) || meet(q, r) || inside(r, q)) continue;
        const grown = { left: r.left - gx, right: r.right + gx, top: r.top - gy, bottom: r.bottom + gy };
        if (!meet(grown, q)) continue;
        // half the gap to the neighbour, on the side it is
        const dx = q.left >= r.right ? q.left - r.right : r.left >= q.right ? r.left - q.right : -1;
        const dy = q.top >= r.bottom ? q.top - r.bottom : r.top >= q.bottom ? r.top - q.bottom : -1;
        if (dx >= 0 && (dy < 0 || dx >= dy)) gx = Math.min(gx, dx / 2);
        else if (dy >= 0) gy = Math.min(gy, dy / 2);
      }
      if (gx < 0.5 && gy < 0.5) continue;
      const m = n.getScreenCTM();
      if (!m) continue;
      const inv = m.inverse();
      const a = new DOMPoint(r.left - gx, r.top - gy).matrixTransform(inv);
      const b = new DOMPoint(r.right + gx, r.bottom + gy).matrixTransform(inv);
      drawn.push([n, Math.min(a.x, b.x), Math.min(a.y, b.y), Math.abs(b.x - a.x), Math.abs(b.y - a.y)]);
    }
    for (const [n, x, y, w, h] of drawn) {
      const pad = document.createElementNS("http://www.w3.org/2000/svg", "rect");
      pad.setAttribute("class", "hit-pad");
      pad.setAttribute("x", x.toFixed(1));
      pad.setAttribute("y", y.toFixed(1));
      pad.setAttribute("width", w.toFixed(1));
      pad.setAttribute("height", h.toFixed(1));
      n.prepend(pad);
    }
  }

  // Dragging pans a zoomed board; two fingers pinch; a drag's click is no press of a piece.
  const pointers = new Map();
  let drag = null;
  let pinch = null;
  let swallow = false;
  const spread = () => {
    const [a, b] = [...pointers.values()];
    return [Math.hypot(a[0] - b[0], a[1] - b[1]), (a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
  };
  scroller.addEventListener("pointerdown", (ev) => {
    if (ev.pointerType === "mouse" && ev.button !== 0) return;
    pointers.set(ev.pointerId, [ev.clientX, ev.clientY]);
    swallow = false;
    if (pointers.size === 2) {
      drag = null;
      pinch = { d: spread()[0] || 1, z: memo.z };
    } else if (pointers.size === 1) {
      drag = { id: ev.pointerId, x: ev.clientX, y: ev.clientY, left: scroller.scrollLeft,
        top: scroller.scrollTop, moved: false };
    }
  });
  scroller.addEventListener("pointermove", (ev) => {
    if (!pointers.has(ev.pointerId)) return;
    pointers.set(ev.pointerId, [ev.clientX, ev.clientY]);
    if (pinch && pointers.size >= 2) {
      const [d, x, y] = spread();
      zoomTo(pinch.z * (d / pinch.d), x, y);
      swallow = true;
    } else if (drag && drag.id === ev.pointerId && memo.z > 1.001) {
      const dx = ev.clientX - drag.x;
      const dy = ev.clientY - drag.y;
      if (!drag.moved && Math.hypot(dx, dy) > MOVE) {
        drag.moved = true;
        swallow = true;
        scroller.classList.add("dragging");
        if (scroller.setPointerCapture && ev.pointerType === "mouse") scroller.setPointerCapture(ev.pointerId);
      }
      if (drag.moved) {
        scroller.scrollLeft = drag.left - dx;
        scroller.scrollTop = drag.top - dy;
      }
    }
  });
  const up = (ev) => {
    pointers.delete(ev.pointerId);
    if (pointers.size < 2) pinch = null;
    if (!pointers.size) { drag = null; scroller.classList.remove("dragging"); }
  };
  for (const t of ["pointerup", "pointercancel"]) scroller.addEventListener(t, up);
  scroller.addEventListener("click", (ev) => {
    if (!swallow) return;
    swallow = false;
    ev.stopPropagation();
    ev.preventDefault();
  }, true);
  scroller.addEventListener("wheel", (ev) => {
    if (!ev.ctrlKey) return; // a trackpad's pinch, or Ctrl and the wheel
    ev.preventDefault();
    zoomTo(memo.z * Math.exp(-ev.deltaY / 200), ev.clientX, ev.clientY);
  }, { passive: false });
  scroller.addEventListener("scroll", remember, { passive: true });
  body.boardRemember = () => { if (scroller.isConnected && scroller.clientWidth) remember(); };

  const finish = () => { legible(); pads(); };
  live.set(body, () => { restore(); pads(); });
  return { node, restore, finish };
}
