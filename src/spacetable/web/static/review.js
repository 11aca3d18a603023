// The review of a finished game on the replay page: the search bot valued every decision of a
// seat (GET /api/tables/{id}/review?seat=N, docs/web.md "Reviews"). A chart of the seat's
// chance to win before each decision (SVG, with a title and a text summary), and the biggest
// mistakes with the bot's better move; a point or a mistake shows that position in the replay.
import { $, clear, el } from "./dom.js";
import { namedTexts } from "./generic.js";
import { lang, t } from "./i18n.js";

// A percent sign as each language writes it (French: after a narrow no-break space).
const PC = () => (lang() === "fr" ? "\u202f%" : "%");

const NS = "http://www.w3.org/2000/svg";
let ctx = null; // {table, seatName, go}
let reviewSeat = 0;
let current = null; // the answer shown: {seat, review, text}
let polling = null;

function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined) continue;
    if (k === "text") node.textContent = String(v);
    else if (k.startsWith("on") && typeof v === "function") node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, String(v));
  }
  for (const c of children) if (c) node.append(c);
  return node;
}

const pct = (x) => Math.round(100 * x);

export function setupReview(context) {
  ctx = context;
  reviewSeat = 0;
  $("#review-run").addEventListener("click", () => load());
  $("#review-seat").addEventListener("change", (e) => {
    reviewSeat = Number(e.target.value);
    current = null;
    drawReview();
  });
  drawReview();
}

// the seat followed in the replay becomes the seat reviewed (until the person picks another)
export function followSeat(seat) {
  if (seat === null || seat === reviewSeat || !ctx) return;
  reviewSeat = seat;
  current = null;
  drawReview();
}

async function load() {
  if (polling !== null) return;
  const seat = reviewSeat;
  const url = `/api/tables/${encodeURIComponent(ctx.table.id)}/review?seat=${seat}`;
  $("#review-run").disabled = true;
  const body = clear($("#review .body"));
  body.append(el("p", { class: "muted", "data-testid": "review-pending", role: "status", text: t("review_pending") }));
  const ask = async () => {
    let r;
    try {
      r = await fetch(url);
    } catch (e) {
      r = null;
    }
    if (r && r.status === 200) {
      polling = null;
      const answer = namedTexts(await r.json(), ctx.seatName);
      if (seat === reviewSeat) current = { seat, ...answer };
      drawReview();
      return;
    }
    if (r && !r.ok && r.status !== 202 && r.status !== 429) {
      polling = null;
      const b = await r.json().catch(() => ({}));
      clear($("#review .body")).append(el("p", { text: `${t("error")}: ${b.error ? b.error.message : r.statusText}` }));
      $("#review-run").disabled = false;
      return;
    }
    polling = setTimeout(ask, 1000);
  };
  polling = 0;
  ask();
}

export function drawReview() {
  if (!ctx) return;
  $("#review h2").textContent = t("review");
  $("#l-review-seat").textContent = t("review_of");
  $("#review-run").textContent = t("review_run");
  const sel = clear($("#review-seat"));
  for (let i = 0; i < ctx.table.players; i += 1) sel.append(el("option", { value: String(i), text: ctx.seatName(i) }));
  sel.value = String(reviewSeat);
  if (polling !== null) return; // the pending note stays until the answer
  $("#review-run").disabled = false;
  const body = clear($("#review .body"));
  if (!current || current.seat !== reviewSeat) return;
  $("#review-run").disabled = true;
  const rev = current.review;
  const words = current.text[lang()] || current.text.en;
  body.append(chart(rev, words));
  const over = rev.decisions.filter((d) => d.loss > rev.threshold).length;
  body.append(el("p", { "data-testid": "review-summary", text: t("review_summary",
    { avg: pct(rev.average_loss), n: over, th: pct(rev.threshold) }) }));
  body.append(el("h3", { text: t("mistakes") }));
  if (!words.mistakes.length) {
    body.append(el("p", { "data-testid": "no-mistakes", text: t("no_mistakes", { th: pct(rev.threshold) }) }));
    return;
  }
  const ol = el("ol", { class: "mistakes", "data-testid": "mistakes" });
  for (const m of words.mistakes) {
    ol.append(el("li", { "data-testid": "mistake" },
      el("div", { text: m.line }),
      el("div", { class: "better", "data-testid": "better", text: m.better_line }),
      el("button", { type: "button", class: "secondary", text: t("go_to_step"), onclick: () => ctx.go(m.entry) })));
  }
  body.append(ol);
}

function chart(rev, words) {
  const ds = rev.decisions;
  // drawn at the width it is shown at (at most 640), so that its words keep their size
  const room = $("#review .body").clientWidth || 640;
  const W = Math.max(300, Math.min(640, Math.round(room)));
  const H = W < 480 ? 200 : 180;
  const L = 34;
  const B = 22;
  const T = 8;
  const R = 8;
  const x = (i) => L + (ds.length > 1 ? (i * (W - L - R)) / (ds.length - 1) : (W - L - R) / 2);
  const y = (v) => T + (1 - v) * (H - T - B);
  const id = "review-chart-title";
  const seat = ctx.seatName(rev.seat);
  let low = 0;
  ds.forEach((d, i) => { if (d.before < ds[low].before) low = i; });
  const desc = ds.length ? t("chart_desc", { seat, n: ds.length, first: pct(ds[0].before),
    last: pct(ds[ds.length - 1].before), low: pct(ds[low].before), at: low + 1 }) : "";
  const root = svg("svg", { viewBox: `0 0 ${W} ${H}`, class: "review-chart", role: "img",
    "aria-labelledby": `${id} ${id}-desc`, "data-testid": "review-chart" },
  svg("title", { id, text: words.chart_title }),
  svg("desc", { id: `${id}-desc`, text: desc }));
  for (const v of [0, 0.5, 1]) {
    root.append(svg("line", { x1: L, x2: W - R, y1: y(v), y2: y(v), class: v === 0.5 ? "mid" : "grid" }));
    root.append(svg("text", { x: L - 4, y: y(v) + 4, "text-anchor": "end", class: "axis", text: `${pct(v)}${PC()}` }));
  }
  root.append(svg("text", { x: W - R, y: H - 4, "text-anchor": "end", class: "axis", text: `${t("decision")} 1–${ds.length}` }));
  if (ds.length) {
    const pts = ds.map((d, i) => `${x(i).toFixed(1)},${y(d.before).toFixed(1)}`);
    root.append(svg("polygon", { class: "area", points: `${x(0)},${y(0)} ${pts.join(" ")} ${x(ds.length - 1)},${y(0)}` }));
    root.append(svg("polyline", { class: "line", points: pts.join(" ") }));
  }
  const bad = new Set(rev.mistakes);
  ds.forEach((d, i) => {
    if (!bad.has(d.entry)) return;
    const label = `${t("decision")} ${i + 1}${lang() === "fr" ? " :" : ":"} ${pct(d.before)}${PC()} → ${pct(d.after)}${PC()}`;
    root.append(svg("circle", { cx: x(i), cy: y(d.after), r: 5, class: "mistake", tabindex: 0,
      "data-testid": "chart-mistake", onclick: () => ctx.go(d.entry),
      onkeydown: (e) => { if (e.key === "Enter") ctx.go(d.entry); } }, svg("title", { text: label })));
    root.append(svg("line", { x1: x(i), x2: x(i), y1: y(d.before), y2: y(d.after), class: "drop" }));
  });
  return el("div", { class: "chart-box" }, root, el("p", { class: "muted", "data-testid": "chart-summary", text: desc }));
}
