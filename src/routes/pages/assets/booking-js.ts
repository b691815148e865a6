// /assets/booking.js: the booking page's script (plain ES2017, no build step). It reads the page's
// data-* attributes, calls the public JSON API and writes every value with textContent, never as
// HTML. Kept free of backticks and "${" so it can live in this String.raw literal.
import { FLOW_JS } from "./booking/flow";
import { MANAGE_JS } from "./booking/manage";
import { SHARED_JS } from "./booking/shared";

// One IIFE around all fragments: they share its closure (page data, helpers).
export const BOOKING_JS =
  String.raw`
(function () {
  "use strict";` +
  SHARED_JS +
  FLOW_JS +
  MANAGE_JS +
  String.raw`
})();
`;
