// /assets/admin.js: the operator console (sign-in, tenants, tenant detail, read-only impersonation).
// The console token lives in sessionStorage and leaves the page only as an Authorization header:
// never in a URL, never in a cookie. All data is written with textContent/createElement, never as
// HTML. Plain ES2017, no build step; no backticks or "${" (it lives in a String.raw literal).
import { IMPERSONATION_JS } from "./admin/impersonation";
import { SHARED_JS } from "./admin/shared";
import { SIGN_IN_JS } from "./admin/sign-in";
import { TENANT_PAGE_JS } from "./admin/tenant-page";

// One IIFE around all fragments: they share its closure (helpers, session, currency).
export const ADMIN_JS =
  String.raw`
(function () {
  "use strict";` +
  SHARED_JS +
  SIGN_IN_JS +
  TENANT_PAGE_JS +
  IMPERSONATION_JS +
  String.raw`

  var PAGES = { login: loginPage, tenants: tenantsPage, tenant: tenantPage, impersonate: impersonatePage };
  var run = PAGES[body.getAttribute("data-page")];
  if (run) run();
})();
`;
