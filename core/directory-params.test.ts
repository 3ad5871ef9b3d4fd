import { describe, expect, test } from "bun:test";
import { directoryHref, directorySearchString, EMPTY_DIRECTORY_FILTERS, effectiveSort, hasActiveFilters } from "./directory-params";
import { directoryParamsSchema, parseDirectoryParams } from "./directory-params-schema";

const parse = (query: string) => parseDirectoryParams(new URLSearchParams(query));

describe("parseDirectoryParams", () => {
  test("reads every filter", () => {
    expect(parse("q=%20reiki%20&archetype=bee&level=wise&minPrice=50&maxPrice=120.5&sort=rating&page=3")).toEqual({
      q: "reiki",
      archetype: "bee",
      level: "wise",
      minPrice: 50,
      maxPrice: 120.5,
      session: null,
      sort: "rating",
      page: 3,
    });
  });

  test("ignores what it does not understand instead of failing the page", () => {
    expect(parse("archetype=dragon&level=&minPrice=abc&maxPrice=-3&sort=random&page=-2")).toEqual(EMPTY_DIRECTORY_FILTERS);
    expect(parse("page=2.5").page).toBe(1);
  });

  test("a search text past the limit is cut at a whole character, never through an emoji", () => {
    const q = parse(`q=${encodeURIComponent("a" + "🦋".repeat(150))}`).q;
    expect(q).toBe("a" + "🦋".repeat(99));
    expect(parse(`q=${"b".repeat(300)}`).q).toHaveLength(200);
  });

  test("the Hive's full range means no bounds, and reversed bounds are swapped", () => {
    expect(parse("minPrice=0&maxPrice=300")).toMatchObject({ minPrice: null, maxPrice: null });
    expect(parse("minPrice=200&maxPrice=100")).toMatchObject({ minPrice: 100, maxPrice: 200 });
  });
});

describe("directorySearchString", () => {
  test("is canonical: fixed order, defaults left out, so that server and browser share one query key", () => {
    const filters = parse("page=2&sort=featured&level=rising&q=sleep&archetype=bee");
    expect(directorySearchString(filters)).toBe("q=sleep&archetype=bee&level=rising&sort=featured&page=2");
    expect(directorySearchString(parse("sort=featured"))).toBe("");
    expect(directorySearchString(parse("q=x&sort=relevance"))).toBe("q=x");
    expect(directorySearchString(parse("sort=relevance"))).toBe("");
    expect(directorySearchString({ ...EMPTY_DIRECTORY_FILTERS, minPrice: 0, maxPrice: 400 })).toBe("");
    expect(parseDirectoryParams(new URLSearchParams(directorySearchString(filters)))).toEqual(filters);
  });

  test("directoryHref and hasActiveFilters", () => {
    expect(directoryHref("/hive", EMPTY_DIRECTORY_FILTERS)).toBe("/hive");
    expect(directoryHref("/practitioners", { ...EMPTY_DIRECTORY_FILTERS, archetype: "bee" })).toBe("/practitioners?archetype=bee");
    expect(hasActiveFilters({ ...EMPTY_DIRECTORY_FILTERS, page: 4 })).toBe(false);
    expect(hasActiveFilters({ ...EMPTY_DIRECTORY_FILTERS, maxPrice: 100 })).toBe(true);
  });
});

test("effectiveSort: relevance with a keyword, featured without", () => {
  expect(effectiveSort({ q: "", sort: null })).toBe("featured");
  expect(effectiveSort({ q: "x", sort: null })).toBe("relevance");
  expect(effectiveSort({ q: "", sort: "relevance" })).toBe("featured");
  expect(effectiveSort({ q: "x", sort: "newest" })).toBe("newest");
});

describe("directoryParamsSchema: the API's reading of the same parameters", () => {
  const api = (query: Record<string, string>) => directoryParamsSchema.safeParse(query);

  test("gives the same filters as a page URL, plus the page size", () => {
    const query = { q: " reiki ", archetype: "bee", level: "wise", minPrice: "50", maxPrice: "120.5", sort: "rating", page: "3" };
    const result = api({ ...query, pageSize: "24" });
    expect(result.success && result.data).toEqual({ ...parse(new URLSearchParams(query).toString()), pageSize: 24 });
    expect(api({}).success && api({}).data).toEqual({ ...EMPTY_DIRECTORY_FILTERS, pageSize: 12 });
  });

  test("refuses, with a message, what a page leaves out", () => {
    for (const [query, message] of [
      [{ archetype: "dragon" }, "archetype must be one of"],
      [{ minPrice: "-3" }, "Prices cannot be negative"],
      [{ page: "2.5" }, "page must be a whole number from 1"],
      [{ page: "100001" }, "page must be a whole number from 1 to 100000"],
      [{ pageSize: "49" }, "pageSize must be a whole number from 1 to 48"],
    ] as const) {
      const result = api(query);
      expect(result.success, JSON.stringify(query)).toBe(false);
      expect(result.error!.issues[0].message).toContain(message);
    }
  });

  test("prices mean what they mean on the pages: reversed bounds swapped, $0 and the slider's top no bound", () => {
    expect(api({ minPrice: "200", maxPrice: "100" }).data).toMatchObject({ minPrice: 100, maxPrice: 200 });
    expect(api({ maxPrice: "300" }).data).toMatchObject({ minPrice: null, maxPrice: null });
    expect(api({ minPrice: "0", maxPrice: "5000" }).data).toMatchObject({ minPrice: null, maxPrice: null });
    for (const query of ["minPrice=200&maxPrice=100", "maxPrice=300", "minPrice=0&maxPrice=80", "maxPrice=299.99", "session=virtual", "session=in-person"]) {
      const { pageSize: _pageSize, ...filters } = api(Object.fromEntries(new URLSearchParams(query))).data!;
      expect(filters, query).toEqual(parse(query));
    }
  });

  test("the session filter: virtual or in person, anything else refused by the API and left out by a page", () => {
    expect(parse("session=virtual").session).toBe("virtual");
    expect(parse("session=in-person").session).toBe("in-person");
    expect(parse("session=teleport").session).toBeNull();
    expect(api({ session: "teleport" }).success).toBe(false);
    expect(directorySearchString({ ...EMPTY_DIRECTORY_FILTERS, q: "grief", session: "in-person" })).toBe("q=grief&session=in-person");
    expect(hasActiveFilters({ ...EMPTY_DIRECTORY_FILTERS, session: "virtual" })).toBe(true);
  });

  test("an empty value is no value, not zero", () => {
    const result = api({ minPrice: "", maxPrice: "", level: "", page: "" });
    expect(result.success && result.data).toMatchObject({ minPrice: null, maxPrice: null, level: null, page: 1 });
    expect(parse("maxPrice=&archetype=")).toEqual(EMPTY_DIRECTORY_FILTERS);
  });
});
