/**
 * Preloaded by `npm run test:pg-suite` (bun test --preload): builds the run's template database
 * before the first test and drops every test database after the last one (db/postgres/test-databases.ts).
 */
import { afterAll, beforeAll } from "bun:test";
import { ENGINE } from "../engine";
import { dropTestPostgres, prepareTestPostgres } from "./test-databases";

if (ENGINE !== "postgres") throw new Error("the PostgreSQL suite needs DATABASE_URL=postgres://…");

beforeAll(async () => {
  await prepareTestPostgres(process.env.DATABASE_URL!);
}, 120_000);

afterAll(async () => {
  await dropTestPostgres();
}, 120_000);
