// The booking page's English catalog, as the page's catalog asset would set it (scripts/build-client.ts);
// in Node the messages stay ICU text, which intl-messageformat parses itself.
import en from "../../../src/shared/i18n/booking/en";
import script from "../../../src/shared/i18n/booking-script/en";

globalThis.bookingMessages = { ...en, ...script };
