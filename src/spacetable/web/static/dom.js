// DOM helpers. Every text goes through textContent (never innerHTML with data).
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") node.className = v;
    else if (k === "text") node.textContent = String(v);
    else if (k.startsWith("on") && typeof v === "function") node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return node;
}

export function clear(node) {
  while (node.firstChild) node.removeChild(node.firstChild);
  return node;
}

export function $(sel) {
  return document.querySelector(sel);
}

// A short message in the page's #toast box, hidden after `ms` (a new one replaces it).
let toastTimer = null;
export function toast(text, ms = 5000) {
  const box = $("#toast");
  box.textContent = text;
  box.classList.remove("hidden");
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => box.classList.add("hidden"), ms);
}

// The end of a game as a labelled table (the `end` message's `breakdown`): one column per
// seat (named by `seatNames`, in seat order) then per seatless competitor, one row per item,
// and the notes on the whole game under it. A scrolling box keeps a wide table (eight
// seats) inside a phone's width.
export function breakdownTable(breakdown, seatNames) {
  const head = el("tr", {}, el("th", { scope: "col", text: "" }),
    [...seatNames, ...breakdown.others].map((name) => el("th", { scope: "col", text: name })));
  const table = el("table", { class: "scores breakdown", "data-testid": "breakdown" }, head,
    breakdown.rows.map((row) => el("tr", {}, el("th", { scope: "row", text: row.label }),
      row.values.map((v) => el("td", { text: v })))));
  return el("div", { class: "table-scroll", tabindex: "0" }, table,
    breakdown.notes.map((note) => el("p", { class: "muted", text: note })));
}
