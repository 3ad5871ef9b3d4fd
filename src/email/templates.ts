/**
 * E-mail templates in the product's voice and colours: each type renders a subject, an HTML body
 * (inline styles, table layout: what mail clients understand) and a plain-text body.
 */
import { FALLBACK_FIRST_NAME } from "../../core/constants";
import { BOOKING_TEXTS } from "../../core/booking-texts";
import { escapeHtml } from "../render/escape";
import { buildCalendarInvite } from "./calendar";

/** Every template; the last five are the ones an admin can send as a test (SPEC.md section 7). */
export const EMAIL_TYPES = [
  "verification",
  "password-reset",
  "sign-up-attempt",
  "welcome",
  "survey-thank-you",
  "alpha-invitation",
  "session-confirmation",
  "session-reminder",
] as const;
export type EmailType = (typeof EMAIL_TYPES)[number];

export const TEST_EMAIL_TYPES = ["welcome", "survey-thank-you", "alpha-invitation", "session-confirmation", "session-reminder"] as const satisfies readonly EmailType[];
export type TestEmailType = (typeof TEST_EMAIL_TYPES)[number];

/** What a template may use; every field is optional and has a sensible fallback. */
export interface EmailData {
  /** The recipient's first name. */
  name?: string;
  /** The action link (verification and reset). */
  link?: string;
  code?: string;
  inviteCode?: string;
  /** Display text of the session date and time, e.g. "Friday, March 14, 2025" and "2:00 PM (UTC)". */
  date?: string;
  time?: string;
  /** The session's start as ISO text; used for the calendar invite (falls back to date + time). */
  startsAt?: string;
  durationMinutes?: number;
  practitionerName?: string;
  clientName?: string;
  isVirtual?: boolean;
  meetingLink?: string;
  location?: string;
  /** Identifies the booking in the calendar invite, so updates replace the same event. */
  bookingId?: string;
}

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
  /** A text/calendar; method=REQUEST part (session confirmations). */
  icalEvent?: { method: "REQUEST" | "CANCEL" | "PUBLISH"; filename: string; content: string };
}

export interface TemplateContext {
  appUrl: string;
  from: { name: string; email: string };
  now: Date;
}

const COLORS = { forest: "#2f4f4f", forestDark: "#213838", honey: "#d4af37", cream: "#fbf8f1", parchment: "#f3ecdc", ink: "#1f2a2a", muted: "#56605c" };

export interface Block {
  paragraphs: string[];
  button?: { label: string; href: string };
  /** Label/value rows shown as a small table (session details). */
  details?: Array<[string, string]>;
  /** Shown in a highlighted box (invite codes). */
  highlight?: string;
  footnote?: string;
}

