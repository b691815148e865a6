// /admin (sign-in) and /admin/tenants (search and list).
// A fragment of the console script, spliced inside its IIFE by ../admin-js.ts (same rules:
// no backticks or "${" in a String.raw literal).
export const SIGN_IN_JS = String.raw`
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

`;
