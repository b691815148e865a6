/**
 * Stands in for @formatjs/icu-skeleton-parser in the Worker bundle (wrangler.toml's [alias]), as
 * zod-locales-omitted.ts does for zod's locales: the ICU parser imports it for `::` number and date
 * skeletons, which no catalog of ours uses (dates, money and lists are formatted through Intl before
 * they reach a message, docs/engineering.md "Languages"; test/unit/shared/i18n/catalogs.test.ts
 * refuses a skeleton). About 2.5 KiB gzipped of the 600 KB Worker budget.
 */
const unsupported = (): never => {
  throw new Error("ICU skeletons are not used in this Worker's catalogs");
};
export const parseDateTimeSkeleton = unsupported;
export const parseNumberSkeleton = unsupported;
export const parseNumberSkeletonFromString = unsupported;
