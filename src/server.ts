import { openDatabase } from "../db/client";
import { ENGINE } from "../db/engine";
import { createApp } from "./app";
import { ConfigError, configWarnings, loadConfig, type Config } from "./config";
import { createAssetResolver } from "./render/assets";
import { createRenderThread } from "./render/render-pool";
import { createMailer } from "./email/mailer";
import { startOutboxWorker } from "./email/outbox";
import { startReminderJob } from "./features/bookings/reminders";
import { startRequestExpiryJob } from "./features/bookings/expiry";
import { startWaitlistJob } from "./features/bookings/waitlist";
import { warmDirectorySearch } from "../db/practitioner-search";
import { applyMigrations } from "../db/migrate";
import { superviseWorkers, workerNumber, workersRefusal } from "./ops/workers";
import { demoAccountsExposed, demoExposedMessage } from "./demo/exposure";

/** Entry: config, database + migrations, app, Bun.serve, graceful shutdown. */
async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const refusal = workersRefusal(config, ENGINE);
  if (refusal) {
    console.error(refusal);
    process.exit(1);
  }
  const worker = workerNumber();
  if (config.WORKERS > 1 && worker === null) return void supervise(config.WORKERS, config);
  for (const warning of configWarnings(config)) console.warn(`Warning: ${warning}`);
  const { db, close, path: databaseAt } = await openDatabase(config.DATABASE_PATH);
  const exposed = await demoAccountsExposed(db, config);
  if (exposed.length > 0) {
    console.error(demoExposedMessage(config.HOST, exposed));
    await close();
    process.exit(1);
  }
  const assets = createAssetResolver({ reload: config.NODE_ENV !== "production" });
  const now = () => new Date();
  const mailer = createMailer(config);
  // React's rendering of the busiest pages runs on a second thread (decision 020); development
  // re-reads the changing build on every page, so it renders on the request thread
  const renderer = config.NODE_ENV === "production" && config.RENDER_THREAD ? createRenderThread() : undefined;
  const app = createApp({ config, db, assets, now, mailer, renderer });
  // every e-mail is a row of the outbox written with the change that causes it; this sends them
  // (rows left by a stopped or killed process included: their lease runs out, and they go again)
  const outboxWorker = startOutboxWorker({ db, mailer, now });
  // 24-hour session reminders, once each (booking_reminders survives restarts), through the outbox
  const reminders = startReminderJob({ db, config, now });
  // requests the practitioner did not confirm in time expire, once each (the claim is the update), through the outbox
  const expiries = startRequestExpiryJob({ db, config, now });
  // freed slots offered to the waitlist one person at a time, and holds that run out passed on
  const waitlist = startWaitlistJob({ db, config, now });
  // the directory's in-memory keyword index builds in slices while the server already answers
  warmDirectorySearch(db)
    .then((ms) => console.log(`Directory search index ready in ${(ms / 1000).toFixed(1)} s`))
    .catch((error) => console.error("The directory search index was not built:", error));

  // several processes (WORKERS) listen on one port: the kernel hands each connection to one of them
  const server = Bun.serve({ port: config.PORT, hostname: config.HOST, fetch: app.fetch, idleTimeout: 30, reusePort: worker !== null });
  const where = ENGINE === "postgres" ? "database PostgreSQL (DATABASE_URL)" : `database ${databaseAt}`;
  const which = worker === null ? "" : `, worker ${worker} of ${config.WORKERS} (pid ${process.pid})`;
  console.log(`Pollinate listening on http://${server.hostname}:${server.port} (${config.NODE_ENV}), ${where}${which}`);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: finishing in-flight requests`);
    // no new requests; the answers in flight finish (their e-mails are already in the outbox)
    await server.stop(false);
    await reminders.stop();
    await expiries.stop();
    await waitlist.stop();
    // the message in hand is sent and marked; the rest wait in the outbox for the next start
    await outboxWorker.stop();
    renderer?.close();
    mailer.close();
    await close();
    console.log("Stopped cleanly");
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}

/**
 * WORKERS above 1: this process applies the migrations once, then runs that many copies of this
 * entry on the same port (src/ops/workers.ts), starts again one that dies, and on SIGTERM or SIGINT
 * passes the signal on and exits when they all have stopped cleanly.
 */
async function supervise(count: number, config: Config) {
  try {
    await applyMigrations(config);
  } catch (error) {
    console.error(`The database could not be prepared: ${(error as Error).message}`);
    process.exit(1);
  }
  // the workers would each refuse to start (and be started again): refuse once, here
  const { db, close } = await openDatabase(config.DATABASE_PATH);
  const exposed = await demoAccountsExposed(db, config);
  await close();
  if (exposed.length > 0) {
    console.error(demoExposedMessage(config.HOST, exposed));
    process.exit(1);
  }
  const supervisor = superviseWorkers({ count });
  console.log(`Pollinate: ${count} worker processes on port ${config.PORT} (supervisor pid ${process.pid})`);
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: stopping ${count} workers`);
    await supervisor.stop(signal);
    console.log("All workers stopped");
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
