import type { HonoRequest } from "hono";
import type { AdminAuth, AnonymousAuth, CustomerAuth, MemberAuth, OwnerAuth } from "./auth-context";
import type { Env } from "./config";
import type { RoundTrips } from "./db/client";
import type { Services } from "./services/context";

/**
 * What requestContext (src/middleware/request-context.ts) sets on every request: the one services
 * context, and what the request's own log line reports (its round trips, its failure).
 */
export type AppVariables = {
  services: Services;
  /** The request's database round trips so far (its log line and data point report them). */
  roundTrips: RoundTrips;
  /** What went wrong, set by onError: the request's log line carries it (redacted). */
  failure?: unknown;
};

/** Routes without a caller (public reads, sign-in, inbound webhooks, pages). */
export type AppEnv = { Bindings: Env; Variables: AppVariables };

type CallerEnv<Auth> = { Bindings: Env; Variables: AppVariables & { auth: Auth } };

/** Owner routes: requireOwner has set the owner context (a member's token or an API key). */
export type OwnerEnv = CallerEnv<OwnerAuth>;
/** Routes only a member's token may use (members, API keys, new businesses, the AI assistant). */
export type MemberEnv = CallerEnv<MemberAuth>;
/** Operator routes: requireAdmin has set the admin context. */
export type AdminEnv = CallerEnv<AdminAuth>;
/** Customer routes (/api/me, customer logout): requireCustomer has set the customer context. */
export type CustomerEnv = CallerEnv<CustomerAuth>;
/** Public booking creation: optionalCustomer has set a customer or an anonymous caller. */
export type GuestEnv = CallerEnv<CustomerAuth | AnonymousAuth>;

/**
 * What helpers that read the request (its headers, the services context) take of a Hono context.
 * Structural, so a handler of any caller group (whose Context types differ in `auth`) can pass its `c`.
 */
export type RequestScope = { req: HonoRequest; var: AppVariables };
