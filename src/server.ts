import { openDatabase } from "../db/client";
import { createApp } from "./app";
import { ConfigError, configWarnings, loadConfig } from "./config";
import { createAssetResolver } from "./render/assets";
import { createRenderThread } from "./render/render-pool";
import { createMailer } from "./email/mailer";
import { startOutboxWorker } from "./email/outbox";
import { startReminderJob } from "./features/bookings/reminders";
import { startRequestExpiryJob } from "./features/bookings/expiry";
import { startWaitlistJob } from "./features/bookings/waitlist";
import { warmDirectorySearch } from "../db/practitioner-search";

/** Entry: config, database + migrations, app, Bun.serve, graceful shutdown. */
function main() {
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

  for (const warning of configWarnings(config)) console.warn(`Warning: ${warning}`);
  const { db, close } = openDatabase(config.DATABASE_PATH);
  const assets = createAssetResolver({ reload: config.NODE_ENV !== "production" });
  const now = () => new Date();
  const mailer = createMailer(config);
  // React's rendering of the busiest pages runs on a second thread (decision 020); development
  // re-reads the changing build on every page, so it renders on the request thread
  const renderer = config.NODE_ENV === "production" && config.RENDER_THREAD ? createRenderThread() : undefined;
  const app = createApp({ config, db, assets, now, mailer, renderer });
  // every e-mail is a row of the outbox written with the change that causes it; this sends them
  // (rows left by a stopped or killed process included: their lease runs out, and they go again)
  const worker = startOutboxWorker({ db, mailer, now });
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

  const server = Bun.serve({ port: config.PORT, hostname: config.HOST, fetch: app.fetch, idleTimeout: 30 });
  console.log(`Pollinate listening on http://${server.hostname}:${server.port} (${config.NODE_ENV}), database ${config.DATABASE_PATH}`);

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
    await worker.stop();
    renderer?.close();
    mailer.close();
    close();
    console.log("Stopped cleanly");
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}

main();
