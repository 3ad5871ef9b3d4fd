import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";

/** Throw anywhere in a handler; app.onError turns it into `{"message"}` or an error page. */
export function httpError(status: ContentfulStatusCode, message: string): HTTPException {
  return new HTTPException(status, { message });
}

export const notFound = (message = "Not found") => httpError(404, message);
export const badRequest = (message: string) => httpError(400, message);
export const unauthorized = (message = "Please sign in to continue") => httpError(401, message);
export const forbidden = (message = "You do not have permission to do that") => httpError(403, message);
export const conflict = (message: string) => httpError(409, message);

// Kept for callers not yet moved; the database's own error codes live under db/.
export { isUniqueViolation } from "../../db/errors";
