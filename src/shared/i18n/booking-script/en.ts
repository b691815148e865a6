/**
 * The booking page script's own words in English (design.md §30): statuses, errors and summaries the
 * browser writes. The Worker never loads this area (it keeps the Worker bundle small); the build
 * merges it with the page catalog (../booking/) into each language's asset.
 */
const en = {
  "slot.label": "{time} with {staff}",
  "summary.slot": "{service} with {staff}, {when}",
  "summary.when": "{date}, {start}–{end} ({timezone} time)",
  "manage.rowCode": "Code",
  "manage.rowBusiness": "Business",
  "manage.rowServices": "Services",
  "manage.rowService": "Service",
  "manage.rowWith": "With",
  "manage.rowWhen": "When",
  "manage.rowStatus": "Status",
  "manage.enterCode": "Enter the confirmation code from your e-mail.",
  "manage.notFound": "We could not find a booking with that code. Check the code and try again.",
  "manage.payExpired": "The time to pay for this booking has run out. Please book again.",
  "manage.moved": "Your booking has been moved to {date}, {time}.",
  "manage.notReschedulable": "This booking can no longer be moved.",
  "manage.cannotMoveNow": "This booking cannot be moved online right now.",
  "manage.confirmCancel": "Cancel this booking? This cannot be undone.",
  "manage.alreadyCancelled": "This booking was already cancelled.",
  "manage.cancelled": "Your booking has been cancelled.",
  "manage.notCancellable": "This booking can no longer be cancelled.",
  "manage.cannotMoveVisit": "{visit, select, yes {This visit} other {This service}} cannot be moved online. Please contact the business.",
  "client.booking": "Booking…",
  "client.captchaLoad": "The check that you are not a robot could not load. Please reload the page, or contact the business to book.",
  "client.chooseTimeFirst": "Please choose a time first.",
  "client.phoneForTexts": "Enter the mobile number to text, or untick “Text me about this booking”.",
  "client.captchaFirst": "Please complete the check that you are not a robot first.",
  "client.slotTaken": "Sorry, that time has just been taken.",
  "client.slotTakenAt": "Sorry, {time} on {date} was just booked by someone else. Please choose another time.",
  "client.paymentStart": "We could not start the payment, so nothing was booked. Please try again in a moment.",
  "client.captchaFailed": "The check that you are not a robot did not pass. Please complete it again, then confirm.",
  "client.tooManyHolds": "Too many bookings are waiting for payment from here right now. Please try again in a few minutes.",
  "client.guestDisabled": "This business only takes bookings from customers with an account. Please contact the business to book.",
  "calendar.loadingDays": "Loading free days…",
  "calendar.daysError": "The free days could not be loaded.",
  "slots.loading": "Loading available times…",
  "slots.searching": "Looking for the first date with free times…",
  "day.times": "{count, plural, one {# time available} other {# times available}} on {date}.",
  "day.first": "The first date with free times is {date} ({count, plural, one {# time available} other {# times available}}).",
  "day.none": "No free times from {chosen} to {through}. Please try another service or staff member, or contact the business.",
  "day.labelPast": "{date}, not bookable",
  "day.labelTimes": "{date}, {count, plural, one {# time available} other {# times available}}",
  "day.labelNone": "{date}, no free times",
  "manage.status":
    "{status, select, confirmed {Confirmed} pending {Pending} cancelled {Cancelled} completed {Completed} no_show {Missed} other {{status}}}",
  "day.next":
    "No free times left on {chosen}. Showing the next date with free times: {date} ({count, plural, one {# time available} other {# times available}}).",
  "day.visitNext":
    "No time fits {services, plural, =2 {both} =3 {all three} =4 {all four} =5 {all five} other {all #}} services on {chosen}. Showing the next date where they fit: {date} ({count, plural, one {# time available} other {# times available}}).",
  "day.visitNone":
    "No time fits {services, plural, =2 {both} =3 {all three} =4 {all four} =5 {all five} other {all #}} services from {chosen} to {through}. Please try fewer services or another staff member, or contact the business.",
  "texts.hintRegion":
    "For texts, a mobile number. We read it as a {region} number unless it starts with + and a country code; a number we cannot read gets no texts.",
  "texts.hint": "For texts, a mobile number starting with + and the country code; a number we cannot read gets no texts.",
  "texts.consent": "Text me about this booking",
  "texts.consentHint":
    "The confirmation, any change and reminders, sent to the phone number above. Reply STOP at any time to get no more texts.",
  "pay.heading": "Pay to confirm your booking",
  "pay.agree": "I agree to these fees and to my card being saved for them.",
  "pay.button": "Pay",
  "pay.expired": "The time to pay has run out and this time has been released for other customers. Nothing was charged.",
  "pay.restart": "Choose a time again",
} as const;

export default en;
export type BookingScriptKey = keyof typeof en;
