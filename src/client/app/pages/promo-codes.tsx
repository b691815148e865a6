// /app/promo-codes (design.md §32): the business's live promo codes with their discount, services,
// days, uses and first-visit rule; created, changed and deleted (confirmed) by owners and admins.
import type { OwnerPromoCode, PromoCodesView } from "../../shared/api-types";
import { dayLabel } from "../lib/zoned";
import { startPage } from "../shell/boot";
import { t } from "../shell/i18n";
import { money } from "../ui/format";
import { type Column, DataTable } from "../ui/data-table";
import { Empty, Outcome, ViewPending } from "../ui/kit";
import { type Gate, gate } from "../ui/permissions";
import { useView } from "../ui/use-view";
import { actionsColumn, PageActions, serviceNames, useDialogs } from "./prepaid-kit";
import { DeletePromoCodeDialog, PromoCodeDialog } from "./promo-code-forms";

type Open = { kind: "new" } | { kind: "edit" | "delete"; code: OwnerPromoCode };

function validity(c: OwnerPromoCode): string {
  const from = c.validFrom ? dayLabel(c.validFrom) : "";
  const to = c.validTo ? dayLabel(c.validTo) : "";
  if (from && to) return t("pc.between", { from, to });
  if (from) return t("pc.fromDay", { from });
  if (to) return t("pc.untilDay", { to });
  return t("pc.always");
}

function columns(manage: Gate, setOpen: (open: Open) => void, d: PromoCodesView): Column<OwnerPromoCode>[] {
  const currency = d.business.currency;
  return [
    { label: t("pc.code"), cell: (c) => <code>{c.code}</code> },
    {
      label: t("pc.discount"),
      cell: (c) =>
        c.percentOff != null
          ? t("pc.percentOff", { percent: c.percentOff })
          : t("pc.amountOff", { amount: money(c.amountOff ?? 0, currency) }),
    },
    { label: t("pc.services"), cell: (c) => (c.serviceIds ? serviceNames(c.serviceIds, d.services) : t("pc.allServices")) },
    { label: t("pc.validity"), cell: validity },
    { label: t("pc.uses"), cell: (c) => (c.maxUses != null ? t("pc.usesOf", { uses: c.uses, max: c.maxUses }) : c.uses) },
    { label: t("pc.firstVisit"), cell: (c) => (c.firstVisitOnly ? t("pc.yes") : t("pc.no")) },
    actionsColumn(manage, (c) => [
      { text: t("pc.edit"), label: t("pc.editLabel", { code: c.code }), onClick: () => setOpen({ kind: "edit", code: c }) },
      {
        text: t("pc.delete"),
        label: t("pc.deleteLabel", { code: c.code }),
        onClick: () => setOpen({ kind: "delete", code: c }),
        danger: true,
      },
    ]),
  ];
}

function PromoCodes() {
  const view = useView<PromoCodesView>("/api/businesses/me/views/promo-codes");
  const { open, setOpen, close, done, finish } = useDialogs<Open>(view.reload);
  const d = view.data;
  if (!d) return <ViewPending view={view} />;
  const manage = gate(d.viewer, "manage");
  return (
    <>
      <PageActions gate={manage} label={t("pc.new")} onClick={() => setOpen({ kind: "new" })} />
      <Outcome done={done} />
      {d.codes.length === 0 ? (
        <Empty title={t("pc.none")}>{t("pc.noneHint")}</Empty>
      ) : (
        <DataTable caption={t("pc.caption")} columns={columns(manage, setOpen, d)} rows={d.codes} />
      )}
      {open?.kind === "new" || open?.kind === "edit" ? (
        <PromoCodeDialog
          code={open.kind === "edit" ? open.code : null}
          currency={d.business.currency}
          services={d.services}
          onClose={close}
          onSaved={(created) => finish(created ? t("pc.created") : t("pc.saved"))}
        />
      ) : null}
      {open?.kind === "delete" ? (
        <DeletePromoCodeDialog code={open.code} onClose={close} onDeleted={() => finish(t("pc.deleted"))} />
      ) : null}
    </>
  );
}

startPage("/app/promo-codes", () => <PromoCodes />);
