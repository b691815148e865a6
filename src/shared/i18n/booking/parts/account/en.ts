/**
 * The customer's sign-in on the booking page and the package shop (issue #43, design.md §32), the
 * words the server renders; the script's own are in ../../../booking-script/parts/account/.
 */
const accountEn = {
  "account.label": "Your account",
  "account.have": "Have an account?",
  "account.havePackage": "Have an account? Sign in, and your account keeps the package for your bookings.",
  "account.required": "{business} takes online bookings from customers with an account. Please sign in or create one to book.",
  "account.signIn": "Sign in",
  "account.email": "E-mail",
  "account.password": "Password",
  "account.firstName": "First name",
  "account.passwordHint": "At least 8 characters.",
  "account.newHere": "New here?",
  "account.create": "Create an account",
} as const;

export default accountEn;
