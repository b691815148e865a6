/**
 * The script's words of the customer's sign-in (issue #43, design.md §32): the booking page and
 * the package shop; the server-rendered ones are in ../../../booking/parts/account/.
 */
const accountEn = {
  "account.signedIn": "Signed in as {name} ({email})",
  "account.signOut": "Sign out",
  "account.createButton": "Create account",
  "account.haveOne": "Already have an account?",
  "account.working": "One moment…",
  "account.wrongPassword": "The e-mail or password is not right. Please check them and try again.",
  "account.tooMany": "Too many sign-in attempts from here. Please wait a minute, then try again.",
  "account.emailTaken": "An account with this e-mail already exists. Please sign in instead.",
  "account.fill": "Please enter your e-mail and password.",
  "account.fillCreate": "Please enter your first name, your e-mail and a password.",
  "account.shortPassword": "Please choose a password of at least 8 characters.",
  "account.badEmail": "Please enter a valid e-mail address.",
  "account.failed": "That did not work just now. Please try again in a moment.",
  "account.offline": "You seem to be offline. Please check your connection and try again.",
  "account.ended": "Your sign-in has ended. Please sign in again.",
  "account.usePackage": "Use a session of my package ({name}, {credits, plural, one {# left} other {# left}})",
  "account.signInToBook":
    "This business takes bookings from customers with an account. Please sign in or create an account above, then confirm.",
  "account.packageKept":
    "Your package code is on its way to {email}, and your account keeps the package: when you book signed in, you can pay with one of its sessions.",
} as const;

export default accountEn;
