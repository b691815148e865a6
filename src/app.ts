import type { AppEnv } from "./env";
import { onError, onNotFound } from "./errors";
import { requestBodyLimit } from "./middleware/body-limit";
import { noStore } from "./middleware/cache";
import { platformHostOnly } from "./middleware/platform-host";
import { publicRateLimit, rateLimit } from "./middleware/rate-limit";
import { requestContext } from "./middleware/request-context";
import { requestLog } from "./middleware/request-log";
import { adminRoutes } from "./routes/admin";
import { documentRoutes } from "./routes/docs";
import { exportRoutes } from "./routes/exports";
import { openApiRouter } from "./routes/openapi";
import { aiPublicRoutes, aiRoutes } from "./routes/ai";
import { benchRoutes } from "./routes/bench";
import { calendarRoutes } from "./routes/calendar";
import { authRoutes, customerAuthRoutes } from "./routes/auth";
import { meRoutes } from "./routes/me";
import { ownerRoutes } from "./routes/owner";
import { pageRoutes } from "./routes/pages";
import { publicRoutes } from "./routes/public";
import { webhookRoutes } from "./routes/webhooks";
import { healthzRoutes } from "./routes/healthz";

export function buildApp() {
  const app = openApiRouter<AppEnv>();
  app.onError(onError);
  app.notFound(onNotFound);
  // First: one log line and one data point per request, whatever happens after (design.md §24).
  app.use("*", requestLog);
  app.use("*", requestContext);
  app.use("*", requestBodyLimit);
  // design.md §18: the operator API exists only on the platform host (`/x/*` also matches `/x`).
  app.use("/api/admin/*", platformHostOnly());
  // Every API answer is no-store unless its route declares otherwise (the public catalog).
  app.use("/api/*", noStore);

  // Rate-limit groups (design.md §9); groups not listed here have no limit.
  app.post("/api/auth/login", rateLimit("authLogin"));
  app.post("/api/auth/register", rateLimit("authRegister"));
  app.post("/api/auth/forgot-password", rateLimit("authForgot"));
  app.post("/api/customer-auth/login", rateLimit("customerLogin"));
  app.post("/api/customer-auth/register", rateLimit("customerRegister"));
  app.post("/api/customer-auth/forgot-password", rateLimit("customerForgot"));
  // The public group; on /api/public/booking/:code* also the failed-lookup budget of
  // confirmation codes (design.md §18), in the same store call.
  app.use("/api/public/*", publicRateLimit);
  app.use("/api/me/*", rateLimit("me"));
  app.use("/api/webhooks/*", rateLimit("webhooks"));
  app.use("/api/ai/*", rateLimit("ai"));
  app.use("/api/ai-public/*", rateLimit("aiPublic"));

  app.route("/api/public", publicRoutes);
  app.route("/api/auth", authRoutes);
  app.route("/api/customer-auth", customerAuthRoutes);
  app.route("/api/me", meRoutes);
  app.route("/api/admin", adminRoutes);
  app.route("/api/webhooks", webhookRoutes);
  app.route("/api/ai", aiRoutes);
  app.route("/api/ai-public", aiPublicRoutes);
  app.route("/api", ownerRoutes);
  documentRoutes(app);
  app.route("/__bench", benchRoutes);
  app.route("/calendar", calendarRoutes);
  app.route("/healthz", healthzRoutes);
  // design.md §29: CSV files, outside /api (the API speaks JSON).
  app.route("/exports", exportRoutes);
  app.route("/", pageRoutes);
  return app;
}

export const app = buildApp();
