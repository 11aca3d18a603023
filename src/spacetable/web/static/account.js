// Who this browser is signed in as, and requests that carry the session's CSRF token. The
// session itself is an HttpOnly cookie this code never sees; the server gives the page its
// CSRF token (GET /api/account), sent back in X-CSRF-Token with every change.
import { t } from "./i18n.js";

let me = { account: null, csrf: null };
// How many times this page signed in, up or out: an answer to GET /api/account asked
// before one of those is older than it and is not kept.
let changes = 0;

export function account() {
  return me.account;
}

export async function loadAccount() {
  const asked = changes;
  try {
    const r = await fetch("/api/account", { credentials: "same-origin" });
    const data = r.ok ? await r.json() : null;
    if (data && asked === changes) me = data;
  } catch (e) { /* offline: a guest */ }
  return me.account;
}

// A response's JSON body (null when it has none: a proxy's error page, a lost connection).
export async function readJson(r) {
  try { return await r.json(); } catch (e) { return null; }
}

// The answer to a request (a fetch() promise): { ok, data, status }; status 0 when it met no
// server, data null when its body is no JSON (a proxy's error page).
export async function answerOf(request) {
  let r;
  try {
    r = await request;
  } catch (e) {
    return { ok: false, data: null, status: 0 };
  }
  return { ok: r.ok, data: await readJson(r), status: r.status };
}

// A part of a page that asks again (Refresh pressed, another game chosen) may get its answers
// back out of order: only the last request's answer is drawn. `ask()` numbers a request;
// `stale(n)` is true once a later one was asked, and its answer is dropped.
export function turns() {
  let last = 0;
  return { ask: () => ++last, stale: (n) => n !== last };
}

// A page's first load of `path`: its JSON answer, else an Error whose message says why in the
// page's language (the server not reached, a proxy's error page by its status, the server's
// own error).
export async function getJson(path) {
  const { ok, data, status } = await answerOf(fetch(path, { credentials: "same-origin" }));
  if (!ok || data === null) throw new Error(errorText(data, status, []));
  return data;
}

// A page that could not load what it shows: the reason, and a button that loads it again,
// at the top of its <main> (one at a time).
export function loadFailed(error) {
  const old = document.querySelector("[data-testid=load-error]");
  if (old) old.remove();
  const again = document.createElement("button");
  again.type = "button";
  again.textContent = t("load_again");
  again.addEventListener("click", () => location.reload());
  const box = document.createElement("p");
  box.className = "load-error";
  box.setAttribute("role", "alert");
  box.setAttribute("data-testid", "load-error");
  box.append(document.createTextNode(`${error.message} `), again);
  document.querySelector("main").prepend(box);
}

// fetch() with the CSRF token on anything but GET, and a JSON body when `body` is given.
export async function api(path, { method = "POST", body = undefined } = {}) {
  const headers = {};
  if (body !== undefined) headers["content-type"] = "application/json";
  if (method !== "GET" && me.csrf) headers["x-csrf-token"] = me.csrf;
  return fetch(path, {
    method, headers, credentials: "same-origin",
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

// The codes whose words the pages have (err_<code> in i18n.js): the account's, and the
// session's that any change may meet.
export const ACCOUNT_CODES = ["bad_credentials", "name_taken", "bad_password", "bad_name",
  "rate_limited", "csrf", "signed_out", "bad_request"];
export const SESSION_CODES = ["csrf", "signed_out", "cannot_invite", "account_needed"];

// The error a refused request says: in the reader's words for a code of `codes`, else the
// server's message.
export function errorText(data, status, codes = ACCOUNT_CODES) {
  if (status === 0) return t("err_unreachable");
  const code = data && data.error && data.error.code;
  if (code && codes.includes(code)) return t(`err_${code}`);
  return `${t("error")}: ${data && data.error ? data.error.message : status}`;
}

// The games this browser holds by token (kept by the table page and the lobby), as the
// claims of a sign-up or sign-in: the account keeps them.
export function browserClaims() {
  const out = [];
  for (let i = 0; i < localStorage.length; i += 1) {
    const key = localStorage.key(i);
    if (!key || !key.startsWith("spacetable.table.")) continue;
    const data = JSON.parse(localStorage.getItem(key) || "{}");
    const claim = { table: key.slice("spacetable.table.".length), tokens: (data.tokens || []).slice(0, 16) };
    if (data.host) claim.host = data.host;
    if (claim.tokens.length || claim.host) out.push(claim);
  }
  return out.slice(0, 200);
}

// Sign in or up (`what`: "signin" or "signup"); the new session's CSRF token is kept.
export async function enter(what, name, password) {
  let r;
  try {
    r = await fetch(`/api/account/${what}`, {
      method: "POST", headers: { "content-type": "application/json" }, credentials: "same-origin",
      body: JSON.stringify({ name, password, claims: browserClaims() }),
    });
  } catch (e) {
    return { ok: false, data: null, status: 0 };  // offline
  }
  const data = await readJson(r);
  const ok = r.ok && Boolean(data);
  if (ok) { me = data; changes += 1; }
  return { ok, data, status: r.status };
}

// Start a table as its host: { ok, data, status } (status 0: the server was not reached).
export function startTable(id, hostToken) {
  return answerOf(api(`/api/tables/${encodeURIComponent(id)}/start`, { body: { host_token: hostToken } }));
}

export async function signOut() {
  let r;
  try { r = await api("/api/account/signout"); } catch (e) { return false; }
  if (r.ok) { me = { account: null, csrf: null }; changes += 1; }
  return r.ok;
}
