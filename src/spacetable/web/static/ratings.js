// Words and a chart for ratings, shared by the leaderboard and the profile pages.
import { t } from "./i18n.js";

const SVG = "http://www.w3.org/2000/svg";

// A pool's name: a game's rated games, or solo against its automa at a difficulty.
export function poolName(pool) {
  if (pool === "main") return t("pool_main");
  if (pool.startsWith("solo-")) return t("pool_solo", { level: t(pool.slice(5)) });
  return pool;
}

function svg(tag, attrs) {
  const n = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) n.setAttribute(k, String(v));
  return n;
}

// A rating's history as a line (one point per rated game), with its lowest and highest
// values written at the left; described in words for a screen reader (`label`).
export function ratingChart(points, label) {
  const w = 320;
  const h = 120;
  const pad = 44;
  const chart = svg("svg", { viewBox: `0 0 ${w} ${h}`, class: "rating-chart", role: "img", "aria-label": label });
  const values = points.map((p) => p.rating);
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  const span = Math.max(1, hi - lo);
  const x = (i) => pad + (points.length === 1 ? (w - pad - 8) / 2 : (i * (w - pad - 8)) / (points.length - 1));
  const y = (v) => 8 + ((hi - v) * (h - 24)) / span;
  chart.append(svg("line", { x1: pad, y1: 8, x2: pad, y2: h - 16, class: "axis" }),
    svg("line", { x1: pad, y1: h - 16, x2: w - 8, y2: h - 16, class: "axis" }));
  for (const [v, at] of [[hi, 14], [lo, h - 18]]) {
    const label = svg("text", { x: pad - 4, y: at, "text-anchor": "end", class: "tick" });
    label.textContent = String(v);
    chart.append(label);
  }
  chart.append(svg("polyline", { points: points.map((p, i) => `${x(i).toFixed(1)},${y(p.rating).toFixed(1)}`).join(" "), class: "line" }));
  points.forEach((p, i) => chart.append(svg("circle", { cx: x(i).toFixed(1), cy: y(p.rating).toFixed(1), r: 3, class: "dot" })));
  return chart;
}
