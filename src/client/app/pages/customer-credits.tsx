// The customer view's prepaid money (design.md §32): the packages they hold with the sessions left,
// and the gift cards they bought or received with their balances. Read-only: codes are never shown.
import type { CustomerCredits as Credits } from "../../shared/api-types";
import { t } from "../shell/i18n";
import { type Column, DataTable } from "../ui/data-table";
import { money } from "../ui/format";
import { expiryLabel, type HeldState, heldState } from "./prepaid-kit";

/** What the customer holds, of either kind: it ends in its expiry and its state. */
type Holding = { expiresAt: string | null; state: HeldState };

/** One kind of holding with its own columns, then its expiry and state; captioned (two tables share the section); nothing when none. */
function Holdings<T extends Holding>(p: { caption: string; rows: T[]; columns: Column<T>[]; tz: string }) {
  if (!p.rows.length) return null;
  const columns: Column<T>[] = [
    ...p.columns,
    { label: t("cc.expires"), cell: (h) => expiryLabel(h.expiresAt, p.tz) },
    { label: t("cc.state"), cell: (h) => heldState(h.state) },
  ];
  return <DataTable captionShown caption={p.caption} rows={p.rows} columns={columns} />;
}

export function CustomerCredits(p: { credits: Credits; tz: string }) {
  const { packages, giftCards } = p.credits;
  return (
    <section aria-labelledby="c-credits">
      <h3 id="c-credits">{t("cc.heading")}</h3>
      {packages.length === 0 && giftCards.length === 0 ? <p class="muted">{t("cc.none")}</p> : null}
      <Holdings
        caption={t("cc.packagesCaption")}
        rows={packages}
        tz={p.tz}
        columns={[
          {
            label: t("cc.package"),
            cell: (k) => (
              <span>
                {k.packageName || "\u2014"} <span class="muted small">{k.last4 ? `PK-\u2026${k.last4}` : ""}</span>
              </span>
            ),
          },
          { label: t("cc.left"), cell: (k) => t("cc.leftValue", { credits: k.credits, sessions: k.sessions }) },
        ]}
      />
      <Holdings
        caption={t("cc.cardsCaption")}
        rows={giftCards}
        tz={p.tz}
        columns={[
          { label: t("cc.card"), cell: (g) => (g.last4 ? t("cc.cardEnding", { last4: g.last4 }) : "\u2014") },
          { label: t("cc.how"), cell: (g) => (g.relation === "bought" ? t("cc.bought") : t("cc.received")) },
          {
            label: t("cc.balance"),
            cell: (g) => t("cc.balanceOf", { balance: money(g.balance, g.currency), amount: money(g.amount, g.currency) }),
          },
        ]}
      />
    </section>
  );
}
