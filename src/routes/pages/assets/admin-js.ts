// /assets/admin.js: the operator console (sign-in, tenants, tenant detail, read-only impersonation).
// The console token lives in sessionStorage and leaves the page only as an Authorization header:
// never in a URL, never in a cookie. All data is written with textContent/createElement, never as
// HTML. Plain ES2017, no build step; no backticks or "${" (it lives in a String.raw literal).
export const ADMIN_JS = String.raw`
(function () {
  "use strict";
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

  // ---------- /admin: sign in ----------
  function loginPage() {
    var flash = sessionStorage.getItem(FLASH);
    sessionStorage.removeItem(FLASH);
    if (flash) { text($("login-notice"), flash); show($("login-notice"), true); }
    else if (session()) return location.replace("/admin/tenants");
    $("login-form").addEventListener("submit", async function (e) {
      e.preventDefault();
      show($("login-error"), false);
      var button = e.target.querySelector("button[type=submit]");
      button.disabled = true;
      var r = await api("POST", "/api/admin/login", { email: $("login-email").value.trim(), password: $("login-password").value });
      button.disabled = false;
      if (r.status === 200 && r.body && r.body.data && r.body.data.token) {
        sessionStorage.setItem(KEY, JSON.stringify({ token: r.body.data.token, admin: r.body.data.admin || null }));
        $("login-password").value = "";
        return location.assign("/admin/tenants");
      }
      var code = r.body && r.body.error && (r.body.error.code || r.body.error);
      text($("login-error"), code === "invalid_credentials" || r.status === 401 ? "The e-mail or password is not right." : errorMessage(r));
      show($("login-error"), true);
    });
  }

  // ---------- /admin/tenants ----------
  async function tenantsPage() {
    if (!requireSession()) return;
    var params = new URLSearchParams(location.search);
    var q = new URLSearchParams();
    ["search", "status", "plan"].forEach(function (k) {
      var v = (params.get(k) || "").trim();
      if ($(k)) $(k).value = v;
      if (v) q.set(k, v);
    });
    q.set("limit", "100");
    var r = await adminApi("GET", "/api/admin/tenants?" + q.toString());
    if (r.status !== 200 || !r.body) return text($("tenants-status"), errorMessage(r));
    var list = r.body.data || [];
    text($("tenants-status"), list.length ? list.length + (list.length === 1 ? " tenant" : " tenants") : "No tenants match.");
    var tbody = $("tenants-body");
    text(tbody, "");
    list.forEach(function (t) {
      var st = tenantState(t);
      tbody.appendChild(el("tr", {}, [
        el("td", {}, [el("a", { href: "/admin/tenant?id=" + enc(t.id), text: t.businessName })]),
        el("td", { text: t.slug }),
        el("td", { text: t.plan }),
        el("td", {}, [badge(st[0], st[1])]),
        el("td", { text: t.ownerEmail || "\u2014" }),
        el("td", { text: day(t.createdAt) })
      ]));
    });
    show($("tenants-table"), list.length > 0);
  }

  // ---------- /admin/tenant?id= ----------
  var SECTION_RENDERERS = {
    profile: function (t) {
      var swatch = el("span", { class: "swatch", "aria-hidden": "true" });
      if (/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/.test(t.widgetColor || "")) swatch.style.backgroundColor = t.widgetColor;
      var color = el("span", {}, [swatch, t.widgetColor || "\u2014"]);
      var bookingLink = el("a", { href: "/book?slug=" + enc(t.slug), text: t.slug });
      var st = tenantState(t);
      return [dl([
        ["Name", t.businessName],
        ["Slug", bookingLink],
        ["Business type", t.businessType],
        ["Custom domain", t.customDomain],
        ["Widget color", color],
        ["Address", [t.addressLine1, t.city, t.country].filter(function (x) { return x; }).join(", ")],
        ["Contact", [t.email, t.phone].filter(function (x) { return x; }).join(" \u00b7 ")],
        ["Plan", t.plan + (t.planStatus ? " (" + t.planStatus + ")" : "")],
        ["Status", badge(st[0], st[1])],
        ["Suspended", t.isSuspended ? dateTime(t.suspendedAt) + (t.suspendedReason ? " \u2014 " + t.suspendedReason : "") : "No"],
        ["Trial ends", t.trialEndsAt ? dateTime(t.trialEndsAt) : "No trial"],
        ["Created", dateTime(t.createdAt)],
        ["Tenant ID", t.id]
      ])];
    },
    owner: function (t, a) {
      if (!a) return [el("p", { class: "error", text: "The owner could not be loaded." })];
      var o = a.owner;
      if (!o) return [el("p", { text: "This tenant has no active owner." })];
      return [dl([
        ["Name", [o.firstName, o.lastName].filter(function (x) { return x; }).join(" ")],
        ["E-mail", o.email],
        ["Last login", o.lastLoginAt ? dateTime(o.lastLoginAt) : "Never"],
        ["User ID", o.id]
      ])];
    },
    members: function (t) {
      var users = t.users || [];
      if (!users.length) return [el("p", { text: "No members." })];
      return [table("Members", ["Name", "E-mail", "Role", "Active", "Since"], users.map(function (u) {
        return [[u.firstName, u.lastName].filter(function (x) { return x; }).join(" "), u.email, u.role, yesNo(u.isActive), day(u.createdAt)];
      }))];
    },
    services: function (t, a) {
      var n = t.counts ? t.counts.services : 0;
      var out = [el("p", { class: "stat", text: n + (n === 1 ? " service" : " services") })];
      if (a && a.services && a.services.length) {
        out.push(el("p", { class: "muted small", text: "Most recently added:" }));
        out.push(table("Recent services", ["Name", "Duration", "Price", "Active"], a.services.map(function (s) {
          return [s.name, s.durationMinutes + " min", money(s.price, currency), yesNo(s.isActive)];
        })));
      }
      return out;
    },
    staff: function (t, a) {
      var n = t.counts ? t.counts.staff : 0;
      var out = [el("p", { class: "stat", text: n + " staff" })];
      if (a && a.staff && a.staff.length) {
        out.push(el("p", { class: "muted small", text: "Most recently added:" }));
        out.push(table("Recent staff", ["Name", "Bookable"], a.staff.map(function (s) { return [s.displayName, yesNo(s.isBookable)]; })));
      }
      return out;
    },
    customers: function (t) {
      var n = t.counts ? t.counts.customers : 0;
      return [el("p", { class: "stat", text: n + (n === 1 ? " customer" : " customers") })];
    },
    bookings: function (t) {
      var n = t.counts ? t.counts.bookings : 0;
      var list = t.recentBookings || [];
      var out = [el("p", { class: "stat", text: n + (n === 1 ? " booking" : " bookings") })];
      if (!list.length) return out;
      out.push(el("p", { class: "muted small", text: "The " + list.length + " most recent:" }));
      out.push(table("Recent bookings", ["Starts", "Status", "Amount", "Booking ID"], list.map(function (b) {
        return [dateTime(b.startDatetime), b.status, money(b.totalAmount, b.currency), b.id];
      })));
      return out;
    },
    payments: function (t, a) {
      if (!a) return [el("p", { class: "error", text: "Payments could not be loaded." })];
      var p = a.payments;
      return [
        el("p", { class: "stat", text: p.count + (p.count === 1 ? " payment" : " payments") }),
        el("p", { text: money(p.last30DaysTotal, p.currency) + " received in the last 30 days." })
      ];
    },
    ai: function (t, a) {
      if (!a) return [el("p", { class: "error", text: "AI activity could not be loaded." })];
      var n = a.aiActivity.last7Days;
      return [el("p", { class: "stat", text: n + (n === 1 ? " AI action" : " AI actions") }), el("p", { class: "muted", text: "in the last 7 days." })];
    },
    audit: function (t) {
      var rows = t.audit || [];
      if (!rows.length) return [el("p", { text: "No audit entries yet." })];
      return [table("Audit log, newest first", ["When", "Action", "Actor", "Reason"], rows.map(function (r) {
        return [dateTime(r.createdAt), r.action, r.actorId, r.reason];
      }))];
    }
  };
  var currency = "USD";

  async function tenantPage() {
    if (!requireSession()) return;
    var id = body.getAttribute("data-tenant-id");
    if (!id) {
      text($("tenant-status"), "");
      text($("tenant-error"), "No tenant ID given. Open a tenant from the list.");
      return show($("tenant-error"), true);
    }
    var current = null;
    async function load() {
      var both = await Promise.all([
        adminApi("GET", "/api/admin/tenants/" + enc(id)),
        adminApi("GET", "/api/admin/tenants/" + enc(id) + "/activity")
      ]);
      var r = both[0];
      if (r.status !== 200 || !r.body || !r.body.data) {
        text($("tenant-status"), "");
        text($("tenant-error"), r.status === 404 ? "There is no tenant with this ID." : errorMessage(r));
        show($("tenant-error"), true);
        return;
      }
      var t = r.body.data;
      var a = both[1].status === 200 && both[1].body ? both[1].body.data : null;
      current = t;
      currency = (a && a.payments && a.payments.currency) || (t.recentBookings && t.recentBookings[0] && t.recentBookings[0].currency) || "USD";
      document.title = t.businessName + " \u00b7 Operator console";
      text($("tenant-title"), t.businessName);
      var st = tenantState(t);
      text($("tenant-status"), st[0] + " \u00b7 " + t.plan + " plan" + (t.isSuspended && t.suspendedReason ? " \u00b7 suspended: " + t.suspendedReason : ""));
      show($("tenant-error"), false);
      Object.keys(SECTION_RENDERERS).forEach(function (key) {
        var box = document.querySelector("[data-section=" + key + "]");
        text(box, "");
        SECTION_RENDERERS[key](t, a).forEach(function (n) { box.appendChild(n); });
      });
      show($("action-suspend"), !t.isSuspended);
      show($("action-restore"), t.isSuspended);
      show($("action-end-trial"), !!t.trialEndsAt);
      $("form-plan-value").value = t.plan;
      show($("tenant-actions"), true);
    }

    function closeForms() {
      Array.prototype.forEach.call(document.querySelectorAll(".action-form"), function (f) { show(f, false); });
      Array.prototype.forEach.call(document.querySelectorAll("[data-form]"), function (b) { b.setAttribute("aria-expanded", "false"); });
    }
    Array.prototype.forEach.call(document.querySelectorAll("[data-form]"), function (b) {
      b.addEventListener("click", function () {
        var f = $(b.getAttribute("data-form"));
        var opening = f.hidden;
        closeForms();
        if (!opening) return;
        text($("action-result"), "");
        show(f, true);
        b.setAttribute("aria-expanded", "true");
        var first = f.querySelector("select, input, textarea");
        if (first) first.focus();
      });
    });
    Array.prototype.forEach.call(document.querySelectorAll(".form-cancel"), function (b) {
      b.addEventListener("click", closeForms);
    });

    var ACTIONS = {
      "form-suspend": function (reason) { return { patch: { isSuspended: true, suspendedReason: reason, reason: reason }, done: "Tenant suspended." }; },
      "form-restore": function (reason) { return { patch: { isSuspended: false, reason: reason }, done: "Tenant restored." }; },
      "form-plan": function (reason) { var p = $("form-plan-value").value; return { patch: { plan: p, reason: reason }, done: "Plan changed to " + p + "." }; },
      "form-extend-trial": function (reason) {
        var d = $("form-extend-trial-date").value;
        return { patch: { trialEndsAt: d + "T23:59:59.000Z", reason: reason }, done: "Trial now ends on " + d + "." };
      },
      "form-end-trial": function (reason) { return { patch: { trialEndsAt: null, reason: reason }, done: "Trial ended." }; }
    };
    Array.prototype.forEach.call(document.querySelectorAll(".action-form"), function (f) {
      f.addEventListener("submit", async function (e) {
        e.preventDefault();
        var err = f.querySelector(".error");
        show(err, false);
        var reasonBox = f.querySelector("textarea[name=reason]");
        var reason = reasonBox.value.trim();
        if (!reason) {
          text(err, "Enter a reason: it is required and stored in the audit log.");
          show(err, true);
          return reasonBox.focus();
        }
        if (!f.reportValidity()) return;
        var submit = f.querySelector("button[type=submit]");
        submit.disabled = true;
        if (f.id === "form-impersonate") {
          var ri = await adminApi("POST", "/api/admin/tenants/" + enc(id) + "/impersonate", { reason: reason });
          submit.disabled = false;
          if ((ri.status === 201 || ri.status === 200) && ri.body && ri.body.data && ri.body.data.token) {
            var d = ri.body.data;
            sessionStorage.setItem(IMP, JSON.stringify({
              token: d.token,
              sessionId: d.sessionId,
              expiresAt: d.expiresAt,
              tenantId: d.tenantId || id,
              businessName: current ? current.businessName : "",
              currency: currency
            }));
            return location.assign("/admin/impersonate?page=dashboard");
          }
          text(err, errorMessage(ri));
          return show(err, true);
        }
        var action = ACTIONS[f.id](reason);
        var r = await adminApi("PATCH", "/api/admin/tenants/" + enc(id), action.patch);
        submit.disabled = false;
        if (r.status !== 200) {
          text(err, errorMessage(r));
          return show(err, true);
        }
        reasonBox.value = "";
        closeForms();
        await load();
        text($("action-result"), action.done);
      });
    });
    await load();
  }

  // ---------- /admin/impersonate?page= (read-only owner pages) ----------
  var OWNER_VIEWS = {
    dashboard: { path: "/api/businesses/me", render: function (b, imp) {
      return [
        dl([
          ["Business", pick(b, ["businessName", "business_name", "name"])],
          ["Booking page", pick(b, ["slug"])],
          ["Plan", pick(b, ["plan"])],
          ["Time zone", pick(b, ["timezone"])],
          ["Currency", pick(b, ["currency"])],
          ["Contact", [pick(b, ["email"]), pick(b, ["phone"])].filter(function (x) { return x; }).join(" \u00b7 ")]
        ]),
        el("div", { class: "toolbar" }, [actionButton("New booking"), actionButton("Edit profile"), actionButton("Invite a team member")])
      ];
    } },
    services: { path: "/api/services", render: function (list, imp) {
      return listView(list, "Services", "Add service", ["Name", "Duration", "Price", "Active", "Online"], function (s) {
        return [s.name, s.durationMinutes + " min", money(s.price, imp.currency), yesNo(s.isActive), yesNo(s.isOnlineBookable)];
      });
    } },
    staff: { path: "/api/staff", render: function (list) {
      return listView(list, "Staff", "Add staff member", ["Name", "Title", "Bookable"], function (s) {
        return [pick(s, ["displayName", "display_name"]), s.title, yesNo(s.isBookable)];
      });
    } },
    customers: { path: "/api/customers?limit=100", render: function (list) {
      return listView(list, "Customers", "Add customer", ["Name", "E-mail", "Phone", "Since"], function (c) {
        return [[c.firstName, c.lastName].filter(function (x) { return x; }).join(" "), c.email, c.phone, day(c.createdAt)];
      });
    } },
    bookings: { path: "/api/bookings?limit=50", render: function (list, imp) {
      return listView(list, "Bookings", "New booking", ["Starts", "Code", "Status", "Source", "Amount"], function (b) {
        return [dateTime(b.startDatetime), b.confirmationCode, b.status, b.source, money(b.totalAmount, b.currency || imp.currency)];
      }, ["Cancel", "Reschedule"]);
    } },
    settings: { path: "/api/businesses/me", render: function (b) {
      var fields = [
        ["businessName", "Business name"], ["description", "Description"], ["email", "Contact e-mail"], ["phone", "Phone"],
        ["addressLine1", "Address"], ["city", "City"], ["country", "Country"], ["timezone", "Time zone"], ["currency", "Currency"],
        ["cancellationHours", "Cancellation notice (hours)"], ["widgetColor", "Widget colour"], ["widgetMode", "Widget mode"], ["customDomain", "Custom domain"]
      ];
      var form = el("form", { id: "settings-form" });
      fields.forEach(function (f) {
        var input = el("input", { id: "setting-" + f[0], name: f[0], disabled: true });
        input.value = b[f[0]] == null ? "" : String(b[f[0]]);
        form.appendChild(el("div", { class: "field" }, [el("label", { for: "setting-" + f[0], text: f[1] }), input]));
      });
      var save = actionButton("Save changes");
      save.type = "submit";
      form.appendChild(save);
      form.addEventListener("submit", function (e) { e.preventDefault(); });
      return [form];
    } }
  };
  function actionButton(label) {
    var b = el("button", { type: "button", text: label, title: "Read-only session: changes are disabled" });
    b.disabled = true;
    return b;
  }
  function listView(list, caption, addLabel, headers, cells, extraRowActions) {
    list = Array.isArray(list) ? list : [];
    var rowActions = ["Edit"].concat(extraRowActions || ["Delete"]);
    var out = [el("div", { class: "toolbar" }, [actionButton(addLabel)]), el("p", { class: "muted", text: list.length + (list.length === 1 ? " item" : " items") })];
    if (list.length) {
      out.push(table(caption, headers.concat(["Actions"]), list.map(function (item) {
        return cells(item).concat([el("div", { class: "toolbar" }, rowActions.map(actionButton))]);
      })));
    }
    return out;
  }

  function impersonatePage() {
    var view = body.getAttribute("data-view");
    var imp = read(IMP);
    var ends = imp ? new Date(imp.expiresAt).getTime() : 0;
    var timer = null;
    function ended(message) {
      if (timer) clearInterval(timer);
      sessionStorage.removeItem(IMP);
      text($("imp-time-left"), "00:00");
      text($("imp-status"), "");
      var box = $("imp-content");
      text(box, "");
      box.appendChild(el("p", { text: message }));
      var back = imp && imp.tenantId ? "/admin/tenant?id=" + enc(imp.tenantId) : "/admin/tenants";
      box.appendChild(el("p", {}, [el("a", { href: back, text: "Back to the operator console" })]));
    }
    $("imp-end").addEventListener("click", function () {
      sessionStorage.removeItem(IMP);
      location.assign(imp && imp.tenantId ? "/admin/tenant?id=" + enc(imp.tenantId) : "/admin/tenants");
    });
    if (!imp || !imp.token || !(ends > Date.now())) {
      return ended("There is no active read-only session. Start one from a tenant's page in the console; a reason is required each time.");
    }
    text($("imp-business"), imp.businessName || "this tenant");
    function tick() {
      var left = Math.max(0, Math.round((ends - Date.now()) / 1000));
      var m = Math.floor(left / 60);
      var s = left % 60;
      text($("imp-time-left"), (m < 10 ? "0" : "") + m + ":" + (s < 10 ? "0" : "") + s);
      if (left <= 0) ended("The read-only session has ended (sessions last one hour). Start a new one from the tenant's page; a reason is required again.");
    }
    tick();
    timer = setInterval(tick, 1000);
    var def = OWNER_VIEWS[view];
    (async function () {
      var r = await api("GET", def.path, undefined, imp.token);
      if (r.status === 401) return ended("The read-only session is no longer valid. Start a new one from the tenant's page.");
      if (r.status !== 200 || !r.body) {
        text($("imp-status"), "");
        text($("imp-error"), errorMessage(r));
        return show($("imp-error"), true);
      }
      text($("imp-status"), "Read-only: every action on this page is disabled.");
      var box = $("imp-content");
      text(box, "");
      def.render(r.body.data, imp).forEach(function (n) { box.appendChild(n); });
      // Belt and braces: nothing in the owner's page can be pressed or submitted.
      Array.prototype.forEach.call(document.querySelectorAll("main button, main input, main select, main textarea"), function (c) { c.disabled = true; });
    })();
  }

  var PAGES = { login: loginPage, tenants: tenantsPage, tenant: tenantPage, impersonate: impersonatePage };
  var run = PAGES[body.getAttribute("data-page")];
  if (run) run();
})();
`;
