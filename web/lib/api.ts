/** The browser's HTTP client: credentials always, JSON only when a body exists (SPEC.md section 7). */
import { COMMON_TEXTS } from "../../core/common-texts";

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    /** The server's `message` field, when the body was JSON with one. */
    readonly serverMessage: string | undefined,
  ) {
    super(`${status}: ${body}`);
  }
}

async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = (await res.text()) || res.statusText;
  let serverMessage: string | undefined;
  try {
    const parsed = JSON.parse(text);
    if (parsed && typeof parsed.message === "string") serverMessage = parsed.message;
  } catch {
    // not JSON: the status text is the message
  }
  throw new ApiError(res.status, text, serverMessage);
}

/** Sends a write call and returns the parsed JSON answer (or null for an empty body). */
export async function apiRequest<T = unknown>(method: string, url: string, body?: unknown): Promise<T> {
  const res = await fetch(url, {
    method,
    credentials: "include",
    headers: body === undefined ? { Accept: "application/json" } : { "Content-Type": "application/json", Accept: "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  await throwIfNotOk(res);
  const text = await res.text();
  return (text ? JSON.parse(text) : null) as T;
}

/** Sends a file as the request's body (its own Content-Type) and returns the parsed JSON answer. */
export async function apiUpload<T = unknown>(method: string, url: string, file: Blob): Promise<T> {
  const res = await fetch(url, { method, credentials: "include", headers: { "Content-Type": file.type || "application/octet-stream", Accept: "application/json" }, body: file });
  await throwIfNotOk(res);
  return (await res.json()) as T;
}

/** GET a JSON resource; with `on401: "returnNull"` a 401 gives null instead of an error. */
export async function apiGet<T>(url: string, options: { on401?: "throw" | "returnNull" } = {}): Promise<T> {
  const res = await fetch(url, { credentials: "include", headers: { Accept: "application/json" } });
  if (options.on401 === "returnNull" && res.status === 401) return null as T;
  await throwIfNotOk(res);
  return (await res.json()) as T;
}

/** The message to show a person: the server's message, else the fallback text of the screen. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.serverMessage ?? fallback;
  if (error instanceof TypeError) return COMMON_TEXTS.connectionError;
  return fallback;
}
