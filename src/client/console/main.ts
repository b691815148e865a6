// The operator console's script (/assets/console-<hash>.js): sign-in, tenants, tenant detail (its
// "Impersonate owner" opens the owner app read-only), jobs across tenants. Each console page names itself in <body data-page>.
import { jobsPage } from "./jobs";
import { loginPage } from "./sign-in";
import { tenantPage } from "./tenant-page";
import { tenantsPage } from "./tenants";

const PAGES = new Map<string, () => unknown>([
  ["login", loginPage],
  ["tenants", tenantsPage],
  ["tenant", tenantPage],
  ["jobs", jobsPage],
]);

PAGES.get(document.body.dataset.page ?? "")?.();
