/**
 * Spec texts that more than one feature shows (SPEC.md section 8), without zod, so that any
 * island can import them for the cost of the strings.
 */
export const COMMON_TEXTS = {
  /** The title of a sign-in refusal (booking, likes). */
  signInRequired: "Sign in required",
  /** Copying a link: success, failure and what to do then. */
  copied: "Copied to clipboard!",
  copyFailed: "Copy failed",
  copyManually: "Please copy the link manually.",
  /** A call that never reached the server. */
  connectionError: "Connection error. Please try again.",
  /** Any other path (SPEC.md section 2). */
  notFoundTitle: "404 Page Not Found",
  notFoundText: "Did you forget to add the page to the router?",
} as const;

/**
 * A practitioner who has not saved their hours yet (decision 028): their profile, booking page and
 * directory card. Here rather than in ./booking-texts so the directory's cards do not load that chunk.
 */
export const NOT_TAKING_BOOKINGS_YET = "Not taking bookings yet";
