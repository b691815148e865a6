import { byId, setText, show, sleep } from "../shared/dom";
import { type ApiAnswer, type RequestOptions, requestWithBackoff } from "../shared/http";
import { t } from "./i18n";

/**
 * The public API with the contract's 429 backoff (interface.md Limits rule 4): wait Retry-After
 * (60 s if absent), double on each consecutive 429, cap at 5 minutes, give up after the 5th.
 * While waiting, a notice counts down; the customer does not have to do anything.
 */
export function publicApi<T>(method: string, path: string, body?: unknown, token?: string): Promise<ApiAnswer<T>> {
  // A signed-in customer's token (issue #43) rides only on the requests that link the account.
  const opts: RequestOptions = { ...(body === undefined ? {} : { body }), ...(token ? { token } : {}) };
  return requestWithBackoff<T>(method, path, opts, waitWithNotice);
}

async function waitWithNotice(seconds: number): Promise<void> {
  const notice = byId("notice");
  setText(notice, "");
  const lead = document.createElement("span");
  lead.textContent = `${t("error.retry", { seconds })} `;
  const count = document.createElement("span");
  count.setAttribute("aria-hidden", "true");
  notice.append(lead, count);
  show(notice, true);
  for (let left = seconds; left > 0; left--) {
    count.textContent = `(${left})`;
    await sleep(1000);
  }
  show(notice, false);
}

/** What the customer reads when a request failed for a reason the page has no better words for. */
export function genericError(answer: ApiAnswer<unknown>): string {
  if (answer.status === 0) return t("error.offline");
  if (answer.status === 429) return t("error.busy");
  if (answer.status === 404) return t("error.closed");
  return t("error.server");
}
