// The local Upstash REST endpoint (tools/upstash-server) must behave like Upstash for the real
// @upstash/redis client, because the production rate limiter is tested through it.
import { Redis } from "@upstash/redis";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { RespParser, SimpleString, RespError, encodeCommand } from "../../tools/upstash-server/resp.mjs";
import { startRedis, startUpstashServer } from "../../tools/upstash-server/server.mjs";

const TOKEN = "test-token";
let redisProc: Awaited<ReturnType<typeof startRedis>>;
let upstash: Awaited<ReturnType<typeof startUpstashServer>>;
let redis: Redis; // defaults: automaticDeserialization on, auto-pipelining on
let raw: Redis; // automaticDeserialization off
let direct: Redis; // auto-pipelining off: one HTTP request per command

beforeAll(async () => {
  redisProc = await startRedis();
  upstash = await startUpstashServer({ redisPort: redisProc.port, token: TOKEN });
  const common = { url: upstash.url, token: TOKEN, enableTelemetry: false };
  redis = new Redis(common);
  raw = new Redis({ ...common, automaticDeserialization: false });
  direct = new Redis({ ...common, enableAutoPipelining: false });
});

afterAll(async () => {
  await upstash?.close();
  await redisProc?.close();
});

beforeEach(async () => {
  await direct.flushall();
});

