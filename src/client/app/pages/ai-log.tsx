// /app/ai-log: every request to the AI assistant (the public booking assistant and the team's),
// newest first: what was asked, which tools ran, how it ended.
import type { AiLogEntry, AiLogView } from "../../shared/api-types";
import { whenLabel } from "../lib/zoned";
import { startPage } from "../shell/boot";
import { intlLocale, t } from "../shell/i18n";
import { DataTable } from "../ui/data-table";
import { Empty, ViewPending } from "../ui/kit";
import { useView } from "../ui/use-view";

function who(e: AiLogEntry): string {
  return e.action === "ai.public_chat" ? t("ai.public") : t("ai.team");
}

function outcome(e: AiLogEntry): string {
  if (e.outcome === "ok") return t("ai.answered");
  // The error code is the server's own word for what went wrong (shown as sent, design.md §30).
  return e.errorCode ? t("ai.failedWith", { code: e.errorCode.replace(/_/g, " ") }) : t("ai.failed");
}

/** "1.2 s" / "1,2 s" in the member's language. */
const seconds = (ms: number) =>
  new Intl.NumberFormat(intlLocale(), { style: "unit", unit: "second", minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(
    ms / 1000,
  );

function AiLog() {
  const view = useView<AiLogView>("/api/businesses/me/views/ai-log?limit=100");
  const d = view.data;
  if (!d) return <ViewPending view={view} />;
  if (d.entries.length === 0) return <Empty title={t("ai.none")}>{t("ai.noneHint")}</Empty>;
  return (
    <>
      <p class="muted" role="status">
        {t("ai.recent", { count: d.entries.length })}
      </p>
      <DataTable
        caption={t("ai.caption")}
        rows={d.entries}
        columns={[
          { label: t("bk.when"), cell: (e) => whenLabel(e.createdAt, d.business.timezone) },
          { label: t("ai.assistant"), cell: who },
          { label: t("ai.question"), cell: (e) => e.question || "\u2014" },
          {
            label: t("ai.tools"),
            cell: (e) =>
              e.toolCalls.length
                ? e.toolCalls.map((c) => (c.ok ? c.name : t("ai.toolFailed", { name: c.name }))).join(", ")
                : t("ai.noTools"),
          },
          { label: t("ai.result"), cell: outcome },
          { label: t("ai.time"), cell: (e) => (e.latencyMs === null ? "\u2014" : seconds(e.latencyMs)) },
        ]}
      />
    </>
  );
}

startPage("/app/ai-log", () => <AiLog />);
