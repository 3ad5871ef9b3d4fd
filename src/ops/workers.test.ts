import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { SQLITE_ONE_PROCESS, superviseWorkers, workerNumber, workersRefusal } from "./workers";

describe("WORKERS", () => {
  test("SQLite with more than one process is refused with a sentence saying why", () => {
    expect(workersRefusal({ WORKERS: 1, PORT: 3000 }, "sqlite")).toBeNull();
    expect(workersRefusal({ WORKERS: 3, PORT: 3000 }, "sqlite")).toBe(`WORKERS=3 asks for 3 processes, but ${SQLITE_ONE_PROCESS}`);
    expect(SQLITE_ONE_PROCESS).toStartWith("SQLite runs in one process");
    expect(SQLITE_ONE_PROCESS).toContain("Set DATABASE_URL to a PostgreSQL database to run several processes");
    expect(workersRefusal({ WORKERS: 3, PORT: 3000 }, "postgres")).toBeNull();
    expect(workersRefusal({ WORKERS: 2, PORT: 0 }, "postgres")).toContain("needs a fixed PORT");
  });

  test("a child knows its number", () => {
    expect(workerNumber({})).toBeNull();
    expect(workerNumber({ POLLINATE_WORKER: "2" })).toBe(2);
    expect(workerNumber({ POLLINATE_WORKER: "x" })).toBeNull();
  });

  test("N children share one port; one killed is started again; a stop passes SIGTERM and waits for all", async () => {
    const probe = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Response() });
    const port = probe.port;
    await probe.stop(true);
    const lines: string[] = [];
    const supervisor = superviseWorkers({
      count: 2,
      command: [process.execPath, join(import.meta.dir, "fixtures/worker-child.ts")],
      env: { ...process.env, PORT: String(port) },
      log: (line) => lines.push(line),
      restartDelayMs: 50,
    });
    // who answers, over new connections, until both (or the expected ones) have
    const answering = async (want: (seen: Map<string, string>) => boolean) => {
      const seen = new Map<string, string>();
      for (let i = 0; i < 400 && !want(seen); i++) {
        try {
          const [number, pid] = (await (await fetch(`http://127.0.0.1:${port}/`, { headers: { connection: "close" } })).text()).split(" ");
          seen.set(number!, pid!);
        } catch {
          await Bun.sleep(25);
        }
      }
      return seen;
    };
    try {
      const first = await answering((seen) => seen.size === 2);
      expect([...first.keys()].sort()).toEqual(["1", "2"]);
      expect(supervisor.pids().sort()).toEqual([...first.values()].map(Number).sort());

      const victim = Number(first.get("1"));
      process.kill(victim, "SIGKILL");
      const again = await answering((seen) => seen.has("1") && seen.get("1") !== String(victim));
      expect(again.get("1")).not.toBe(String(victim));
      expect(supervisor.restarts()).toBe(1);
      expect(lines.join("\n")).toContain(`Worker 1 (pid ${victim}) exited (SIGKILL)`);
    } finally {
      const pids = supervisor.pids();
      await supervisor.stop("SIGTERM");
      for (const pid of pids) expect(() => process.kill(pid, 0)).toThrow();
    }
    expect(supervisor.restarts()).toBe(1);
  }, 30_000);
});
