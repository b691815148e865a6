import { zValidator } from "@hono/zod-validator";
import type { ValidationTargets } from "hono";
import { z } from "zod";
import { validationHook } from "../errors";

/**
 * zValidator bound to the one validation hook, so every route answers 400 invalid_request alike.
 * Bodies keep their schema's strictness (a `.strict()` body names an unknown key); a query string
 * ignores parameters it does not know (cache busters, tracking tags, a stray `constructor=`), so
 * query schemas are applied in strip mode whatever they say.
 */
export const validate = <T extends z.ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T) =>
  zValidator(target, (target === "query" && schema instanceof z.ZodObject ? schema.strip() : schema) as T, (result) =>
    validationHook(result),
  );
