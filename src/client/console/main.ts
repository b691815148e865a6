// The operator console's script (/assets/console-<hash>.js): sign-in, tenants, tenant detail and
// read-only impersonation. Each console page names itself in <body data-page>.
import { impersonatePage } from "./impersonation";
import { loginPage } from "./sign-in";
import { tenantPage } from "./tenant-page";
import { tenantsPage } from "./tenants";

const PAGES = new Map<string, () => unknown>([
  ["login", loginPage],
  ["tenants", tenantsPage],
  ["tenant", tenantPage],
  ["impersonate", impersonatePage],
]);

PAGES.get(document.body.dataset.page ?? "")?.();
