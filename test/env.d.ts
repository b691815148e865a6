declare namespace Cloudflare {
  interface Env {
    LIBSQL_URL: string;
    JWT_SECRET: string;
    CAPTURE_URL: string;
    TEST_HOOKS: string;
    RATE_LIMIT_KV: KVNamespace;
    JOBS_QUEUE: Queue;
    /** The built page assets (dist/client), as the Static Assets router serves them. */
    ASSETS: Fetcher;
  }
}
declare module "*.mjs";
