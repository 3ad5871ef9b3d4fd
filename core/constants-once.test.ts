import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";

const CORE = import.meta.dir;

describe("spec constants are defined once in core/ (SPEC.md section 9, decision note 007)", () => {
  test("no exported constant name is declared in two core files (two copies drift apart)", () => {
    const declaredIn = new Map<string, string[]>();
    for (const file of new Bun.Glob("*.ts").scanSync({ cwd: CORE })) {
      if (file.endsWith(".test.ts")) continue;
      for (const match of readFileSync(join(CORE, file), "utf8").matchAll(/^export const ([A-Za-z0-9_]+)/gm)) {
        declaredIn.set(match[1], [...(declaredIn.get(match[1]) ?? []), file]);
      }
    }
    const twice = [...declaredIn].filter(([, files]) => files.length > 1);
    expect(twice).toEqual([]);
  });
});
