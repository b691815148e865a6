import type { AccountPackage, CustomerProfile } from "../shared/api-types";
import type { CustomerSession } from "../shared/customer-session";
import { byId, maybeById, setText, show } from "../shared/dom";
import { dataOf, requestJson } from "../shared/http";
import { type Account, startAccountPanel } from "./account";
import { formError } from "./form-errors";
import { t } from "./i18n";
import { page } from "./page";

/**
 * The booking form with a signed-in customer account (issue #43, design.md §32): the details are
 * prefilled from the profile, the create carries the account's token (so a business that takes no
 * guests can be booked), and a package the account holds here that covers the chosen service(s)
 * with sessions left is offered ("Use a session of my package"); ticked, the create sends
 * `usePackage: true` and the confirmation says the package paid.
 */
export type AccountBooking = {
  /** The token the create sends, if signed in. */
  token: () => string | undefined;
  /** `usePackage: true` while the offer is shown and ticked. */
  extras: () => { usePackage?: true };
  /** The slot's services are chosen: offer the package that would pay for them, if any. */
  offerFor: (serviceIds: string[]) => void;
  /** After a create: the confirmation's package line, and the sessions left read again. */
  created: (confirmed: boolean) => void;
  /** A business without guest checkout refused the booking: ask for a sign-in. */
  askToSignIn: () => void;
};

const PROFILE_FIELDS = [
  ["firstName", "firstName"],
  ["lastName", "lastName"],
  ["email", "email"],
  ["phone", "phone"],
] as const;

export function startAccountBooking(): AccountBooking {
  const panel = startAccountPanel();
  const box = maybeById("usePackage-box");
  const tick = maybeById("usePackage", HTMLInputElement);
  let packages: AccountPackage[] = [];
  let chosen: string[] = [];
  let offered = false;
  let coversAll = false;
  let used = false;

  /** Fills the details the customer has not typed yet. */
  function prefill(profile: CustomerProfile) {
    for (const [field, key] of PROFILE_FIELDS) {
      const input = maybeById(field, HTMLInputElement);
      if (input && !input.value.trim() && profile[key]) input.value = profile[key];
    }
  }

  async function loadPackages(session: CustomerSession) {
    const answer = await requestJson<AccountPackage[]>("GET", `/api/me/packages?slug=${encodeURIComponent(page.slug)}`, {
      token: session.token,
    });
    if (panel?.session()?.token !== session.token) return;
    packages = dataOf(answer) ?? [];
    offer();
  }

  /**
   * The package the server would take (the first usable one covering a chosen service, in the
   * order listed: services/bookings/package-pay.ts), offered when it has a session for each
   * chosen service it covers.
   */
  function offer() {
    if (!box || !tick) return;
    const pack = panel?.session()
      ? packages.find((p) => p.state === "active" && p.credits > 0 && chosen.some((id) => p.serviceIds.includes(id)))
      : undefined;
    const needed = pack ? chosen.filter((id) => pack.serviceIds.includes(id)).length : 0;
    offered = Boolean(pack && pack.credits >= needed);
    coversAll = needed > 0 && needed === chosen.length;
    if (pack && offered) setText(byId("usePackage-label"), t("account.usePackage", { name: pack.name, credits: pack.credits }));
    if (!offered) tick.checked = false;
    show(box, offered);
    priceByPackage();
  }

  /** The price lines (./price-quote.ts) say what a card would pay: not shown while the package pays for everything. */
  function priceByPackage() {
    maybeById("price-quote")?.classList.toggle("by-package", Boolean(offered && coversAll && tick?.checked));
  }
  tick?.addEventListener("change", priceByPackage);

  let loadedFor = "";
  panel?.watch((account: Account) => {
    if (!account) {
      packages = [];
      loadedFor = "";
      offer();
      return;
    }
    if (account.profile) prefill(account.profile);
    if (loadedFor !== account.session.token) {
      loadedFor = account.session.token;
      void loadPackages(account.session);
    }
  });

  return {
    token: () => panel?.session()?.token,
    extras: () => {
      used = Boolean(offered && tick?.checked && panel?.session());
      return used ? { usePackage: true } : {};
    },
    offerFor: (serviceIds) => {
      chosen = serviceIds;
      offer();
    },
    created: (confirmed) => {
      const line = maybeById("confirmation-package");
      if (used && line) {
        // The package code's words (showPackagePaid): one session paid, nothing charged.
        setText(line, t("package.covered"));
        show(line, confirmed);
        // The price it was booked at (./price-quote.ts) is not what was paid when the package paid for everything.
        if (confirmed && coversAll) show(maybeById("confirmation-price"), false);
      }
      const session = panel?.session();
      if (used && session) {
        if (tick) tick.checked = false;
        priceByPackage();
        void loadPackages(session);
      }
    },
    askToSignIn: () => {
      formError(t("account.signInToBook"));
      panel?.ask();
    },
  };
}
