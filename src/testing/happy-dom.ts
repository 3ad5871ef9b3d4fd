import { GlobalRegistrator } from "@happy-dom/global-registrator";

// happy-dom's fetch family follows browser rules and drops "forbidden" headers such as Origin
// and Cookie, which the API tests must send: keep Bun's own implementations.
const NATIVE = ["fetch", "Request", "Response", "Headers", "FormData", "Blob", "File", "URL", "URLSearchParams", "AbortController", "AbortSignal", "ReadableStream", "WritableStream", "TransformStream", "TextEncoder", "TextDecoder", "WebSocket"] as const;
const saved = Object.fromEntries(NATIVE.map((name) => [name, (globalThis as Record<string, unknown>)[name]]));

// Component tests need a DOM; API and e2e tests ignore it.
if (!GlobalRegistrator.isRegistered) GlobalRegistrator.register({ url: "http://localhost:3000/" });
for (const name of NATIVE) (globalThis as Record<string, unknown>)[name] = saved[name];
