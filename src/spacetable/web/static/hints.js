// "What would the bot do?" on the table page: a hint message ({"type": "hint"},
// docs/protocol.md) asks the server's search bot for the seat's top moves, searched from what
// the seat can see only; the answer lists each move with its chance to win, its share of the
// search and why, in the page's language (the answer carries both).
import { $, clear, el } from "./dom.js";
import { lang, t } from "./i18n.js";

// A percent sign as each language writes it (French: after a narrow no-break space).
const PC = () => (lang() === "fr" ? "\u202f%" : "%");

const pct = (x) => Math.round(100 * x);

// Ask for hints on the connection `entry` (a seat's).
export function askHint(entry) {
  if (!entry || entry.hintWaiting) return;
  entry.hintWaiting = true;
  entry.ws.send(JSON.stringify({ type: "hint" }));
}

// Draw the panel for the seat on screen: the button when hints are allowed and the seat's
// game runs, then the last answer for the position on screen.
export function drawHints(table, entry, onAsk) {
  const panel = $("#hint-panel");
  const st = entry && entry.state;
  const seated = entry && entry.seat !== null && entry.seat !== undefined;
  const mine = seated && st && st.clocks ? st.clocks.seats[entry.seat] : null;
  const out = Boolean(mine && mine.away === "lost"); // lost on time: nothing to be hinted
  const show = Boolean(table && seated && st && !st.over && !out && table.status === "running");
  panel.classList.toggle("hidden", !show);
  if (!show) return;
  $("#hint-panel h2").textContent = t("hint_title");
  const button = $("#hint-button");
  button.textContent = t("hint_button");
  button.onclick = () => { onAsk(entry); drawHints(table, entry, onAsk); };
  const body = clear($("#hint-panel .body"));
  if (table.hints === false) {
    button.disabled = true;
    body.append(el("p", { class: "muted", "data-testid": "hints-off", text: t("hints_off") }));
    return;
  }
  button.disabled = Boolean(entry.hintWaiting);
  if (entry.hintWaiting) {
    body.append(el("p", { class: "muted", role: "status", "data-testid": "hint-thinking", text: t("hint_thinking") }));
    return;
  }
  const h = entry.hint;
  if (!h || (!st.realtime && h.step !== st.step)) return; // none yet, or for an older position
  const l = lang();
  const ol = el("ol", { "data-testid": "hints" });
  for (const m of h.hints) {
    ol.append(el("li", { "data-testid": "hint" },
      el("div", {}, el("strong", { text: m.label[l] || m.label.en }), " — ",
        el("span", { class: "chance", text: `${pct(m.chance)}${PC()} ${t("hint_chance")}` }),
        el("span", { class: "muted", text: ` · ${pct(m.share)}${PC()} ${t("hint_share")}` })),
      el("div", { class: "why", text: m.because[l] || m.because.en })));
  }
  body.append(ol, el("p", { class: "muted", text: t("hint_note") }));
}
