import { describe, expect, test } from "bun:test";
import { directoryHref, directorySearchString, EMPTY_DIRECTORY_FILTERS, effectiveSort, hasActiveFilters, parseDirectoryParams } from "./directory-params";

const parse = (query: string) => parseDirectoryParams(new URLSearchParams(query));

describe("parseDirectoryParams", () => {
  test("reads every filter", () => {
    expect(parse("q=%20reiki%20&archetype=bee&level=wise&minPrice=50&maxPrice=120.5&sort=rating&page=3")).toEqual({
      q: "reiki",
      archetype: "bee",
      level: "wise",
      minPrice: 50,
      maxPrice: 120.5,
      sort: "rating",
      page: 3,
    });
  });

  test("ignores what it does not understand instead of failing the page", () => {
    expect(parse("archetype=dragon&level=&minPrice=abc&maxPrice=-3&sort=random&page=-2")).toEqual(EMPTY_DIRECTORY_FILTERS);
    expect(parse("page=2.5").page).toBe(1);
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
