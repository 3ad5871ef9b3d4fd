import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createStore } from "jotai";
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { EMPTY_DIRECTORY_FILTERS, type DirectoryFilters } from "../../core/directory-params";
import { practitionerQueries } from "../features/practitioners/queries";
import type { DirectoryResponse } from "../../core/practitioners";
import { createQueryClient } from "../lib/query-client";
import type { ApiPractitioner } from "../../core/types";
import { NOT_TAKING_BOOKINGS_YET } from "../../core/booking-texts";
import { samplePractitioner } from "../testing/sample-practitioner";
import PractitionerDirectory, { type PractitionerDirectoryProps } from "./practitioner-directory";
import { IslandProviders } from "./providers";

const realFetch = globalThis.fetch;
let requested: string[] = [];
beforeEach(() => {
  requested = [];
  window.history.replaceState(null, "", "/practitioners");
});
afterEach(() => {
  globalThis.fetch = realFetch;
});

const practitioner = samplePractitioner;

function response(list: ApiPractitioner[], overrides: Partial<DirectoryResponse> = {}): DirectoryResponse {
  return {
    practitioners: list,
    accessInfo: { upgradeRequired: false, shown: list.length, total: list.length, accessLevel: "premium" },
    pagination: { page: 1, pageSize: 12, totalPages: 1, available: list.length },
    sort: "featured",
    ...overrides,
  };
}

/** Answers every directory request with `answer(url)` and records the URLs. */
function serve(answer: (url: URL) => DirectoryResponse) {
  globalThis.fetch = (async (input: RequestInfo | URL) => {
    const url = new URL(String(input), "http://localhost");
    requested.push(url.pathname + url.search);
    return new Response(JSON.stringify(answer(url)), { status: 200, headers: { "content-type": "application/json" } });
  }) as typeof fetch;
}

function renderDirectory(data: DirectoryResponse | undefined, props: Partial<PractitionerDirectoryProps> = {}, filters: DirectoryFilters = EMPTY_DIRECTORY_FILTERS) {
  const queryClient = createQueryClient();
  if (data) queryClient.setQueryData(practitionerQueries.directory(filters).queryKey, data);
  return render(
    <IslandProviders queryClient={queryClient} store={createStore()}>
      <PractitionerDirectory variant="directory" initialFilters={filters} userId={null} account={null} {...props} />
    </IslandProviders>,
  );
}

