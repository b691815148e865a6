import type { Context, ErrorHandler, NotFoundHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { z } from "zod";
import { ConfigError } from "./config";

/**
 * The closed list of error codes and their statuses (interface.md §Errors, design.md §12).
 * Shape 1 codes are answered as `{ "error": "<code>" }`, every other one as
 * `{ "error": { "code", "message", "details?" } }`.
 */
const CODES = {
  invalid_request: 400,
  stripe_not_connected: 400,
  invalid_signature: 400,
  stripe_account_mismatch: 400,
  unauthorized: 401,
  invalid_credentials: 401,
  "tenant required": 403,
  "tenant not found": 403,
  guest_disabled: 403,
  forbidden: 403,
  captcha_failed: 403,
  // design.md §28: the business asks this customer (recognised by e-mail, phone or account) to contact it.
  booking_restricted: 403,
  impersonation_read_only: 403,
  not_found: 404,
  slot_taken: 409,
  email_taken: 409,
  slug_taken: 409,
  invalid_transition: 409,
  not_reschedulable: 409,
  not_cancellable: 409,
  conflict: 409,
  domain_taken: 409,
  payment_expired: 409,
  refund_exceeds_payment: 409,
  // design.md §25: erasing a customer who still has bookings ahead (unless ?cancelUpcoming=true).
  customer_has_upcoming_bookings: 409,
  stripe_account_taken: 409,
  payload_too_large: 413,
  rate_limited: 429,
  internal_error: 500,
  misconfigured: 500,
  payment_provider_error: 502,
  ai_provider_error: 502,
  domain_provider_error: 502,
  unhealthy: 503,
  ai_unavailable: 503,
  rate_limit_unavailable: 503,
} as const satisfies Record<string, ContentfulStatusCode>;

export type ErrorCode = keyof typeof CODES;

const SHAPE_1 = new Set<ErrorCode>(["unauthorized", "rate_limited", "tenant required", "tenant not found"]);

export type ValidationDetails = { formErrors: string[]; fieldErrors: Record<string, string[]> };

export class ApiError extends Error {
  readonly status: ContentfulStatusCode;
  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly details?: ValidationDetails,
    readonly headers?: Record<string, string>,
  ) {
    super(message ?? defaultMessage(code));
    this.status = CODES[code];
  }

  static validation(details: ValidationDetails, message = "The request is not valid") {
    return new ApiError("invalid_request", message, details);
  }

  static field(field: string, message: string) {
    const fieldErrors = fieldErrorMap();
    fieldErrors[field] = [message];
    return ApiError.validation({ formErrors: [], fieldErrors });
  }

  static notFound(what = "Resource") {
    return new ApiError("not_found", `${what} not found`);
  }
}

function defaultMessage(code: ErrorCode): string {
  return code.replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase());
}

export function errorBody(err: ApiError) {
  if (SHAPE_1.has(err.code)) return { error: err.code };
  return {
    error: { code: err.code, message: err.message, ...(err.details ? { details: err.details } : {}) },
  };
}

export function errorResponse(c: Context, err: ApiError) {
  if (err.headers) for (const [k, v] of Object.entries(err.headers)) c.header(k, v);
  c.header("Cache-Control", "no-store");
  return c.json(errorBody(err), err.status);
}

/**
 * A field-errors map keyed by names from the request: without a prototype, so a key such as
 * `constructor`, `toString` or `__proto__` is an ordinary entry (issue 24) and serialises as one.
 */
export function fieldErrorMap(): Record<string, string[]> {
  return Object.create(null) as Record<string, string[]>;
}

/** zod issues -> details with dotted field paths (design.md §13). */
export function zodDetails(error: z.ZodError): ValidationDetails {
  const details: ValidationDetails = { formErrors: [], fieldErrors: fieldErrorMap() };
  for (const issue of error.issues) {
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) {
        const path = [...issue.path, key].join(".");
        (details.fieldErrors[path] ??= []).push("Unknown field");
      }
      continue;
    }
    const path = issue.path.map(String).join(".");
    if (path === "") details.formErrors.push(issue.message);
    else (details.fieldErrors[path] ??= []).push(issue.message);
  }
  return details;
}

/** The one validation hook every zValidator uses. */
export function validationHook(result: { success: boolean; error?: unknown }) {
  if (!result.success) throw ApiError.validation(zodDetails(result.error as z.ZodError));
}

/**
 * The ApiError an error is or wraps: Drizzle wraps whatever the driver throws in its own "Failed
 * query" error, and a refusal decided inside a round trip (a tenant API key, src/db/guard.ts)
 * travels that way.
 */
function apiErrorIn(err: unknown): ApiError | null {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof ApiError) return e;
  }
  return null;
}

export const onError: ErrorHandler = (err, c) => {
  const api = apiErrorIn(err);
  if (api) return errorResponse(c, api);
  if (err instanceof ConfigError) {
    // The request's log line carries it (src/middleware/request-log.ts): the names of the settings, never values.
    c.set("failure", err);
    return errorResponse(c, new ApiError("misconfigured", "The service is not configured"));
  }
  if (err instanceof HTTPException) {
    // Hono's own validator throws these for bodies it cannot parse.
    if (err.status === 400) {
      return errorResponse(c, ApiError.validation({ formErrors: [err.message || "Malformed request"], fieldErrors: {} }));
    }
    if (err.status === 413) return errorResponse(c, new ApiError("payload_too_large"));
    // OpenAPIHono's media-type gate: a body that is not JSON where JSON is declared (issue #33).
    if (err.status === 415) {
      return errorResponse(c, ApiError.validation({ formErrors: ["Send the request body as application/json"], fieldErrors: {} }));
    }
    if (err.status === 401) return errorResponse(c, new ApiError("unauthorized"));
  }
  // Logged once, on the request's own line (route pattern, redacted error: src/middleware/request-log.ts).
  c.set("failure", err);
  return errorResponse(c, new ApiError("internal_error", "Something went wrong on our side"));
};

export const onNotFound: NotFoundHandler = (c) => errorResponse(c, new ApiError("not_found", "Route not found"));
