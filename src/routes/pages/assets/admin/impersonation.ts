// /admin/impersonate?page=: the owner's pages, read-only, with the session banner.
// A fragment of the console script, spliced inside its IIFE by ../admin-js.ts (same rules:
// no backticks or "${" in a String.raw literal).
export const IMPERSONATION_JS = String.raw`
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
`;
