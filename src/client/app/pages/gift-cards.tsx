// /app/gift-cards (design.md §32): every paid or issued gift card with its balance and state, newest
// first; owners and admins issue a card by hand (its code shown once, to copy) and void one with a reason.
import { useState } from "hono/jsx/dom";
import { isoDay } from "../../../shared/format";
import type { GiftCardsView, IssuedGiftCard, OwnerGiftCard } from "../../shared/api-types";
import { dayLabel } from "../lib/zoned";
import { startPage } from "../shell/boot";
import { t } from "../shell/i18n";
import { CopyBox } from "../ui/copy";
import { money } from "../ui/format";
import { type Column, DataTable } from "../ui/data-table";
import { Button, Empty, Outcome, ViewPending } from "../ui/kit";
import { type Gate, gate } from "../ui/permissions";
import { useView } from "../ui/use-view";
import { IssueDialog, VoidDialog } from "./gift-card-forms";
import { PageActions, useDialogs } from "./prepaid-kit";

const STATE = {
  active: "gc.active",
  empty: "gc.empty",
  expired: "gc.expired",
  void: "gc.void",
  pending: "gc.pending",
} as const satisfies Record<OwnerGiftCard["state"], string>;

const who = (c: OwnerGiftCard) =>
  c.recipientName && c.recipientEmail
    ? t("gc.recipient", { name: c.recipientName, email: c.recipientEmail })
    : c.recipientName || c.recipientEmail || "\u2014";

type Open = { kind: "issue" } | { kind: "void"; card: OwnerGiftCard };

function columns(manage: Gate, setOpen: (open: Open) => void): Column<OwnerGiftCard>[] {
  return [
    { label: t("gc.codeCol"), cell: (c) => (c.last4 ? `GC-\u2026${c.last4}` : "\u2014") },
    { label: t("gc.for"), cell: who },
    {
      label: t("gc.balance"),
      cell: (c) => (
        <span>
          {money(c.balance, c.currency)} <span class="muted small">{t("gc.of", { amount: money(c.amount, c.currency) })}</span>
        </span>
      ),
    },
    {
      label: t("gc.state"),
      cell: (c) => (
        <span>
          {t(STATE[c.state])}
          {c.voidReason ? <span class="muted small"> ({c.voidReason})</span> : null}
        </span>
      ),
    },
    { label: t("gc.expires"), cell: (c) => (c.expiresAt ? dayLabel(isoDay(c.expiresAt)) : t("gc.never")) },
    {
      label: t("gc.how"),
      cell: (c) => (c.source === "owner" ? t("gc.issuedBy", { reason: c.reason ?? "" }) : t("gc.boughtBy", { name: c.buyerName ?? "" })),
    },
    {
      label: t("svc.actions"),
      hiddenLabel: true,
      cell: (c) =>
        c.state === "active" || c.state === "empty" ? (
          <Button gate={manage} onClick={() => setOpen({ kind: "void", card: c })} label={t("gc.voidNamed", { last4: c.last4 ?? "" })}>
            {t("gc.voidButton")}
          </Button>
        ) : null,
    },
  ];
}

function GiftCards() {
  const view = useView<GiftCardsView>("/api/businesses/me/views/gift-cards");
  const { open, setOpen, close, done, finish } = useDialogs<Open>(view.reload);
  const [issued, setIssued] = useState<IssuedGiftCard | null>(null);
  const d = view.data;
  if (!d) return <ViewPending view={view} />;
  const manage = gate(d.viewer, "manage");

  return (
    <>
      <PageActions gate={manage} label={t("gc.issue")} onClick={() => setOpen({ kind: "issue" })} />
      {issued ? (
        <CopyBox id="issued-code" label={t("gc.code")} value={issued.code} onDismiss={() => setIssued(null)}>
          <p>
            <strong>{t("gc.issued", { amount: money(issued.amount, issued.currency) })}</strong> {t("gc.issuedHint")}
          </p>
        </CopyBox>
      ) : null}
      <Outcome done={done} />
      {d.cards.length === 0 ? (
        <Empty title={t("gc.none")}>{t("gc.noneHint")}</Empty>
      ) : (
        <DataTable caption={t("gc.caption")} columns={columns(manage, setOpen)} rows={d.cards} />
      )}
      {open?.kind === "issue" ? (
        <IssueDialog
          currency={d.business.currency}
          onClose={close}
          onIssued={(card) => {
            setIssued(card);
            finish("");
          }}
        />
      ) : null}
      {open?.kind === "void" ? <VoidDialog card={open.card} onClose={close} onVoided={() => finish(t("gc.voided"))} /> : null}
    </>
  );
}

startPage("/app/gift-cards", () => <GiftCards />);
