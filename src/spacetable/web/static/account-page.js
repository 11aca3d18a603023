// The account page: change the password, download the account's data, sign out the other
// devices, delete the account. Every message is said in the live regions #status and #error.
import { $, clear, el, holdForms } from "./dom.js";
import { lang, setLang, t } from "./i18n.js";
import { account, api, errorText, loadAccount, readJson } from "./account.js";

// A message next to the form it answers (`where`: password, data, delete), in its live
// region: role=status for news, role=alert for an error.
function say(where, text, isError = false) {
  const status = $(`#${where}-status`);
  if (status) status.textContent = isError ? "" : text;
  $(`#${where}-error`).textContent = isError ? text : "";
}

// A refused password is this page's own words ("the password is wrong", not "name or").
function refusal(data, status) {
  const code = data && data.error && data.error.code;
  if (code === "bad_credentials") return t("err_wrong_password");
  if (code === "bad_request") return t("err_password_fields");
  return errorText(data, status);
}

function labels() {
  document.documentElement.lang = lang();
  $("#lang").value = lang();
  $("#lang-label").textContent = t("language");
  $("#back").textContent = t("back_lobby");
  $("#h-account").textContent = t("account_settings");
  $("#h-password").textContent = t("change_password");
  $("#l-old").textContent = t("current_password");
  $("#l-new").textContent = t("new_password");
  $("#change").textContent = t("change_password");
  $("#h-data").textContent = t("your_data");
  $("#export").textContent = t("export");
  $("#everywhere").textContent = t("sign_out_everywhere");
  $("#h-delete").textContent = t("delete_account");
  $("#delete-help").textContent = t("delete_help");
  $("#l-confirm").textContent = t("confirm_password");
  $("#delete").textContent = t("delete_account");
  const a = account();
  $("#who").textContent = a ? t("signed_in_as", { name: a.name }) : t("not_signed_in");
  if (a) $("#pw-user").value = a.name;
  for (const id of ["#signed-in", "#data-section", "#delete-section", "#blocks-section"]) $(id).classList.toggle("hidden", !a);
  $("#h-blocks").textContent = t("blocked_players");
  drawBlocks();
}

// The players this account blocks, each with a button to unblock them.
let BLOCKS = [];

function drawBlocks() {
  const box = clear($("#blocks"));
  if (!BLOCKS.length) { box.append(el("p", { class: "muted", text: t("no_blocks") })); return; }
  box.append(el("ul", {}, ...BLOCKS.map((name) => el("li", {},
    el("a", { href: `/players/${encodeURIComponent(name)}`, text: name }), " ",
    el("button", { type: "button", class: "secondary", "data-testid": "unblock", text: t("unblock"),
      "aria-label": `${t("unblock")} ${name}`, onclick: () => unblock(name) })))));
}

async function loadBlocks() {
  if (!account()) return;
  const r = await api("/api/account/blocks", { method: "GET" });
  if (r.ok) BLOCKS = (await r.json()).blocks;
  drawBlocks();
}

async function unblock(name) {
  const r = await api("/api/account/blocks/remove", { body: { name } });
  if (r.ok) BLOCKS = (await r.json()).blocks;
  drawBlocks();
}

async function changePassword(ev) {
  ev.preventDefault();
  const r = await api("/api/account/password", { body: { old: $("#old").value, new: $("#new").value } });
  const data = await readJson(r);
  if (!r.ok) { say("password", refusal(data, r.status), true); return; }
  $("#old").value = "";
  $("#new").value = "";
  say("password", t("password_changed"));
}

async function everywhere() {
  const r = await api("/api/account/signout-everywhere");
  const data = await readJson(r);
  if (!r.ok) say("data", errorText(data, r.status), true);
  else say("data", t("signed_out_elsewhere", { n: data.revoked }));
}

async function remove(ev) {
  ev.preventDefault();
  const r = await api("/api/account/delete", { body: { password: $("#confirm").value } });
  const data = await readJson(r);
  if (!r.ok) { say("delete", refusal(data, r.status), true); return; }
  await loadAccount();
  labels();
  $("#status").textContent = t("account_deleted");
}

async function main() {
  holdForms();
  $("#lang").addEventListener("change", (e) => { setLang(e.target.value); labels(); });
  $("#password-form").addEventListener("submit", changePassword);
  $("#everywhere").addEventListener("click", everywhere);
  $("#delete-form").addEventListener("submit", remove);
  await loadAccount();
  labels();
  await loadBlocks();
}

main();
