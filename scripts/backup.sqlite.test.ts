import { afterAll, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../db/client";
import { integrityOf } from "../src/ops/backup";
import { foldWriteAheadLog } from "../db/backup";

const ROOT = join(import.meta.dir, "..");
const dir = mkdtempSync(join(tmpdir(), "pollinate-backup-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const WRITER = `
import { Database } from "bun:sqlite";
const db = new Database(process.env.DATABASE_PATH);
db.exec("PRAGMA journal_mode = WAL; PRAGMA busy_timeout = 5000; PRAGMA synchronous = NORMAL");
const insert = db.query("INSERT INTO survey_responses (id, identity_type, final_thoughts) VALUES (?, 'exploring', ?)");
const end = Date.now() + Number(process.env.WRITE_MS);
for (let n = 1; Date.now() < end; n++) {
  insert.run(crypto.randomUUID(), String(n));
  process.stdout.write(n + "\\n"); // acknowledged: committed before it is printed
  if (n % 50 === 0) await Bun.sleep(1);
}
`;

/** A fresh migrated database file, made in another process so this one keeps no connection to it (bun:sqlite closes lazily). */
function createDatabaseFile(path: string) {
  const made = Bun.spawnSync([process.execPath, "-e", `import { openDatabase } from ${JSON.stringify(join(ROOT, "db/client"))}; (await openDatabase(${JSON.stringify(path)})).close();`], { cwd: ROOT });
  expect(made.exitCode).toBe(0);
}

function run(script: string, args: string[], env: Record<string, string>) {
  return Bun.spawnSync([process.execPath, script, ...args], { cwd: ROOT, env: { ...process.env, ...env }, stdout: "pipe", stderr: "pipe" });
}

describe("npm run backup / npm run restore", () => {
  test("a backup taken under write load restores with every write acknowledged before it began", async () => {
    const live = join(dir, "live.db");
    (await openDatabase(live)).close();
    const writerFile = join(dir, "writer.ts");
    writeFileSync(writerFile, WRITER);
    const writer = Bun.spawn([process.execPath, writerFile], { env: { ...process.env, DATABASE_PATH: live, WRITE_MS: "2500" }, stdout: "pipe" });
    let acknowledged = 0;
    const reading = (async () => {
      for await (const chunk of writer.stdout) for (const line of new TextDecoder().decode(chunk).split("\n")) if (line) acknowledged = Number(line);
    })();
    while (acknowledged < 300) await Bun.sleep(20);
    const acknowledgedBeforeBackup = acknowledged;
    const backup = join(dir, "backup.db");
    const result = run("scripts/backup.ts", [backup], { DATABASE_PATH: live });
    expect(result.exitCode).toBe(0);
    expect(result.stdout.toString()).toContain("integrity ok");
    await writer.exited;
    await reading;
    expect(acknowledged).toBeGreaterThan(acknowledgedBeforeBackup);

    const restored = join(dir, "restored.db");
    const restore = run("scripts/restore.ts", [backup], { DATABASE_PATH: restored });
    expect(restore.exitCode).toBe(0);
    const db = new Database(restored, { readonly: true });
    const max = db.query<{ n: number }, []>("SELECT max(cast(final_thoughts as integer)) AS n FROM survey_responses").get()!.n;
    const count = db.query<{ n: number }, []>("SELECT count(*) AS n FROM survey_responses").get()!.n;
    db.close();
    expect(max).toBeGreaterThanOrEqual(acknowledgedBeforeBackup);
    // every acknowledged write up to the copy's last one is present: no gaps
    expect(count).toBe(max);
    expect(integrityOf(restored)).toBe("ok");
  }, 30_000);

  test("restore refuses a file that fails integrity_check or is not our database, and leaves the database alone", async () => {
    const target = join(dir, "target.db");
    createDatabaseFile(target);
    const before = Bun.file(target).size;
    const garbage = join(dir, "garbage.db");
    writeFileSync(garbage, "SQLite format 3\0" + "x".repeat(5000));
    const refused = run("scripts/restore.ts", [garbage], { DATABASE_PATH: target });
    expect(refused.exitCode).toBe(1);
    expect(refused.stderr.toString()).toContain("refusing to restore");
    const foreign = join(dir, "foreign.db");
    const f = new Database(foreign);
    f.exec("CREATE TABLE notes (x)");
    f.close();
    expect(run("scripts/restore.ts", [foreign], { DATABASE_PATH: target }).stderr.toString()).toContain("not a Pollinate database");
    expect(run("scripts/restore.ts", [], { DATABASE_PATH: target }).exitCode).toBe(2);
    expect(Bun.file(target).size).toBe(before);
  });

  test("a corrupted page is caught by integrity_check", async () => {
    const good = join(dir, "good.db");
    (await openDatabase(good)).close();
    foldWriteAheadLog(good);
    const bytes = new Uint8Array(readFileSync(good));
    // scribble over the middle of the file (table pages), keeping the header
    for (let i = 8192; i < Math.min(bytes.length, 8192 * 3); i++) bytes[i] = 0xab;
    const broken = join(dir, "broken.db");
    writeFileSync(broken, bytes);
    expect(integrityOf(broken)).not.toBe("ok");
  });
});

describe("restore while the database is open", () => {
  test("refuses while another process has the database open, says how to stop the server, and leaves the database alone; works once it is closed", async () => {
    const live = join(dir, "in-use.db");
    createDatabaseFile(live);
    const backup = join(dir, "in-use-backup.db");
    expect(run("scripts/backup.ts", [backup], { DATABASE_PATH: live }).exitCode).toBe(0);
    const holderFile = join(dir, "holder.ts");
    writeFileSync(holderFile, `import { openDatabase } from ${JSON.stringify(join(ROOT, "db/client"))};\nconst handle = await openDatabase(process.env.DATABASE_PATH);\nconsole.log("open");\nawait Bun.sleep(20000);\n`);
    const holder = Bun.spawn([process.execPath, holderFile], { env: { ...process.env, DATABASE_PATH: live }, stdout: "pipe" });
    try {
      const reader = holder.stdout.getReader();
      await reader.read();
      const before = readFileSync(live);
      const refused = run("scripts/restore.ts", [backup], { DATABASE_PATH: live });
      expect(refused.exitCode).toBe(1);
      const message = refused.stderr.toString();
      expect(message).toContain("in use");
      expect(message).toContain(String(holder.pid));
      expect(message).toContain("stop the server");
      expect(readFileSync(live).equals(before)).toBe(true);
    } finally {
      holder.kill();
      await holder.exited;
    }
    expect(run("scripts/restore.ts", [backup], { DATABASE_PATH: live }).exitCode).toBe(0);
  }, 30_000);
});
