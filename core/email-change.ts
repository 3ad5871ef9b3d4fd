/** Changing an account's e-mail address (issue 26): the words both the settings form and the confirmation page use. */
export const EMAIL_CHANGE_PATH = "/auth/confirm-email-change";

export const EMAIL_CHANGE_TEXTS = {
  noPassword: "Set a password first (Change password above): changing the address asks for it.",
  sameAddress: "That is already your address.",
  taken: "Another account already uses that address.",
  requested: (email: string) => `We've sent a link to ${email}. Your address changes when you open it (it works for 24 hours); until then, sign in with your current one.`,
  tooMany: "You have asked for several changes this hour. Please use the link we sent, or try again later.",
  confirmButton: "Change my e-mail address",
  changed: (email: string) => `Your e-mail address is now ${email}. Sign in with it from now on.`,
  invalid: "This link is invalid, has expired or has already been used. Ask for a new one in your account settings.",
} as const;