describe("PractitionerDirectory", () => {
  test("shows 6 skeleton cards while loading", () => {
    globalThis.fetch = (() => new Promise(() => {})) as unknown as typeof fetch;
    renderDirectory(undefined);
    expect(screen.getAllByTestId("practitioner-skeleton")).toHaveLength(6);
  });

  test("renders the dehydrated page without a request", () => {
    serve(() => response([]));
    renderDirectory(response([practitioner(1), practitioner(2)]));
    expect(screen.getAllByRole("article")).toHaveLength(2);
    expect(screen.getByText("Showing 1–2 of 2 practitioners")).toBeTruthy();
    expect(requested).toEqual([]);
  });

  test("a practitioner not taking bookings yet: their card says so instead of Book Session, in the directory and the Hive", () => {
    for (const variant of ["directory", "hive"] as const) {
      const view = renderDirectory(response([practitioner(1), practitioner(2, { takingBookings: false })]), { variant });
      const [open, notYet] = screen.getAllByRole("article");
      expect(within(open).getByRole("link", { name: "Book Session with Practitioner #000001" }).getAttribute("href")).toBe("/book/aaaaaaaa-bbbb-4ccc-8ddd-000000000001");
      expect(within(open).queryByText(NOT_TAKING_BOOKINGS_YET)).toBeNull();
      expect(within(notYet).queryByRole("link", { name: /Book Session/ })).toBeNull();
      expect(within(notYet).getByText(NOT_TAKING_BOOKINGS_YET).tagName).toBe("P");
      expect(within(notYet).getByRole("link", { name: "View Profile of Practitioner #000002" })).toBeTruthy();
      view.unmount();
    }
  });

  test("empty results: 'No practitioners found' in the directory, 'No facilitators found' in the Hive", () => {
    renderDirectory(response([]));
    expect(screen.getByText("No practitioners found")).toBeTruthy();
  });

  test("the Hive's empty state, price filter and sort options", () => {
    renderDirectory(response([]), { variant: "hive" });
    expect(screen.getByText("No facilitators found")).toBeTruthy();
    expect(screen.getByText("Price per session: $0 – $300+")).toBeTruthy();
    const sort = screen.getByRole("combobox", { name: "Sort by" });
    expect(within(sort).getAllByRole("option").map((o) => (o as HTMLOptionElement).value)).toEqual(["featured", "rating", "price-low", "price-high", "experience", "newest", "sessions"]);
  });

  test("a visitor at the preview limit sees the notice and an upgrade prompt", () => {
    renderDirectory(
      response([practitioner(1), practitioner(2), practitioner(3)], {
        accessInfo: { upgradeRequired: true, shown: 3, total: 40, accessLevel: "preview" },
      }),
    );
    const notice = screen.getByTestId("access-notice").textContent;
    expect(notice).toContain("visitors can view our first 3 featured practitioners");
    expect(notice).toContain("Search and filters work within those 3.");
    expect(notice).not.toContain("per search");
    // nothing was searched: no "match your search"
    expect(screen.getByTestId("upgrade-prompt").textContent).toContain("37 more practitioners are waiting in the full directory");
    expect(screen.getByText("Showing 1–3 of 40 practitioners · your access shows 3")).toBeTruthy();
  });

  test("a basic user's notice names their 10", () => {
    renderDirectory(response([practitioner(1)], { accessInfo: { upgradeRequired: true, shown: 1, total: 4, accessLevel: "basic" } }), {
      account: { accessLevel: "basic", subscriptionStatus: "premium", trialUsed: true, trialEndDate: null },
    });
    expect(screen.getByTestId("access-notice").textContent).toContain("Basic access: your plan shows our first 10 featured practitioners. Search and filters work within those 10.");
    expect(screen.getByTestId("upgrade-prompt").textContent).toContain("3 more practitioners are waiting in the full directory");
  });

  test("when none of the visitor's 3 match a search but others do, it says plainly how many match and how to see them (never 'No practitioners found')", () => {
    renderDirectory(
      response([], { accessInfo: { upgradeRequired: true, shown: 0, total: 3, accessLevel: "preview" }, pagination: { page: 1, pageSize: 12, totalPages: 1, available: 0 } }),
      {},
      { ...EMPTY_DIRECTORY_FILTERS, q: "grief" },
    );
    expect(screen.queryByText("No practitioners found")).toBeNull();
    const prompt = screen.getByTestId("upgrade-prompt").textContent!;
    expect(prompt).toContain("3 practitioners match your search");
    expect(prompt).not.toContain("more practitioners");
    expect(prompt).toContain("7-day Premium trial");
  });

  test("nothing matches anywhere: the empty state", () => {
    renderDirectory(response([], { accessInfo: { upgradeRequired: false, shown: 0, total: 0, accessLevel: "premium" }, pagination: { page: 1, pageSize: 12, totalPages: 1, available: 0 } }), {}, { ...EMPTY_DIRECTORY_FILTERS, q: "xyzzy" });
    expect(screen.getByText("No practitioners found")).toBeTruthy();
    expect(screen.queryByTestId("upgrade-prompt")).toBeNull();
  });

  test("the session filter (virtual or in person) goes into the URL and the API request", async () => {
    serve(() => response([practitioner(3)]));
    renderDirectory(response([practitioner(1)]));
    fireEvent.change(screen.getByRole("combobox", { name: "Sessions" }), { target: { value: "in-person" } });
    await waitFor(() => expect(window.location.search).toBe("?session=in-person"));
    await waitFor(() => expect(requested).toEqual(["/api/practitioners/all?session=in-person"]));
  });

  test("choosing an archetype puts it in the URL and asks the API for that page", async () => {
    serve((url) => response([practitioner(9, { archetype: url.searchParams.get("archetype") as "beetle" })]));
    renderDirectory(response([practitioner(1)]));
    fireEvent.change(screen.getByRole("combobox", { name: "Archetype" }), { target: { value: "beetle" } });
    await waitFor(() => expect(screen.getAllByRole("article")).toHaveLength(1));
    await waitFor(() => expect(within(screen.getByRole("article")).getByText("Beetle")).toBeTruthy());
    expect(window.location.search).toBe("?archetype=beetle");
    expect(requested).toEqual(["/api/practitioners/all?archetype=beetle"]);
  });

  test("typing searches once the typing pauses", async () => {
    serve(() => response([practitioner(5)]));
    renderDirectory(response([practitioner(1), practitioner(2)]));
    const box = screen.getByRole("searchbox", { name: "Search" });
    fireEvent.change(box, { target: { value: "gr" } });
    fireEvent.change(box, { target: { value: "grief" } });
    await waitFor(() => expect(window.location.search).toBe("?q=grief"));
    await waitFor(() => expect(screen.getAllByRole("article")).toHaveLength(1));
    expect(requested).toEqual(["/api/practitioners/all?q=grief"]);
  });

  test("pager links are real URLs", () => {
    renderDirectory(response([practitioner(1)], { pagination: { page: 2, pageSize: 12, totalPages: 9, available: 100 }, accessInfo: { upgradeRequired: false, shown: 100, total: 100, accessLevel: "premium" } }), {}, { ...EMPTY_DIRECTORY_FILTERS, archetype: "bee", page: 2 });
    const nav = screen.getByRole("navigation", { name: "Practitioner pages" });
    expect(within(nav).getByRole("link", { name: "Next" }).getAttribute("href")).toBe("/practitioners?archetype=bee&page=3");
    expect(within(nav).getByRole("link", { name: "Previous" }).getAttribute("href")).toBe("/practitioners?archetype=bee");
    expect(within(nav).getByText("2").getAttribute("aria-current")).toBe("page");
  });
});
