// The booking page's script (/assets/booking-<hash>.js): reads the page's data-* attributes,
// calls the public JSON API and writes every value as text. Entry point of the esbuild bundle.
import { maybeById } from "../shared/dom";
import { startAsk } from "./ask";
import { startBookingFlow } from "./flow";
import { fillWords } from "./i18n";
import { startManageBooking } from "./manage";
import { resumeAfterRedirect } from "./payment";
import { openOfferedTime, startWaitlistManage } from "./waitlist";

fillWords();
const form = maybeById("booking-form", HTMLFormElement);
const flow = form ? startBookingFlow(form) : null;
startManageBooking(form);
if (form) resumeAfterRedirect();
if (form && flow) startAsk(form, flow);
startWaitlistManage();
// design.md §28: an offer e-mail's link opens the booking page on the offered time.
if (flow) void openOfferedTime(flow.choose);
