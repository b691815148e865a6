// Server-sent events for `POST /subscribe/<channel>` and `POST /psubscribe/<pattern>`, the
// path-style endpoints @upstash/redis uses for redis.subscribe()/psubscribe(). Each stream gets
// its own Redis connection in subscribe mode. Events are `data: <type>,<channel>,<message>`
// (pmessage: `data: pmessage,<pattern>,<channel>,<message>`), plain text, as the client parses them.
import net from "node:net";
import { RespError, RespParser, encodeCommand } from "./resp.mjs";

/**
 * @param {import("node:http").ServerResponse} res
 * @param {{ redisPort: number, redisHost?: string, pattern: boolean, channels: string[], onCommand: () => void }} options
 * @returns {{ close: () => void }}
 */
export function streamSubscription(res, { redisPort, redisHost = "127.0.0.1", pattern, channels, onCommand }) {
  const socket = net.createConnection({ port: redisPort, host: redisHost });
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    socket.destroy();
    if (!res.writableEnded) res.end();
  };

  const parser = new RespParser((reply) => {
    if (reply instanceof RespError) {
      res.write(`data: error,,${oneLine(reply.message)}\n\n`);
      close();
      return;
    }
    if (!Array.isArray(reply)) return;
    const parts = reply.map((part) => (Buffer.isBuffer(part) ? part.toString("utf8") : String(part)));
    res.write(`data: ${parts.map(oneLine).join(",")}\n\n`);
  });

  socket.on("connect", () => {
    onCommand();
    socket.write(encodeCommand([pattern ? "PSUBSCRIBE" : "SUBSCRIBE", ...channels]));
  });
  socket.on("data", (chunk) => {
    try {
      parser.feed(chunk);
    } catch {
      close();
    }
  });
  socket.on("error", close);
  socket.on("close", close);
  res.on("close", close);

  res.writeHead(200, {
    "Content-Type": "text/event-stream",
    "Cache-Control": "no-cache",
    Connection: "keep-alive",
  });
  res.flushHeaders();
  return { close };
}

// SSE frames are line-based; a newline inside a message would split the event.
const oneLine = (/** @type {string} */ s) => s.replace(/\r?\n/g, " ");
