// Shared by every console page: DOM and format helpers, the session in sessionStorage, the API client.
// A fragment of the console script, spliced inside its IIFE by ../admin-js.ts (same rules:
// no backticks or "${" in a String.raw literal).
export const SHARED_JS = String.raw`
  var KEY = "console.session";
  var IMP = "console.impersonation";
  var FLASH = "console.flash";
  var enc = encodeURIComponent;
  var body = document.body;
  function $(id) { return document.getElementById(id); }
  function show(node, on) { if (node) node.hidden = !on; }
  function text(node, value) { if (node) node.textContent = value == null ? "" : String(value); }
  function el(tag, attrs, children) {
    var e = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) {
      var v = attrs[k];
      if (v == null || v === false) return;
      if (k === "text") e.textContent = String(v);
      else if (k === "class") e.className = v;
      else e.setAttribute(k, v === true ? "" : String(v));
    });
    (children || []).forEach(function (c) {
      if (c == null) return;
      e.appendChild(typeof c === "object" ? c : document.createTextNode(String(c)));
    });
    return e;
  }
  function read(key) {
    try { return JSON.parse(sessionStorage.getItem(key) || "null"); } catch (e) { return null; }
  }
  function tokenExpiry(token) {
    try {
      var part = token.split(".")[1].replace(/-/g, "+").replace(/_/g, "/");
      while (part.length % 4) part += "=";
      return JSON.parse(atob(part)).exp * 1000;
    } catch (e) { return 0; }
  }
  function session() {
    var s = read(KEY);
    return s && s.token && tokenExpiry(s.token) > Date.now() ? s : null;
  }
  function signOut(message) {
    sessionStorage.removeItem(KEY);
    sessionStorage.removeItem(IMP);
    if (message) sessionStorage.setItem(FLASH, message);
    location.replace("/admin");
  }
  async function api(method, path, payload, token) {
    var headers = {};
    if (payload !== undefined) headers["Content-Type"] = "application/json";
    if (token) headers.Authorization = "Bearer " + token;
    var res;
    try {
      res = await fetch(path, { method: method, headers: headers, body: payload === undefined ? undefined : JSON.stringify(payload), credentials: "omit", cache: "no-store" });
    } catch (e) {
      return { status: 0, body: null };
    }
    var data = null;
    try { data = await res.json(); } catch (e) { data = null; }
    return { status: res.status, body: data };
  }
  function errorMessage(r) {
    var e = r.body && r.body.error;
    if (r.status === 0) return "The service could not be reached. Check your connection and try again.";
    if (e && typeof e === "object") {
      var fe = e.details && e.details.fieldErrors;
      var parts = [];
      if (fe) Object.keys(fe).forEach(function (k) { parts.push(k + ": " + fe[k].join(" ")); });
      if (e.details && e.details.formErrors) parts = parts.concat(e.details.formErrors);
      return parts.length ? parts.join(" ") : e.message || e.code;
    }
    if (r.status === 429) return "Too many requests. Wait a minute and try again.";
    return "Something went wrong (HTTP " + r.status + ").";
  }
  function dateTime(iso) {
    if (!iso) return "\u2014";
    var d = new Date(iso);
    return isNaN(d.getTime()) ? String(iso) : d.toISOString().slice(0, 16).replace("T", " ") + " UTC";
  }
  function day(iso) { return iso ? String(iso).slice(0, 10) : "\u2014"; }
  function money(minor, currency) {
    if (typeof minor !== "number") return "\u2014";
    try {
      var f = new Intl.NumberFormat(undefined, { style: "currency", currency: currency || "USD" });
      return f.format(minor / Math.pow(10, f.resolvedOptions().maximumFractionDigits));
    } catch (e) { return (minor / 100).toFixed(2) + " " + (currency || ""); }
  }
  function yesNo(v) { return v ? "Yes" : "No"; }
  function dl(rows) {
    var list = el("dl", { class: "details" });
    rows.forEach(function (r) {
      list.appendChild(el("dt", { text: r[0] }));
      var dd = el("dd");
      if (r[1] != null && typeof r[1] === "object") dd.appendChild(r[1]);
      else dd.textContent = r[1] == null || r[1] === "" ? "\u2014" : String(r[1]);
      list.appendChild(dd);
    });
    return list;
  }
  function table(caption, headers, rows) {
    var head = el("tr", {}, headers.map(function (h) { return el("th", { scope: "col", text: h }); }));
    var tbody = el("tbody", {}, rows.map(function (cells) {
      return el("tr", {}, cells.map(function (c) {
        var td = el("td");
        if (c != null && typeof c === "object") td.appendChild(c);
        else td.textContent = c == null || c === "" ? "\u2014" : String(c);
        return td;
      }));
    }));
    return el("div", { class: "table-wrap" }, [el("table", {}, [el("caption", { class: "visually-hidden", text: caption }), el("thead", {}, [head]), tbody])]);
  }
  function badge(label, kind) { return el("span", { class: "badge " + (kind || ""), text: label }); }
  function tenantState(t) {
    if (!t.isActive) return ["Inactive", "bad"];
    if (t.isSuspended) return ["Suspended", "bad"];
    if (t.trialEndsAt && new Date(t.trialEndsAt).getTime() > Date.now()) return ["Trial", "info"];
    return ["Active", "good"];
  }
  function pick(o, keys) {
    for (var i = 0; i < keys.length; i++) if (o && o[keys[i]] != null) return o[keys[i]];
    return null;
  }
  function requireSession() {
    var s = session();
    if (!s) { signOut("Please sign in to continue."); return null; }
    text($("signed-in-as"), "Signed in as " + (s.admin && (s.admin.name || s.admin.email) || "operator"));
    var out = $("sign-out");
    if (out) { show(out, true); out.addEventListener("click", function () { signOut("You have signed out."); }); }
    return s;
  }
  async function adminApi(method, path, payload) {
    var s = session();
    if (!s) { signOut("Your session has ended. Please sign in again."); return { status: 401, body: null }; }
    var r = await api(method, path, payload, s.token);
    if (r.status === 401) signOut("Your session has ended. Please sign in again.");
    return r;
  }

`;
