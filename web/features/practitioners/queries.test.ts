import { QueryClient } from "@tanstack/react-query";
import { expect, test } from "bun:test";
import { EMPTY_DIRECTORY_FILTERS } from "../../../core/directory-params";
import { reviewQueries } from "../reviews/queries";
import { invalidatePractitioner, practitionerQueries } from "./queries";

const startsWith = (key: readonly unknown[], prefix: readonly unknown[]) => prefix.every((part, i) => key[i] === part);

test("keys go from generic to specific, and no two queries share one", () => {
  const featured = practitionerQueries.featured().queryKey;
  const directory = practitionerQueries.directory({ ...EMPTY_DIRECTORY_FILTERS, archetype: "bee" }).queryKey;
  const detail = practitionerQueries.detail("p1").queryKey;
  for (const key of [featured, directory, detail]) expect(startsWith(key, practitionerQueries.all())).toBe(true);
  expect(startsWith(featured, practitionerQueries.lists())).toBe(true);
  expect(startsWith(directory, practitionerQueries.directories())).toBe(true);
  expect(startsWith(detail, practitionerQueries.lists())).toBe(false);
  expect(featured).not.toEqual(practitionerQueries.all());
  const keys = [featured, directory, detail, practitionerQueries.directory(EMPTY_DIRECTORY_FILTERS).queryKey].map((k) => JSON.stringify(k));
  expect(new Set(keys).size).toBe(keys.length);
});

test("after a review: both lists and that profile are refetched, other profiles and other features are not", async () => {
  const client = new QueryClient();
  const seed = [
    practitionerQueries.featured().queryKey,
    practitionerQueries.directory(EMPTY_DIRECTORY_FILTERS).queryKey,
    practitionerQueries.directory({ ...EMPTY_DIRECTORY_FILTERS, q: "reiki" }).queryKey,
    practitionerQueries.detail("p1").queryKey,
    practitionerQueries.detail("p2").queryKey,
    reviewQueries.forPractitioner("p2").queryKey,
  ];
  for (const key of seed) client.setQueryData(key, []);
  await invalidatePractitioner(client, "p1");
  const stale = seed.filter((key) => client.getQueryState(key)!.isInvalidated).map((key) => JSON.stringify(key));
  expect(stale).toEqual(seed.slice(0, 4).map((key) => JSON.stringify(key)));
});
