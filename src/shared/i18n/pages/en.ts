/**
 * Words of the small pages outside the booking page (design.md §30): the reset-password page and the
 * short manage link's error pages. English is the source; each page picks the visitor's language from
 * Accept-Language among all supported locales (these pages belong to no one business's offer).
 */
const en = {
  "page.skip": "Skip to content",
  "reset.chooseYour": "Choose your password",
  "reset.chooseNew": "Choose a new password",
  "reset.inviteIntro": "Choose the password you will sign in with.",
  "reset.resetIntro": "Enter a new password for your account. Every device signed in to it will be signed out.",
  "reset.correct": "Please correct the fields below.",
  "reset.newPassword": "New password",
  "reset.hint": "At least 8 characters.",
  "reset.repeat": "Repeat the new password",
  "reset.save": "Save password",
  "reset.passwordProblem":
    "{problem, select, short {Password must be at least 8 characters} long {Password must be at most 256 characters} other {Password is required}}",
  "reset.mismatch": "The two passwords are not the same",
  "reset.invalidTitle": "Link not valid",
  "reset.incompleteHeading": "This link is incomplete",
  "reset.expiredHeading": "This link no longer works",
  "reset.incomplete": "The address is missing its code. Open the link from your e-mail again, in full.",
  "reset.expired": "The link is invalid, has already been used, or has expired (reset links last one hour, invitations seven days).",
  "reset.askNew":
    'Ask for a new link from the sign-in page ("Forgot your password?"), or ask the business that invited you to add you again.',
  "reset.home": "Go to the start page",
  "reset.savedTitle": "Password saved",
  "reset.savedHeading": "Your password is saved",
  "reset.inviteDone": "Your account is ready. Sign in with your e-mail address and this password.",
  "reset.resetDone": "Sign in with your new password. Devices that were signed in have been signed out.",
  "short.tooManyTitle": "Too many tries",
  "short.tooMany": "Too many booking links that do not exist were opened from here. Please try again later.",
  "short.notFoundTitle": "Booking not found",
  "short.notFound": "This booking link does not name a booking. Check the link in your text message.",
} as const;

export default en;
export type PagesKey = keyof typeof en;
