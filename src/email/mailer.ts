import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import nodemailer from "nodemailer";
import type { Config } from "../config";
import { parseMailbox, renderEmail, type EmailData, type EmailType, type RenderedEmail } from "./templates";

export interface OutgoingEmail extends RenderedEmail {
  to: string;
  /** Which template produced it (for logs and outbox file names). */
  type?: EmailType;
  /** A stable Message-ID (the outbox row's), so a retried send is recognisably the same message. */
  messageId?: string;
}

export interface SentEmail {
  messageId: string;
  /** The .eml file written when there is no SMTP server. */
  file?: string;
}

export interface Mailer {
  /** "smtp" when SMTP_URL is set, else "outbox" (.eml files under OUTBOX_DIR). */
  readonly mode: "smtp" | "outbox";
  send(email: OutgoingEmail): Promise<SentEmail>;
  /** Renders a template and sends it; the admin test-email feature calls this too. */
  sendTemplate(type: EmailType, to: string, data?: EmailData): Promise<SentEmail>;
  /** Renders a template into a message (to enqueue it in the outbox). */
  renderTemplate(type: EmailType, to: string, data?: EmailData): OutgoingEmail;
  close(): void;
}

export interface MailerOptions {
  /** Where the one-line summaries go (console.log by default). */
  log?: (line: string) => void;
  /** Called with every message before it is handed to the transport (tests record them). */
  onSend?: (email: OutgoingEmail) => void;
  now?: () => Date;
}

type MailConfig = Pick<Config, "SMTP_URL" | "MAIL_FROM" | "OUTBOX_DIR" | "APP_URL">;

/** The first http(s) link of a text, for the outbox log line. */
export function firstLink(text: string): string | undefined {
  return text.match(/https?:\/\/[^\s<>"]+/)?.[0];
}


/** nodemailer over SMTP when SMTP_URL is set; otherwise .eml files in OUTBOX_DIR plus a log line. */
export function createMailer(config: MailConfig, options: MailerOptions = {}): Mailer {
  const log = options.log ?? ((line: string) => console.log(line));
  const now = options.now ?? (() => new Date());
  const mode = config.SMTP_URL ? "smtp" : "outbox";
  const transport = config.SMTP_URL
    ? nodemailer.createTransport(config.SMTP_URL)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });

  const mailer: Mailer = {
    mode,
    async send(email) {
      options.onSend?.(email);
      const info = await transport.sendMail({
        from: config.MAIL_FROM,
        to: email.to,
        subject: email.subject,
        text: email.text,
        html: email.html,
        icalEvent: email.icalEvent,
        messageId: email.messageId,
      });
      if (mode === "smtp") {
        // no link in this line: in production links carry live tokens
        log(`[mail] sent "${email.subject}" to ${email.to} via SMTP`);
        return { messageId: info.messageId };
      }
      mkdirSync(config.OUTBOX_DIR, { recursive: true });
      const stamp = now().toISOString().replace(/[:.]/g, "-");
      // a random part: a counter per process collided between processes and restarts
      const file = join(config.OUTBOX_DIR, `${stamp}-${crypto.randomUUID().slice(0, 8)}-${email.type ?? "message"}.eml`);
      writeFileSync(file, (info as unknown as { message: Buffer }).message);
      const link = firstLink(email.text);
      log(`[mail] "${email.subject}" to ${email.to} written to ${file}${link ? ` link: ${link}` : ""}`);
      return { messageId: info.messageId, file };
    },
    sendTemplate(type, to, data = {}) {
      return mailer.send(mailer.renderTemplate(type, to, data));
    },
    renderTemplate(type, to, data = {}) {
      const rendered = renderEmail(type, data, { appUrl: config.APP_URL, from: parseMailbox(config.MAIL_FROM), now: now() }, to);
      return { ...rendered, to, type };
    },
    close() {
      transport.close();
    },
  };
  return mailer;
}
