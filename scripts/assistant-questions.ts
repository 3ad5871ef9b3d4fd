/**
 * The questions people really ask the two assistants (docs/decisions/023-assistant-questions.md),
 * run through the code the islands call: Maia's `maiaRespond` (its directory searches go to a
 * running server) and the Garden Guide's `gardenRespond` over the Garden's first page.
 *   bun scripts/assistant-questions.ts http://localhost:4190
 */
import { maiaRespond } from "../web/features/assistant/maia";
import { gardenRespond } from "../web/features/assistant/garden-assistant";
import type { GardenAssistantItem } from "../core/garden-assistant";

export const MAIA_QUESTIONS: string[] = [
  // visitors
  "how much does a session cost",
  "What's a hummingbird practitioner?",
  "is this therapy?",
  "do you have someone for grief in Berlin under 80 dollars",
  "what is pollinate",
  "how does this work",
  "are the practitioners licensed?",
  "is it free?",
  "whats the difference between a bee and a beetle",
  "which archetype is right for me",
  "I feel anxious all the time, who can help me",
  "someone for anxiety online under $50",
  "butterfly for divorce",
  "do you have practitioners in London",
  "can i do sessions online",
  "how long is a session",
  "hummingbrd",
  "do I need an account to book",
  "how do I sign up",
  "is my data private?",
  "who are you",
  "are you a real person?",
  "can you diagnose me",
  "what is a wise practitioner",
  // clients
  "how do I cancel my booking",
  "reschedule",
  "what are seeds",
  "how do I earn seeds",
  "upgrade plan",
  "how much is premium",
  "how do i pay for a session",
  "can I get my money back",
  "my practitioner didn't show up",
  "how do I leave a review",
  "where do I see my bookings",
  "how do I start the free trial",
  "what happens when my trial ends",
  "can I message my practitioner",
  "i forgot my password",
  "how do I delete my account",
  "what can I do with seeds",
  "I want to book a session with a beetle and also know what seeds are",
  // practitioners
  "how do I set my availability",
  "how do I get verified",
  "how do I get paid",
  "how do I become a practitioner on pollinate",
  "how do I edit my profile",
  "how do I change my hourly rate",
  "how do I confirm a booking",
  "what is the monthly bonus",
  "how do I get featured",
  // safety
  "I want to hurt myself",
  "i want to kill myself",
  "I don't want to live anymore",
  "i'm having a panic attack right now",
  // other languages, rude, off-topic, edge input
  "¿cuánto cuesta una sesión?",
  "Wie kann ich meine Buchung stornieren?",
  "this site is useless",
  "you're stupid",
  "what's the weather tomorrow",
  "tell me a joke",
  "thanks!",
  "hi",
  "?",
  "asdfghjkl",
  "I have been feeling really stuck lately after losing my job and my relationship ending at the same time and I was wondering whether somebody here could help me work through all of it, ideally someone online and not too expensive, maybe under 70 dollars, what would you suggest?".repeat(3),
];

export const GARDEN_QUESTIONS: string[] = [
  "how do I share",
  "what does verified mean",
  "how do I earn seeds for sharing",
  "how many seeds do practitioners get",
  "why can't I post",
  "what does pending review mean",
  "grounding",
  "something for sleep",
  "breathing exercise",
  "meditation for anxiety",
  "how do I like a post",
  "I want to hurt myself",
  "hi",
];

async function main() {
  const base = process.argv[2] ?? "http://localhost:4190";
  const realFetch = globalThis.fetch;
  globalThis.fetch = ((input: string | URL | Request, init?: RequestInit) => realFetch(typeof input === "string" && input.startsWith("/") ? base + input : input, init)) as typeof fetch;
  const items = ((await (await realFetch(`${base}/api/garden/content`)).json()) as { content: GardenAssistantItem[] }).content;
  for (const q of MAIA_QUESTIONS) {
    const r = await maiaRespond(q);
    const links = (r.links ?? []).map((l) => l.href).concat(r.extra ? [r.extra.seeAllHref] : []);
    console.log(`\n### MAIA ${JSON.stringify(q.slice(0, 80))}\n${r.content}\nlinks: ${links.join(" ")}${r.extra ? `\ncards: ${r.extra.practitioners.length}` : ""}`);
  }
  for (const q of GARDEN_QUESTIONS) {
    const r = gardenRespond(q, items, { signedIn: false });
    console.log(`\n### GARDEN ${JSON.stringify(q)}\n${r.content}\nmatches: ${(r.extra ?? []).map((m) => m.title).join(" | ")}`);
  }
}

if (import.meta.main) await main();