export function layout(subject: string, heading: string, block: Block, ctx: TemplateContext): { html: string; text: string } {
  const p = (text: string) => `<p style="margin:0 0 16px;font-size:16px;line-height:1.6;color:${COLORS.ink}">${escapeHtml(text)}</p>`;
  const button = block.button
    ? `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 24px"><tr><td style="border-radius:999px;background:${COLORS.forest}">` +
      `<a href="${escapeHtml(block.button.href)}" style="display:inline-block;padding:12px 28px;font-size:16px;font-weight:600;color:#ffffff;text-decoration:none;border-radius:999px">${escapeHtml(block.button.label)}</a>` +
      `</td></tr></table>` +
      `<p style="margin:0 0 16px;font-size:13px;line-height:1.5;color:${COLORS.muted}">Or paste this link into your browser:<br><a href="${escapeHtml(block.button.href)}" style="color:${COLORS.forest};word-break:break-all">${escapeHtml(block.button.href)}</a></p>`
    : "";
  const details = block.details?.length
    ? `<table role="presentation" cellpadding="0" cellspacing="0" width="100%" style="margin:0 0 20px;border:1px solid #e3e0d6;border-radius:12px;background:${COLORS.cream}">` +
      block.details
        .map(
          ([label, value]) =>
            `<tr><td style="padding:10px 16px;font-size:14px;color:${COLORS.muted};width:40%">${escapeHtml(label)}</td><td style="padding:10px 16px;font-size:14px;font-weight:600;color:${COLORS.ink}">${escapeHtml(value)}</td></tr>`,
        )
        .join("") +
      `</table>`
    : "";
  const highlight = block.highlight
    ? `<p style="margin:0 0 20px;padding:16px;border-radius:12px;background:${COLORS.parchment};text-align:center;font-size:22px;font-weight:700;letter-spacing:2px;color:${COLORS.forestDark}">${escapeHtml(block.highlight)}</p>`
    : "";
  const footnote = block.footnote ? `<p style="margin:16px 0 0;font-size:13px;line-height:1.5;color:${COLORS.muted}">${escapeHtml(block.footnote)}</p>` : "";

  const html =
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(subject)}</title></head>` +
    `<body style="margin:0;padding:0;background:${COLORS.cream};font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif">` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${COLORS.cream};padding:24px 12px"><tr><td align="center">` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:20px;overflow:hidden;border:1px solid #ebe6d8">` +
    `<tr><td style="background:${COLORS.forest};padding:20px 28px;border-bottom:4px solid ${COLORS.honey}"><span style="font-family:Georgia,'Times New Roman',serif;font-size:24px;color:#ffffff">Pollinate</span>` +
    `<span style="display:block;font-size:12px;letter-spacing:2px;text-transform:uppercase;color:${COLORS.honey}">Wellness, naturally connected</span></td></tr>` +
    `<tr><td style="padding:28px">` +
    `<h1 style="margin:0 0 20px;font-family:Georgia,'Times New Roman',serif;font-size:26px;line-height:1.3;font-weight:600;color:${COLORS.forest}">${escapeHtml(heading)}</h1>` +
    block.paragraphs.map(p).join("") +
    highlight +
    details +
    button +
    footnote +
    `</td></tr>` +
    `<tr><td style="padding:18px 28px;background:${COLORS.parchment};font-size:12px;line-height:1.5;color:${COLORS.muted}">` +
    `You are receiving this e-mail because of your Pollinate account. <a href="${escapeHtml(ctx.appUrl)}/" style="color:${COLORS.forest}">Visit Pollinate</a></td></tr>` +
    `</table></td></tr></table></body></html>`;

  const textParts = [heading, "", ...block.paragraphs.flatMap((t) => [t, ""])];
  if (block.highlight) textParts.push(block.highlight, "");
  if (block.details?.length) textParts.push(...block.details.map(([label, value]) => `${label}: ${value}`), "");
  if (block.button) textParts.push(`${block.button.label}: ${block.button.href}`, "");
  if (block.footnote) textParts.push(block.footnote, "");
  textParts.push("--", "Pollinate · Wellness, naturally connected", `${ctx.appUrl}/`);
  return { html, text: textParts.join("\n") };
}

const firstName = (data: EmailData) => data.name?.trim() || FALLBACK_FIRST_NAME;

/** The session's start: startsAt, else date + time when they parse, else null. */
function sessionStart(data: EmailData): Date | null {
  for (const candidate of [data.startsAt, data.date && data.time ? `${data.date} ${data.time}` : undefined, data.date]) {
    if (!candidate) continue;
    const parsed = new Date(candidate);
    if (!Number.isNaN(parsed.getTime())) return parsed;
  }
  return null;
}

function sessionDetails(data: EmailData, start: Date | null): Array<[string, string]> {
  const date = data.date ?? (start ? start.toLocaleDateString("en-US", { weekday: "long", month: "long", day: "numeric", year: "numeric", timeZone: "UTC" }) : "To be confirmed");
  const time = data.time ?? (start ? `${start.toLocaleTimeString("en-US", { hour: "numeric", minute: "2-digit", timeZone: "UTC" })} (UTC)` : "To be confirmed");
  const rows: Array<[string, string]> = [
    ["Practitioner", data.practitionerName ?? "Your practitioner"],
    ["Date", date],
    ["Time", time],
    ["Duration", `${data.durationMinutes ?? 60} minutes`],
    ["Session type", data.isVirtual === false ? "In-person session" : "Virtual session"],
  ];
  if (data.isVirtual === false) rows.push(["Location", data.location ?? BOOKING_TEXTS.inPersonFallbackLocation]);
  else if (data.meetingLink) rows.push(["Meeting link", data.meetingLink]);
  return rows;
}

