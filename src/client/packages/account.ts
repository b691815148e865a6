import { startAccountPanel } from "../booking/account";
import { maybeById } from "../shared/dom";

/**
 * The package shop's sign-in (issue #43): signed in, the buyer's name and e-mail are prefilled and
 * the purchase carries the account's token, so the account holds the package (`usePackage` on the
 * booking page). Returns the token to send now, if any.
 */
export function startBuyerAccount(): () => string | undefined {
  const panel = startAccountPanel();
  panel?.watch((account) => {
    const profile = account?.profile;
    if (!profile) return;
    const fill = (id: string, value: string) => {
      const input = maybeById(id, HTMLInputElement);
      if (input && !input.value.trim() && value) input.value = value;
    };
    fill("buyer-name", `${profile.firstName} ${profile.lastName}`.trim());
    fill("buyer-email", profile.email);
  });
  return () => panel?.session()?.token;
}
