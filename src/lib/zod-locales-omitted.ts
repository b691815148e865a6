/**
 * Stands in for zod's `locales` namespace in the Worker bundle (wrangler.toml's [alias]). zod's
 * classic entry re-exports every locale's error messages (`z.locales`, 64 modules, about 360 KiB
 * before gzip), and @hono/zod-openapi passes the whole `z` namespace to extendZodWithOpenApi, so
 * esbuild cannot drop them. We never call `z.config(z.locales.xx())`: API messages stay English
 * (design.md §30), and English is registered by zod's schemas module itself, not through this one.
 */
export {};
