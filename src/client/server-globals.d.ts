// The client program reaches server modules only through `import type` (shared/api-types.ts),
// whose signatures name two Workers globals. The browser build never sees them; for the type
// check they come from the module form of @cloudflare/workers-types, whose globals would clash
// with the DOM library.
type KVNamespace<Key extends string = string> = import("@cloudflare/workers-types/index").KVNamespace<Key>;
type Queue<Body = unknown> = import("@cloudflare/workers-types/index").Queue<Body>;
type Ai = import("@cloudflare/workers-types/index").Ai;