async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${upstash.url}${path}`, {
    method: "POST",
    headers: { Authorization: `Bearer ${TOKEN}`, ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}
const b64 = (s: string) => Buffer.from(s, "utf8").toString("base64");

describe("RESP codec", () => {
  it("parses replies split at every byte boundary", () => {
    const wire = Buffer.from("+OK\r\n-ERR bad\r\n:-12\r\n$5\r\nh\r\nl!\r\n$-1\r\n*3\r\n$0\r\n\r\n*-1\r\n*1\r\n:1\r\n");
    const replies: unknown[] = [];
    const parser = new RespParser((r) => replies.push(r));
    for (let i = 0; i < wire.length; i++) parser.feed(wire.subarray(i, i + 1));
    expect(replies).toHaveLength(6);
    expect(replies[0]).toEqual(new SimpleString("OK"));
    expect(replies[1]).toEqual(new RespError("ERR bad"));
    expect(replies[2]).toBe(-12);
    expect((replies[3] as Buffer).toString()).toBe("h\r\nl!");
    expect(replies[4]).toBeNull();
    expect(replies[5]).toEqual([Buffer.alloc(0), null, [1]]);
  });

  it("encodes commands as arrays of bulk strings", () => {
    expect(encodeCommand(["SET", "k", 1, "é"]).toString()).toBe("*4\r\n$3\r\nSET\r\n$1\r\nk\r\n$1\r\n1\r\n$2\r\né\r\n");
  });
});

describe("wire protocol", () => {
  it("base64-encodes every string except a top-level OK, keeps numbers and nil", async () => {
    const enc = { "Upstash-Encoding": "base64" };
    expect(await post("/", ["SET", "k", "héllo"], enc)).toEqual({ status: 200, body: { result: "OK" } });
    expect(await post("/", ["GET", "k"], enc)).toEqual({ status: 200, body: { result: b64("héllo") } });
    expect(await post("/", ["GET", "k"])).toEqual({ status: 200, body: { result: "héllo" } });
    expect(await post("/", ["GET", "nope"], enc)).toEqual({ status: 200, body: { result: null } });
    expect(await post("/", ["PING"], enc)).toEqual({ status: 200, body: { result: b64("PONG") } });
    const script = "return {1, 'x', {2, false, redis.status_reply('OK')}}";
    expect(await post("/", ["EVAL", script, "0"], enc)).toEqual({
      status: 200,
      body: { result: [1, b64("x"), [2, null, b64("OK")]] },
    });
    expect(
      await post(
        "/pipeline",
        [
          ["INCR", "n"],
          ["SET", "k", "v"],
          ["INCR", "k"],
        ],
        enc,
      ),
    ).toEqual({
      status: 200,
      body: [{ result: 1 }, { result: "OK" }, { error: "ERR value is not an integer or out of range" }],
    });
  });

  it("returns Redis errors as HTTP 400 and requires the bearer token", async () => {
    expect(await post("/", ["EVALSHA", "0".repeat(40), "0"])).toEqual({
      status: 400,
      body: { error: "NOSCRIPT No matching script. Please use EVAL." },
    });
    expect(await post("/", ["GET", "k"], { Authorization: "Bearer wrong" })).toEqual({
      status: 401,
      body: { error: "Unauthorized" },
    });
    const res = await fetch(upstash.url, { method: "POST", body: '["GET","k"]' });
    expect(res.status).toBe(401);
    expect(await post("/", ["MULTI"])).toMatchObject({ status: 400 });
  });

  it("answers only the routes @upstash/redis uses", async () => {
    const get = (path: string, method = "GET") => fetch(`${upstash.url}${path}`, { method, headers: { Authorization: `Bearer ${TOKEN}` } });
    expect((await get("/set/pk/a%20b")).status).toBe(404);
    expect((await get("/subscribe/news", "POST")).status).toBe(404);
    expect((await get("/")).status).toBe(405);
  });
});

describe("@upstash/redis against real Redis", () => {
  it("round-trips strings, including unicode and strings that look like JSON, numbers or base64", async () => {
    const values = ["héllo wörld ✓ 🚀 日本語", '{"a":1}', "123", "OK", "aGVsbG8=", "", "true", "null"];
    for (const [i, v] of values.entries()) await direct.set(`s${i}`, v);
    for (const [i, v] of values.entries()) expect(await raw.get(`s${i}`)).toBe(v);
    // automatic deserialization parses JSON-looking strings, exactly as against Upstash
    expect(await redis.get("s0")).toBe(values[0]);
    expect(await redis.get("s1")).toEqual({ a: 1 });
    expect(await redis.get("s2")).toBe(123);
    expect(await redis.get("s3")).toBe("OK");
    expect(await redis.get("s4")).toBe("aGVsbG8=");
    expect(await redis.get("s5")).toBe("");
    await redis.set("obj", { nested: [1, "x", null], u: "ü" });
    expect(await redis.get("obj")).toEqual({ nested: [1, "x", null], u: "ü" });
  });

  it("handles numbers, nil and INCR", async () => {
    await redis.set("n", 42);
    expect(await redis.get("n")).toBe(42);
    expect(await raw.get("n")).toBe("42");
    expect(await redis.incr("n")).toBe(43);
    expect(await redis.incrby("n", -50)).toBe(-7);
    expect(await redis.incrbyfloat("f", 1.5)).toBe(1.5);
    expect(await redis.get("missing")).toBeNull();
    expect(await raw.get("missing")).toBeNull();
    expect(await redis.mget("n", "missing")).toEqual([-7, null]);
    expect(await redis.set("n", 1, { nx: true })).toBeNull();
    expect(await redis.set("ttl", "v", { ex: 100 })).toBe("OK");
    expect(await redis.ttl("ttl")).toBe(100);
  });

  it("handles hashes", async () => {
    expect(await redis.hset("h", { a: "1", b: "x", c: "日本" })).toBe(3);
    expect(await redis.hget("h", "b")).toBe("x");
    expect(await redis.hget("h", "nope")).toBeNull();
    expect(await redis.hincrby("h", "a", 5)).toBe(6);
    expect(await redis.hgetall("h")).toEqual({ a: 6, b: "x", c: "日本" });
    expect(await redis.hgetall("no-such-hash")).toBeNull();
  });

  it("handles sorted sets with scores", async () => {
    await redis.zadd("z", { score: 3, member: "c" }, { score: 1, member: "a" }, { score: 2.5, member: "b" });
    expect(await redis.zrange("z", 0, -1)).toEqual(["a", "b", "c"]);
    expect(await redis.zrange("z", 0, -1, { withScores: true })).toEqual(["a", 1, "b", 2.5, "c", 3]);
    expect(await raw.zrange("z", 0, -1, { withScores: true })).toEqual(["a", "1", "b", "2.5", "c", "3"]);
    expect(await redis.zscore("z", "b")).toBe(2.5);
    expect(await redis.zincrby("z", 10, "a")).toBe(11);
    expect(await redis.zrange("z", 0, 0, { rev: true })).toEqual(["a"]);
  });

  it("returns nested EVAL results with integers, strings and nil", async () => {
    const script = "return {1, 'two', {3, KEYS[1], ARGV[1], {false, 'deep'}}, false, redis.status_reply('OK'), -7}";
    const expected = [1, "two", [3, "key", "é", [null, "deep"]], null, "OK", -7];
    expect(await redis.eval(script, ["key"], ["é"])).toEqual(expected);
    expect(await raw.eval(script, ["key"], ["é"])).toEqual(expected);
    expect(await direct.eval("return redis.call('GET', KEYS[1])", ["missing"], [])).toBeNull();
  });

  it("falls back from EVALSHA to EVAL on NOSCRIPT, then uses the cached script", async () => {
    const script = redis.createScript<[string, string, number]>("return {KEYS[1], ARGV[1], redis.call('INCR', KEYS[1] .. ':count')}");
    await redis.scriptFlush();
    let before = upstash.commandCount();
    expect(await script.exec(["k"], ["v"])).toEqual(["k", "v", 1]);
    expect(upstash.commandCount() - before).toBe(2); // EVALSHA (NOSCRIPT) + EVAL
    before = upstash.commandCount();
    expect(await script.exec(["k"], ["v"])).toEqual(["k", "v", 2]);
    expect(upstash.commandCount() - before).toBe(1); // EVALSHA hit
    await direct.scriptFlush();
    const viaDirect = direct.createScript<number>("return redis.call('INCR', KEYS[1])");
    expect(await viaDirect.exec(["d"], [])).toBe(1);
    await expect(direct.evalsha("0".repeat(40), [], [])).rejects.toThrow(/NOSCRIPT/);
  });

  it("runs pipelines in order and reports per-command errors", async () => {
    const p = redis.pipeline();
    p.set("a", 1);
    p.incr("a");
    p.get("a");
    p.hset("ph", { f: "v" });
    p.get("missing");
    expect(await p.exec()).toEqual(["OK", 2, 2, 1, null]);

    const bad = redis.pipeline().set("s", "text").incr("s").get("s");
    await expect(bad.exec()).rejects.toThrow(/Command 2 \[ incr \] failed: ERR value is not an integer/);
    const kept = await redis.pipeline().set("s", "text").incr("s").get("s").exec({ keepErrors: true });
    expect(kept.map((r) => r.error ?? null)).toEqual([null, "ERR value is not an integer or out of range", null]);
    expect(kept[2].result).toBe("text");
  });

  it("runs multi() transactions atomically", async () => {
    expect(await redis.multi().set("x", 5).incrby("x", 10).get("x").exec()).toEqual(["OK", 15, 15]);
    // Concurrent transactions over the pooled connections: no other command may run between a
    // transaction's commands, so each one sees its own 1000 increments back to back.
    const results = await Promise.all(
      Array.from({ length: 12 }, () => {
        const tx = direct.multi();
        for (let i = 0; i < 1000; i++) tx.incr("c");
        return tx.get("c").exec() as Promise<number[]>;
      }),
    );
    for (const values of results) {
      const first = values[0];
      expect(values).toEqual([...Array.from({ length: 1000 }, (_, i) => first + i), first + 999]);
    }
    expect(await redis.get("c")).toBe(12_000);
    // a command rejected while queueing aborts the whole transaction
    const aborted = await post("/multi-exec", [["SET", "y", "1"], ["NOSUCHCOMMAND"]]);
    expect(aborted.status).toBe(400);
    expect(aborted.body.error).toMatch(/^EXECABORT .*unknown command/);
    expect(await redis.get("y")).toBeNull();
  });

  it("rejects a bad token", async () => {
    const wrong = new Redis({ url: upstash.url, token: "wrong", enableTelemetry: false, retry: false });
    await expect(wrong.get("k")).rejects.toThrow(/Unauthorized/);
  });

  it("surfaces Redis errors as thrown errors", async () => {
    await redis.set("s", "not a number");
    await expect(redis.incr("s")).rejects.toThrow(/ERR value is not an integer or out of range/);
    await expect(direct.incr("s")).rejects.toThrow(/ERR value is not an integer or out of range/);
    await expect(direct.hget("s", "f")).rejects.toThrow(/WRONGTYPE/);
  });

  it("counts 200 concurrent INCRs exactly", async () => {
    for (const client of [redis, direct]) {
      await direct.del("counter");
      const before = upstash.commandCount();
      const values = await Promise.all(Array.from({ length: 200 }, () => client.incr("counter")));
      expect(await direct.get("counter")).toBe(200);
      expect(new Set(values).size).toBe(200);
      expect(Math.max(...values)).toBe(200);
      expect(upstash.commandCount() - before).toBe(201);
    }
  });
});
