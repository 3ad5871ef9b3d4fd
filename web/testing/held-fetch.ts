/**
 * A fetch that holds each request until the test answers it, for forms' waiting states: how many
 * requests were sent, the last JSON body, and `answer(response)` to let the last one finish.
 * Replaces globalThis.fetch; the test file puts the real one back after each test.
 */
export function holdFetch() {
  const held = { calls: 0, sent: {} as Record<string, unknown>, answer: (_res: Response) => {} };
  globalThis.fetch = (async (_url: string, init?: RequestInit) => {
    held.calls++;
    if (init?.body) held.sent = JSON.parse(String(init.body));
    return new Promise<Response>((resolve) => (held.answer = resolve));
  }) as unknown as typeof fetch;
  return held;
}
