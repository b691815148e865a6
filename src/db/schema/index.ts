// The whole schema, one module per area; drizzle-kit reads this folder (drizzle.config.ts).
export * from "./accounts";
export * from "./credentials";
export * from "./catalog";
export * from "./bookings";
export * from "./events";
export * from "./resources";
export * from "./sms";
export * from "./waitlist";
export * from "./prepaid";
