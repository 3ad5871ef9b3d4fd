/** Development: `vite build --watch` for the browser bundle and `bun --watch` for the server. */
import { join } from "node:path";

const root = join(import.meta.dir, "..");
const prepare = Bun.spawnSync([process.execPath, "scripts/prepare.ts"], { cwd: root, stdout: "inherit", stderr: "inherit" });
if (prepare.exitCode !== 0) process.exit(prepare.exitCode ?? 1);

const children = [
  Bun.spawn([join(root, "node_modules/.bin/vite"), "build", "--watch", "--logLevel", "warn"], { cwd: root, stdout: "inherit", stderr: "inherit" }),
  Bun.spawn([process.execPath, "--watch", "src/server.ts"], { cwd: root, stdout: "inherit", stderr: "inherit", env: { ...process.env, NODE_ENV: "development" } }),
];

const stop = () => {
  for (const child of children) child.kill();
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
await Promise.race(children.map((c) => c.exited));
stop();
