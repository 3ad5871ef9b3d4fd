/**
 * Writes `.br` (brotli 11) and `.gz` (gzip 9) beside every text asset of the client build, so
 * the server sends compressed files as they are and never compresses an asset per request.
 * Runs as a Vite plugin at the end of `vite build` (vite.config.ts); also `bun scripts/precompress.ts [dir]`.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const TEXT_FILES = /\.(js|mjs|css|svg|html|json|txt|xml|ico|webmanifest)$/;
/** Smaller files gain less than a packet from compression. */
const MIN_BYTES = 1024;

export interface PrecompressResult {
  file: string;
  bytes: number;
  br: number;
  gz: number;
}

export function precompressDirectory(dir: string): PrecompressResult[] {
  const results: PrecompressResult[] = [];
  const walk = (current: string) => {
    for (const name of readdirSync(current)) {
      const path = join(current, name);
      if (name === ".vite") continue; // the manifest is read by the server, never served
      if (statSync(path).isDirectory()) walk(path);
      else if (TEXT_FILES.test(name) && statSync(path).size >= MIN_BYTES) {
        const data = readFileSync(path);
        const br = brotliCompressSync(data, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
        });
        const gz = gzipSync(data, { level: 9 });
        // a compressed copy that is not smaller is not worth a Content-Encoding
        if (br.length < data.length) writeFileSync(path + ".br", br);
        if (gz.length < data.length) writeFileSync(path + ".gz", gz);
        results.push({ file: path.slice(dir.length + 1), bytes: data.length, br: br.length, gz: gz.length });
      }
    }
  };
  walk(dir);
  return results;
}

/** Vite plugin: precompress the output directory once the bundle is written. */
export function precompress() {
  let outDir = "";
  return {
    name: "pollinate-precompress",
    apply: "build" as const,
    configResolved(config: { build: { outDir: string }; root: string }) {
      outDir = join(config.root, config.build.outDir);
    },
    closeBundle() {
      const results = precompressDirectory(outDir);
      const total = results.reduce((a, r) => ({ bytes: a.bytes + r.bytes, br: a.br + r.br, gz: a.gz + r.gz }), { bytes: 0, br: 0, gz: 0 });
      console.log(`precompressed ${results.length} files: ${(total.bytes / 1024).toFixed(1)} KB → br ${(total.br / 1024).toFixed(1)} KB, gzip ${(total.gz / 1024).toFixed(1)} KB`);
    },
  };
}

if (import.meta.main) {
  const dir = process.argv[2] ?? join(import.meta.dir, "../dist/client");
  for (const r of precompressDirectory(dir)) console.log(`${r.file}\t${r.bytes}\tbr ${r.br}\tgz ${r.gz}`);
}
