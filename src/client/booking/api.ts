import { byId, setText, show, sleep } from "../shared/dom";
import { type ApiAnswer, type RequestOptions, requestWithBackoff } from "../shared/http";

/**
 * The public API with the contract's 429 backoff (interface.md Limits rule 4): wait Retry-After
 * (60 s if absent), double on each consecutive 429, cap at 5 minutes, give up after the 5th.
 * While waiting, a notice counts down; the customer does not have to do anything.
 */
export function publicApi<T>(method: string, path: string, body?: unknown): Promise<ApiAnswer<T>> {
  const opts: RequestOptions = body === undefined ? {} : { body };
  return requestWithBackoff<T>(method, path, opts, waitWithNotice);
}

async function waitWithNotice(seconds: number): Promise<void> {
  const notice = byId("notice");
  setText(notice, "");
  const lead = document.createElement("span");
  lead.textContent = `Lots of people are booking right now. We will try again automatically in ${seconds} seconds. `;
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
  if (answer.status === 0) return "We could not reach the booking service. Check your connection and try again.";
  if (answer.status === 429) return "Too many requests right now. Please wait a few minutes and try again.";
  if (answer.status === 404) return "This business is not taking online bookings right now. Please try again later.";
  return "Something went wrong on our side. Please try again.";
}