/** The subject of a 'session-confirmation' e-mail (SPEC.md section 7's type), also when a practitioner confirms a booking. */
export function sessionConfirmedSubject(practitionerName: string): string {
  return `Your session with ${practitionerName} is confirmed`;
}

type Renderer = (data: EmailData, ctx: TemplateContext, to: string) => RenderedEmail;

const TEMPLATES: Record<EmailType, Renderer> = {
  verification(data, ctx) {
    const subject = "Confirm your e-mail address for Pollinate";
    const link = data.link ?? `${ctx.appUrl}/auth/verify-email`;
    return {
      subject,
      ...layout(subject, `Welcome, ${firstName(data)}!`, {
        paragraphs: [
          "Thank you for joining Pollinate. Please confirm that this is your e-mail address so we can keep your account safe and send you session details.",
        ],
        button: { label: "Verify my e-mail", href: link },
        footnote: "If you didn't create a Pollinate account, you can ignore this message.",
      }, ctx),
    };
  },

  "password-reset"(data, ctx) {
    const subject = "Reset your Pollinate password";
    const link = data.link ?? `${ctx.appUrl}/auth/forgot-password`;
    return {
      subject,
      ...layout(subject, "Reset your password", {
        paragraphs: [
          `Hi ${firstName(data)}, we received a request to reset the password of your Pollinate account.`,
          "Choose a new password with the button below. The link works once and expires in one hour. Resetting signs you out on every device.",
        ],
        button: { label: "Choose a new password", href: link },
        footnote: "If you didn't ask for this, you can ignore this e-mail: your password stays the same.",
      }, ctx),
    };
  },

  "sign-up-attempt"(data, ctx) {
    const subject = "Someone tried to sign up to Pollinate with your address";
    return {
      subject,
      ...layout(subject, "You already have an account", {
        paragraphs: [
          `Hi ${firstName(data)}, someone (perhaps you) just tried to create a new Pollinate account with this e-mail address. It already has an account, so nothing was created and nothing changed.`,
          `To use your account, sign in: ${ctx.appUrl}/auth/signin`,
          "Forgot your password? Choose a new one with the button below.",
        ],
        button: { label: "Reset my password", href: `${ctx.appUrl}/auth/forgot-password` },
        footnote: "If this wasn't you, you can ignore this e-mail: your account and password stay as they are.",
      }, ctx),
    };
  },

  welcome(data, ctx) {
    const subject = "Welcome to Pollinate";
    return {
      subject,
      ...layout(subject, `Welcome to the garden, ${firstName(data)}`, {
        paragraphs: [
          "Pollinate connects seekers with wellness practitioners through four pollinator archetypes: the grounding Bee, the precise Hummingbird, the transforming Butterfly and the integrating Beetle.",
          "Start by exploring practitioners, or wander through the Community Garden to see what others are sharing.",
        ],
        button: { label: "Find your match", href: `${ctx.appUrl}/practitioners` },
      }, ctx),
    };
  },

  "survey-thank-you"(data, ctx) {
    const subject = "Thank you for shaping Pollinate";
    return {
      subject,
      ...layout(subject, `Thank you, ${firstName(data)}`, {
        paragraphs: [
          "Your answers to the founding member survey are in. Every response helps us decide what blooms first: pricing that feels fair, the features you asked for, and a community that feels like home.",
          "As a founding member you'll hear from us first when new parts of Pollinate open.",
        ],
        button: { label: "Explore practitioners", href: `${ctx.appUrl}/practitioners` },
      }, ctx),
    };
  },

  "alpha-invitation"(data, ctx) {
    const subject = "You're invited to the Pollinate Alpha";
    const code = data.inviteCode ?? data.code;
    return {
      subject,
      ...layout(subject, `${firstName(data)}, you're invited`, {
        paragraphs: [
          "We're opening Pollinate to a small circle of founding members for our Germination season, and we'd love you to be one of them.",
          code ? "Your personal invitation code:" : "Follow the link below to take your place among the founding members.",
        ],
        highlight: code,
        button: { label: "Join the Alpha", href: `${ctx.appUrl}/alpha${code ? `?code=${encodeURIComponent(code)}` : ""}` },
      }, ctx),
    };
  },

  "session-confirmation"(data, ctx, to) {
    const start = sessionStart(data);
    const practitioner = data.practitionerName ?? "your practitioner";
    const subject = sessionConfirmedSubject(practitioner);
    const rendered = layout(subject, "Your session is booked", {
      paragraphs: [
        `Hi ${data.clientName ?? firstName(data)}, your session with ${practitioner} is confirmed. The details are below, and a calendar invite is attached.`,
        "Payment: your practitioner will send payment instructions before the session. You can pay by the method they offer; nothing has been charged by Pollinate.",
      ],
      details: sessionDetails(data, start),
      button: { label: "View my sessions", href: `${ctx.appUrl}/dashboard/client` },
      footnote: "Need to change plans? You can manage your sessions from your dashboard.",
    }, ctx);
    if (!start) return { subject, ...rendered };
    const end = new Date(start.getTime() + (data.durationMinutes ?? 60) * 60_000);
    const content = buildCalendarInvite(
      {
        uid: `${data.bookingId ?? `session-${start.getTime()}`}@pollinate`,
        start,
        end,
        summary: `Pollinate session with ${practitioner}`,
        description: data.isVirtual === false ? "In-person wellness session booked on Pollinate." : `Virtual wellness session booked on Pollinate.${data.meetingLink ? ` Join: ${data.meetingLink}` : ""}`,
        location: data.isVirtual === false ? (data.location ?? BOOKING_TEXTS.inPersonFallbackLocation) : (data.meetingLink ?? BOOKING_TEXTS.virtualDescription),
        url: `${ctx.appUrl}/dashboard/client`,
        organizer: ctx.from,
        attendee: { name: data.clientName ?? data.name, email: to },
      },
      ctx.now,
    );
    return { subject, ...rendered, icalEvent: { method: "REQUEST", filename: "session.ics", content } };
  },

  "session-reminder"(data, ctx) {
    const start = sessionStart(data);
    const practitioner = data.practitionerName ?? "your practitioner";
    const subject = `Reminder: your session with ${practitioner} is coming up`;
    return {
      subject,
      ...layout(subject, "Your session is coming up", {
        paragraphs: [
          `Hi ${data.clientName ?? firstName(data)}, this is a gentle reminder of your upcoming session with ${practitioner}.`,
          data.isVirtual === false
            ? "Give yourself a few minutes to arrive and settle in."
            : "Find a quiet, comfortable spot a few minutes early and check that your camera and microphone work.",
        ],
        details: sessionDetails(data, start),
        button: data.isVirtual !== false && data.meetingLink ? { label: "Join meeting", href: data.meetingLink } : { label: "View my sessions", href: `${ctx.appUrl}/dashboard/client` },
      }, ctx),
    };
  },
};

/** Renders one template for a recipient. */
export function renderEmail(type: EmailType, data: EmailData, ctx: TemplateContext, to: string): RenderedEmail {
  return TEMPLATES[type](data, ctx, to);
}

/** "Pollinate <hello@pollinate.example>" → its display name and address. */
export function parseMailbox(from: string): { name: string; email: string } {
  const match = from.match(/^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/);
  if (match) return { name: match[1].trim() || "Pollinate", email: match[2].trim() };
  return { name: "Pollinate", email: from.trim() };
}
