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
  node.replaceChildren();
  return node;
}

export function $(sel) {
  return document.querySelector(sel);
}

// The pages' forms are sent by their scripts, never by the browser: one sent before its
// page's script is ready for it does nothing, rather than reload the page.
export function holdForms() {
  for (const form of document.forms) form.addEventListener("submit", (e) => e.preventDefault());
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

// The elements of `node` the Tab key reaches, in order (the shown ones).
export function focusables(node) {
  return [...node.querySelectorAll("a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), "
    + "textarea:not([disabled]), [tabindex]:not([tabindex='-1'])")].filter((n) => n.getClientRects().length);
}

// Tab and Shift+Tab cycle inside `node` (a dialog or a menu holds the focus while open).
export function trapFocus(node) {
  node.addEventListener("keydown", (ev) => {
    if (ev.key !== "Tab") return;
    const all = focusables(node);
    ev.preventDefault();
    if (!all.length) return;
    const at = all.indexOf(document.activeElement);
    const to = ev.shiftKey ? (at <= 0 ? all.length - 1 : at - 1) : (at + 1) % all.length;
    all[to].focus();
  });
}

// A <dialog> shown modal (the rest of the page inert, the focus held inside: trapFocus), the
// element that had the focus kept to give it back at hideDialog. `focus`: what takes the focus
// (else the dialog's first focusable element). `back()` (optional, at hideDialog): where the
// focus goes when the element that opened it is gone (a board drawn again).
export function showDialog(dialog, focus = null) {
  dialog.classList.remove("hidden");
  const opening = !dialog.open;
  if (opening) {
    const had = document.activeElement;
    dialog.opener = had && had !== document.body ? had : null;
    if (!dialog.trapped) { trapFocus(dialog); dialog.trapped = true; }
    // showModal() gives the focus to the element marked autofocus: the one asked for, at once
    // (else the dialog's first focusable element has it first, a scrolling table say, and
    // a key pressed in that moment acts from there)
    for (const n of dialog.querySelectorAll("[autofocus]")) n.autofocus = false;
    if (focus) focus.autofocus = true;
    dialog.showModal();
  }
  if (opening || !dialog.contains(document.activeElement) || document.activeElement === dialog) {
    const to = focus || focusables(dialog)[0];
    if (to) to.focus();
  }
}

export function hideDialog(dialog, back = null) {
  dialog.classList.add("hidden");
  if (!dialog.open) return;
  const held = dialog.contains(document.activeElement);
  dialog.close();
  const opener = dialog.opener;
  dialog.opener = null;
  // the focus goes back to what had it when the dialog opened, else (that was drawn anew, or
  // nothing had it: a page that opened on its end screen) to what back() offers, never to the
  // page's top; left alone only when neither the opener nor the dialog had it
  if (!opener && !held) return;
  const to = opener && opener.isConnected ? opener : back ? back(opener) : null;
  if (to) to.focus();
}
