// /admin/tenant?id=: the sections in interface.md's order and the operator's actions.
// A fragment of the console script, spliced inside its IIFE by ../admin-js.ts (same rules:
// no backticks or "${" in a String.raw literal).
export const TENANT_PAGE_JS = String.raw`
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

`;
