/**
 * The short manage link every text carries (design.md §27): `{PUBLIC_BASE_URL}/b/<code>`, a page
 * route that opens the booking page on that booking (src/routes/pages/short-link.ts). Built from
 * PUBLIC_BASE_URL only, like every link the platform sends (design.md §18).
 */
export const shortManageLink = (base: string, code: string) => `${base}/b/${encodeURIComponent(code)}`;
