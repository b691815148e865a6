declare module "autocannon" {
  namespace autocannon {
    type Result = {
      requests: { average: number };
      latency: { p50: number; p99: number };
      "2xx": number;
      non2xx: number;
      errors: number;
      timeouts: number;
      statusCodeStats: Record<string, { count: number }>;
    };
  }
  function autocannon(opts: Record<string, unknown>, cb: (err: Error | null, result: autocannon.Result) => void): unknown;
  export default autocannon;
}
