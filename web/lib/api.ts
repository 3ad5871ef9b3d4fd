/** The browser's HTTP client: credentials always, JSON only when a body exists (SPEC.md section 7). */
import { COMMON_TEXTS } from "../../core/common-texts";
import type { ApiBody, ApiPath, ApiQuery, ApiResponse, ApiRoute, PathParams } from "../../core/api-routes";

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

/** What a typed call takes besides its path: the path's `:name` parameters, the query and the JSON body. */
type CallParts<R extends ApiRoute, P extends string> = (keyof PathParams<P> extends never ? { params?: undefined } : { params: PathParams<P> }) &
  ([ApiQuery<R>] extends [never] ? { query?: undefined } : { query?: ApiQuery<R> | URLSearchParams | string }) &
  ([ApiBody<R>] extends [never] ? { body?: undefined } : { body: ApiBody<R> });
/** The parts argument, optional when nothing in it is required. */
type PartsArg<R extends ApiRoute, P extends string> = Record<never, never> extends CallParts<R, P> ? [parts?: CallParts<R, P>] : [parts: CallParts<R, P>];
type Route<M extends string, P extends string> = `${M} ${P}` & ApiRoute;
type Parts = { params?: Record<string, string>; query?: object | string; body?: unknown };

/** The address of a call: each `:name` filled in (encoded), then the query (its undefined values left out). */
function urlOf(path: string, { params, query }: Parts = {}): string {
  const search = String(typeof query == "object" && !(query instanceof URLSearchParams) ? new URLSearchParams(JSON.parse(JSON.stringify(query))) : (query ?? ""));
  return path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params![name]!)) + (search && "?" + search);
}

/**
 * The browser's calls typed by the server's routes (core/api-routes.ts): the method and path name
 * the endpoint; its answer has that endpoint's response type; its parameters, query and body are
 * checked against the same entry. Errors as apiGet and apiRequest throw them.
 */
export const api = {
  get<P extends ApiPath<"GET">>(path: P, ...[parts]: PartsArg<Route<"GET", P>, P>): Promise<ApiResponse<Route<"GET", P>>> {
    return apiGet(urlOf(path, parts as Parts));
  },
  send<M extends "POST" | "PUT" | "PATCH" | "DELETE", P extends ApiPath<M>>(method: M, path: P, ...[parts]: PartsArg<Route<M, P>, P>): Promise<ApiResponse<Route<M, P>>> {
    return apiRequest(method, urlOf(path, parts as Parts), (parts as Parts | undefined)?.body);
  },
};

/** The message to show a person: the server's message, else the fallback text of the screen. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.serverMessage ?? fallback;
  if (error instanceof TypeError) return COMMON_TEXTS.connectionError;
  return fallback;
}
