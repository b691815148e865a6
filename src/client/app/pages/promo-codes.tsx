// /app/promo-codes (design.md §32): the business's live promo codes with their discount, services,
// days, uses and first-visit rule; created, changed and deleted (confirmed) by owners and admins.
import { useState } from "hono/jsx/dom";
import type { OwnerPromoCode, PromoCodesView } from "../../shared/api-types";
import { dayLabel } from "../lib/zoned";
import { startPage } from "../shell/boot";
import { t } from "../shell/i18n";
import { money } from "../ui/format";
import { Button, Empty, GateNote, Loading, LoadFailed, Outcome } from "../ui/kit";
import { gate } from "../ui/permissions";
import { useView } from "../ui/use-view";
import { serviceNames } from "./prepaid-kit";
import { DeletePromoCodeDialog, PromoCodeDialog } from "./promo-code-forms";

type Open = { kind: "new" } | { kind: "edit" | "delete"; code: OwnerPromoCode } | null;

function validity(c: OwnerPromoCode): string {
  const from = c.validFrom ? dayLabel(c.validFrom) : "";
  const to = c.validTo ? dayLabel(c.validTo) : "";
  if (from && to) return t("pc.between", { from, to });
  if (from) return t("pc.fromDay", { from });
  if (to) return t("pc.untilDay", { to });
  return t("pc.always");
}

function PromoCodes() {
  const view = useView<PromoCodesView>("/api/businesses/me/views/promo-codes");
  const [open, setOpen] = useState<Open>(null);
  const [done, setDone] = useState("");
  const d = view.data;
  if (!d) return view.problem ? <LoadFailed problem={view.problem} onRetry={view.reload} /> : <Loading />;
  const manage = gate(d.viewer, "manage");
  const currency = d.business.currency;
  const finish = (message: string) => {
    setOpen(null);
    setDone(message);
    view.reload();
  };
  return (
    <>
      <div class="actions-row">
        <Button kind="primary" gate={manage} onClick={() => setOpen({ kind: "new" })}>
          {t("pc.new")}
        </Button>
      </div>
      <GateNote gates={[manage]} />
      <Outcome done={done} />
      {d.codes.length === 0 ? (
        <Empty title={t("pc.none")}>{t("pc.noneHint")}</Empty>
      ) : (
        <div class="table-wrap">
          <table>
            <caption class="visually-hidden">{t("pc.caption")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("pc.code")}</th>
                <th scope="col">{t("pc.discount")}</th>
                <th scope="col">{t("pc.services")}</th>
                <th scope="col">{t("pc.validity")}</th>
                <th scope="col">{t("pc.uses")}</th>
                <th scope="col">{t("pc.firstVisit")}</th>
                <th scope="col">
                  <span class="visually-hidden">{t("pp.actions")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {d.codes.map((c) => (
                <tr>
                  <td data-label={t("pc.code")}>
                    <code>{c.code}</code>
                  </td>
                  <td data-label={t("pc.discount")}>
                    {c.percentOff != null
                      ? t("pc.percentOff", { percent: c.percentOff })
                      : t("pc.amountOff", { amount: money(c.amountOff ?? 0, currency) })}
                  </td>
                  <td data-label={t("pc.services")}>{c.serviceIds ? serviceNames(c.serviceIds, d.services) : t("pc.allServices")}</td>
                  <td data-label={t("pc.validity")}>{validity(c)}</td>
                  <td data-label={t("pc.uses")}>{c.maxUses != null ? t("pc.usesOf", { uses: c.uses, max: c.maxUses }) : c.uses}</td>
                  <td data-label={t("pc.firstVisit")}>{c.firstVisitOnly ? t("pc.yes") : t("pc.no")}</td>
                  <td data-label={t("pp.actions")}>
                    <span class="row-actions">
                      <Button gate={manage} onClick={() => setOpen({ kind: "edit", code: c })} label={t("pc.editLabel", { code: c.code })}>
                        {t("pc.edit")}
                      </Button>
                      <Button
                        gate={manage}
                        kind="danger"
                        onClick={() => setOpen({ kind: "delete", code: c })}
                        label={t("pc.deleteLabel", { code: c.code })}
                      >
                        {t("pc.delete")}
                      </Button>
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {open?.kind === "new" || open?.kind === "edit" ? (
        <PromoCodeDialog
          code={open.kind === "edit" ? open.code : null}
          currency={currency}
          services={d.services}
          onClose={() => setOpen(null)}
          onSaved={(created) => finish(created ? t("pc.created") : t("pc.saved"))}
        />
      ) : null}
      {open?.kind === "delete" ? (
        <DeletePromoCodeDialog code={open.code} onClose={() => setOpen(null)} onDeleted={() => finish(t("pc.deleted"))} />
      ) : null}
    </>
  );
}

startPage("/app/promo-codes", () => <PromoCodes />);
