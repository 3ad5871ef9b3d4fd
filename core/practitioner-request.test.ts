import { describe, expect, test } from "bun:test";
import { parsePrice, parsePractitionerRequest } from "./practitioner-request";
import { directoryHref } from "./directory-params";

/** The filters Maia reads, in the directory's URL form, plus the session mode. */
function read(text: string): string {
  const r = parsePractitionerRequest(text);
  const href = directoryHref("/practitioners", r.filters);
  return r.mode ? `${href} [${r.mode}]` : href;
}

describe("messages to the directory's filters", () => {
  const cases: Array<[string, string]> = [
    // the example and other word orders
    ["a butterfly practitioner for grief under $80, online", "/practitioners?q=grief&archetype=butterfly&maxPrice=80&session=virtual [virtual]"],
    ["online, under $80, grief, butterfly", "/practitioners?q=grief&archetype=butterfly&maxPrice=80&session=virtual [virtual]"],
    ["For grief: a Butterfly, max 80 dollars, virtual please", "/practitioners?q=grief&archetype=butterfly&maxPrice=80&session=virtual [virtual]"],
    ["I need someone online for my grief, butterfly type, less than 80", "/practitioners?q=grief&archetype=butterfly&maxPrice=80&session=virtual [virtual]"],
    // typos
    ["a buterfly for grief", "/practitioners?q=grief&archetype=butterfly"],
    ["butetrfly practitioners", "/practitioners?archetype=butterfly"],
    ["a hummingbrid for clarity", "/practitioners?q=clarity&archetype=hummingbird"],
    ["beatle for shadow work", "/practitioners?q=shadow&archetype=beetle"],
    ["someone for anxeity", "/practitioners?q=anxiety"],
    ["an evolvng bee", "/practitioners?archetype=bee&level=evolving"],
    // plurals and emoji
    ["show me bees", "/practitioners?archetype=bee"],
    ["butterflies near me", "/practitioners?archetype=butterfly"],
    ["🦋 for a career change", "/practitioners?q=career&archetype=butterfly"],
    ["🐝 please", "/practitioners?archetype=bee"],
    // levels
    ["a wise beetle", "/practitioners?archetype=beetle&level=wise"],
    ["rising practitioners for sleep", "/practitioners?q=sleep&level=rising"],
    // prices with and without '$'
    ["under 60", "/practitioners?maxPrice=60"],
    ["under $60", "/practitioners?maxPrice=60"],
    ["below 45 dollars", "/practitioners?maxPrice=45"],
    ["$70 or less", "/practitioners?maxPrice=70"],
    ["no more than $55.50 a session", "/practitioners?maxPrice=55.5"],
    ["my budget is 90", "/practitioners?maxPrice=90"],
    ["up to 120$", "/practitioners?maxPrice=120"],
    ["about $75", "/practitioners?maxPrice=75"],
    ["at least $50", "/practitioners?minPrice=50"],
    ["over 40 dollars", "/practitioners?minPrice=40"],
    ["between 50 and 100", "/practitioners?minPrice=50&maxPrice=100"],
    ["$60-$90 reiki", "/practitioners?q=reiki&minPrice=60&maxPrice=90"],
    ["from $60 to $90", "/practitioners?minPrice=60&maxPrice=90"],
    ["100 to 50 dollars", "/practitioners?minPrice=50&maxPrice=100"],
    ["under $300", "/practitioners"], // from the top of the Hive's range ($300+) up, no bound, as in the directory
    // mode
    ["in person sessions for tension", "/practitioners?q=tension&session=in-person [in_person]"],
    ["face-to-face bodywork", "/practitioners?q=bodywork&session=in-person [in_person]"],
    ["over zoom", "/practitioners?session=virtual [virtual]"],
    ["online or in person, either is fine", "/practitioners"],
    // topics and places
    ["reiki in Portland", "/practitioners?q=reiki+Portland"],
    ["help with burnout and stress", "/practitioners?q=burnout"],
    ["sound healing", "/practitioners?q=sound"],
    // no filters: nothing guessed
    ["hello", "/practitioners"],
    ["How are you today?", "/practitioners"],
    ["What can you do?", "/practitioners"],
    ["thanks, that helps!", "/practitioners"],
    ["I knew it", "/practitioners"],
    ["a session of 60 minutes", "/practitioners"],
    ["I have been practising for 3 years", "/practitioners"],
    ["one to one sessions", "/practitioners"],
    ["I'm 45", "/practitioners"],
    ["been there, done that", "/practitioners"],
    ["In Person", "/practitioners?session=in-person [in_person]"],
  ];
  for (const [text, expected] of cases) {
    test(JSON.stringify(text), () => expect(read(text)).toBe(expected));
  }

  test("more than one archetype leaves the archetype open and says which were named", () => {
    const r = parsePractitionerRequest("a bee or a butterfly under $50");
    expect(r.filters.archetype).toBeNull();
    expect(r.archetypesNamed).toEqual(["bee", "butterfly"]);
    expect(r.filters.maxPrice).toBe(50);
  });

  test("numbers with units are not prices", () => {
    expect(parsePrice("under 3 years of experience")).toEqual({ minPrice: null, maxPrice: null });
    expect(parsePrice("at least 60 minutes")).toEqual({ minPrice: null, maxPrice: null });
    expect(parsePrice("at least $60 per session")).toEqual({ minPrice: 60, maxPrice: null });
    expect(parsePrice("under $1,000")).toEqual({ minPrice: null, maxPrice: 1000 });
  });
});
