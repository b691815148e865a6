// Node-side tests import a few Worker modules (e.g. the rate limiter) whose types name Workers
// globals; only their shapes matter here.
type KVNamespace = {
  get<T = unknown>(key: string, type: "json"): Promise<T | null>;
  get(key: string): Promise<string | null>;
  put(key: string, value: string, opts?: { expirationTtl?: number }): Promise<void>;
};
type Queue<T = unknown> = { send(body: T): Promise<void>; sendBatch(messages: { body: T }[]): Promise<void> };
type Ai = { run(model: string, inputs: unknown, options?: unknown): Promise<unknown> };
