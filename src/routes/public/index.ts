import { Hono } from "hono";
import type { AppEnv } from "../../env";
import { profileRoute } from "./profile";

export const publicRoutes = new Hono<AppEnv>();
publicRoutes.route("/", profileRoute);
