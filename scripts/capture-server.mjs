// A local stand-in for third parties we cannot reach (e-mail provider, Stripe, an integrator's
// endpoint): records every request it receives and answers with scripted responses.
//
//   any path          -> recorded; answered by the first matching rule's next scripted response,
//                        else 200 {"id":"cap_<n>"}
//   POST /__control/rules     {pathPrefix?, bodyContains?, responses:[{status, body?, delayMs?}]}
//   GET  /__control/requests?pathPrefix=&bodyContains=   -> {requests:[{method,path,headers,body,at}]}
import http from "node:http";

export async function startCaptureServer({ host = "127.0.0.1", port = 0 } = {}) {
  const requests = [];
  const rules = [];
  let counter = 0;

  const matches = (filter, path, body) =>
    (!filter.pathPrefix || path.startsWith(filter.pathPrefix)) && (!filter.bodyContains || body.includes(filter.bodyContains));

  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", async () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const url = new URL(req.url, "http://capture");
      const send = (status, payload) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(typeof payload === "string" ? payload : JSON.stringify(payload));
      };
      if (url.pathname === "/__control/rules" && req.method === "POST") {
        rules.push({ ...JSON.parse(body || "{}") });
        return send(200, { ok: true });
      }
      if (url.pathname === "/__control/requests") {
        const filter = Object.fromEntries(url.searchParams);
        return send(200, { requests: requests.filter((r) => matches(filter, r.path, r.body)) });
      }
      const record = { method: req.method, path: url.pathname + url.search, headers: req.headers, body, at: Date.now() };
      const rule = rules.find((r) => r.responses?.length && matches(r, record.path, body));
      const scripted = rule?.responses.shift();
      if (scripted?.delayMs) await new Promise((r) => setTimeout(r, scripted.delayMs));
      record.status = scripted?.status ?? 200;
      requests.push(record);
      counter += 1;
      send(record.status, scripted?.body ?? { id: `cap_${counter}`, object: "captured" });
    });
  });
  await new Promise((resolve) => server.listen(port, host, resolve));
  const address = server.address();
  return {
    url: `http://${host}:${address.port}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
