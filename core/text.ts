/** Rules for any text a person sends: shared by every request schema, server and browser alike. */
import { z } from "zod";

export const MALFORMED_TEXT_MESSAGE = "The text contains malformed characters (an unpaired UTF-16 surrogate)";

// With the u flag a proper surrogate pair is one code point, so only an unpaired half is \p{Cs}.
const LONE_SURROGATE = /\p{Cs}/u;

/** False for text with an unpaired surrogate, which no encoder can turn into UTF-8 faithfully. */
export function isWellFormedText(text: string): boolean {
  return !LONE_SURROGATE.test(text);
}

/** True when every string inside `value` (objects and arrays walked) is well formed. */
export function isWellFormedDeep(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return isWellFormedText(value);
  if (depth > 20 || value === null || typeof value !== "object") return true;
  for (const [key, item] of Object.entries(value)) {
    if (!isWellFormedText(key) || !isWellFormedDeep(item, depth + 1)) return false;
  }
  return true;
}

/**
 * `z.string()` that refuses malformed Unicode (a lone surrogate would otherwise become U+FFFD on
 * the way to the database or to argon2, so two different passwords could match). Chain the usual
 * checks after it: `wellFormedText({ error }).trim().min(1)`.
 */
export function wellFormedText(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).refine(isWellFormedText, { message: MALFORMED_TEXT_MESSAGE, abort: true });
}

export const CONTROL_CHARACTER_MESSAGE = "The text contains a control character (such as NUL or ESC); please remove it";

// C0 controls but tab, line feed and carriage return (multi-line text keeps its lines), DEL and C1
const CONTROL_CHARACTER = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/** True when the text holds a control character no person types (NUL, ESC, DEL, C1…). */
export function hasControlCharacter(text: string): boolean {
  return CONTROL_CHARACTER.test(text);
}

/** True when some string inside `value` (keys included, objects and arrays walked) holds one. */
export function hasControlCharacterDeep(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return hasControlCharacter(value);
  if (depth > 20 || value === null || typeof value !== "object") return false;
  for (const [key, item] of Object.entries(value)) {
    if (hasControlCharacter(key) || hasControlCharacterDeep(item, depth + 1)) return true;
  }
  return false;
}
