/**
 * A real SMTP server on 127.0.0.1 (random port) that keeps what it receives, parsed with
 * postal-mime. STARTTLS is disabled: smtp-server's built-in certificate has expired.
 */
import PostalMime, { type Email } from "postal-mime";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  /** RCPT TO addresses of the envelope. */
  recipients: string[];
  raw: string;
  parsed: Email;
}

export interface SmtpSink {
  url: string;
  received: ReceivedMail[];
  /** Messages held (options.holdMs) whose sender went away before the sink accepted them: not delivered. */
  dropped: ReceivedMail[];
  /** Resolves with the first message matching `predicate`, waiting up to `timeoutMs`. */
  waitFor(predicate?: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

export interface SmtpSinkOptions {
  /**
   * Milliseconds to wait before accepting this message (its final 250): a slow mail server. A sender
   * that disconnects meanwhile (a killed process) has not delivered it: it goes to `dropped`.
   */
  holdMs?: (mail: ReceivedMail) => number;
}

export async function startSmtpSink(options: SmtpSinkOptions = {}): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  const dropped: ReceivedMail[] = [];
  const closed = new Set<string>();
  const server = new SMTPServer({
    disabledCommands: ["STARTTLS"],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", async () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const parsed = await PostalMime.parse(raw);
        const mail = { recipients: session.envelope.rcptTo.map((r) => r.address), raw, parsed };
        const holdMs = options.holdMs?.(mail) ?? 0;
        if (holdMs > 0) {
          const until = Date.now() + holdMs;
          while (Date.now() < until && !closed.has(session.id)) await Bun.sleep(10);
          if (closed.has(session.id)) return void dropped.push(mail);
        }
        received.push(mail);
        callback();
      });
    },
    onClose(session) {
      closed.add(session.id);
    },
  });
  // a sender killed mid-message resets its connection: not an error of the sink
  server.on("error", () => {});
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const address = server.server.address();
  const port = typeof address === "object" && address ? address.port : 0;

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    dropped,
    async waitFor(predicate = () => true, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = received.find(predicate);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no matching e-mail within ${timeoutMs} ms (received ${received.length})`);
        await Bun.sleep(20);
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
