import http from "node:http";

/**
 * A stand-in for a business's own web site: serves one HTML page (e.g. with the widget's script
 * tag) on 127.0.0.1. Reached as http://<anything>.example.test:<port>/ through Chromium's host
 * resolver rule, so the widget runs on a foreign origin exactly as it would on a real site.
 */
export async function serveHostPage(html: string): Promise<{ port: number; close: () => Promise<void> }> {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
    res.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return { port, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
