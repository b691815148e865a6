import { createMiddleware } from "hono/factory";
import { bodyLimit } from "hono/body-limit";
import type { AppEnv } from "../env";
import { ApiError } from "../errors";

/** design.md §18: request bodies over these sizes are refused before anything parses them. */
export const BODY_LIMIT_BYTES = 64 * 1024;
/** Payment-processor events can be larger than any body our own clients send. */
export const WEBHOOK_BODY_LIMIT_BYTES = 256 * 1024;

const tooLarge = (max: number) => () => {
  throw new ApiError("payload_too_large", `The request body is larger than ${max / 1024} KB`);
};

const general = bodyLimit({ maxSize: BODY_LIMIT_BYTES, onError: tooLarge(BODY_LIMIT_BYTES) });
const webhooks = bodyLimit({ maxSize: WEBHOOK_BODY_LIMIT_BYTES, onError: tooLarge(WEBHOOK_BODY_LIMIT_BYTES) });

/**
 * 413 payload_too_large before parsing: a declared Content-Length over the limit is refused
 * without reading; a body without one (chunked) is counted while it is read and refused as soon
 * as it passes the limit, so no more than the limit is ever buffered.
 */
export const requestBodyLimit = createMiddleware<AppEnv>((c, next) =>
  c.req.path.startsWith("/api/webhooks/") ? webhooks(c, next) : general(c, next),
);
