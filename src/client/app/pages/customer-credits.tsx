// The customer view's prepaid money (design.md §32): the packages they hold with the sessions left,
// and the gift cards they bought or received with their balances. Read-only: codes are never shown.
import type { CustomerCredits as Credits } from "../../shared/api-types";
import { t } from "../shell/i18n";
import { money } from "../ui/format";
import { expiryLabel, heldState } from "./prepaid-kit";

export function CustomerCredits(p: { credits: Credits; tz: string }) {
  const { packages, giftCards } = p.credits;
  return (
    <section aria-labelledby="c-credits">
      <h3 id="c-credits">{t("cc.heading")}</h3>
      {packages.length === 0 && giftCards.length === 0 ? <p class="muted">{t("cc.none")}</p> : null}
      {packages.length ? (
        <div class="table-wrap">
          <table>
            <caption>{t("cc.packagesCaption")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("cc.package")}</th>
                <th scope="col">{t("cc.left")}</th>
                <th scope="col">{t("cc.expires")}</th>
                <th scope="col">{t("cc.state")}</th>
              </tr>
            </thead>
            <tbody>
              {packages.map((k) => (
                <tr>
                  <td data-label={t("cc.package")}>
                    <span>
                      {k.packageName || "\u2014"} <span class="muted small">{k.last4 ? `PK-\u2026${k.last4}` : ""}</span>
                    </span>
                  </td>
                  <td data-label={t("cc.left")}>{t("cc.leftValue", { credits: k.credits, sessions: k.sessions })}</td>
                  <td data-label={t("cc.expires")}>{expiryLabel(k.expiresAt, p.tz)}</td>
                  <td data-label={t("cc.state")}>{heldState(k.state)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {giftCards.length ? (
        <div class="table-wrap">
          <table>
            <caption>{t("cc.cardsCaption")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("cc.card")}</th>
                <th scope="col">{t("cc.how")}</th>
                <th scope="col">{t("cc.balance")}</th>
                <th scope="col">{t("cc.expires")}</th>
                <th scope="col">{t("cc.state")}</th>
              </tr>
            </thead>
            <tbody>
              {giftCards.map((g) => (
                <tr>
                  <td data-label={t("cc.card")}>{g.last4 ? t("cc.cardEnding", { last4: g.last4 }) : "\u2014"}</td>
                  <td data-label={t("cc.how")}>{g.relation === "bought" ? t("cc.bought") : t("cc.received")}</td>
                  <td data-label={t("cc.balance")}>
                    {t("cc.balanceOf", { balance: money(g.balance, g.currency), amount: money(g.amount, g.currency) })}
                  </td>
                  <td data-label={t("cc.expires")}>{expiryLabel(g.expiresAt, p.tz)}</td>
                  <td data-label={t("cc.state")}>{heldState(g.state)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
