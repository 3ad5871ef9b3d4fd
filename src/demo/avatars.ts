/**
 * The demo practitioners' photos (issue 26): generated geometric avatars on the archetype's colour,
 * never a picture of a real person. A few practitioners keep none (the demo practitioner among
 * them, whose profile editor then shows the upload from scratch). Made once per process.
 */
import { ARCHETYPE_DEFINITIONS } from "../../core/archetypes";
import type { Archetype } from "../../core/enums";
import { cropsOf, PhotoJimp, type PhotoCrops } from "../features/practitioners/photo";

const PATTERNS = 3;
const SIZE = 320;
const cache = new Map<string, Promise<PhotoCrops>>();

function rgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

const mix = (a: [number, number, number], b: [number, number, number], t: number): [number, number, number] => [
  Math.round(a[0] + (b[0] - a[0]) * t),
  Math.round(a[1] + (b[1] - a[1]) * t),
  Math.round(a[2] + (b[2] - a[2]) * t),
];

/** Whether the pixel at (x, y) lies on the pattern's figure (rings, stripes or a grid of dots). */
function onFigure(pattern: number, x: number, y: number): boolean {
  const cx = x - SIZE / 2;
  const cy = y - SIZE / 2;
  if (pattern === 0) return Math.floor(Math.hypot(cx, cy) / 22) % 2 === 0;
  if (pattern === 1) return Math.floor((x + y) / 28) % 2 === 0;
  const gx = ((x % 64) + 64) % 64 - 32;
  const gy = ((y % 64) + 64) % 64 - 32;
  return Math.hypot(gx, gy) < 18;
}

async function generate(archetype: Archetype, pattern: number): Promise<PhotoCrops> {
  const base = rgb(ARCHETYPE_DEFINITIONS[archetype].color);
  const light = mix(base, [255, 250, 240], 0.6);
  const image = new PhotoJimp({ width: SIZE, height: SIZE, color: 0xffffffff });
  const data = image.bitmap.data;
  for (let y = 0; y < SIZE; y++) {
    for (let x = 0; x < SIZE; x++) {
      const [r, g, b] = onFigure(pattern, x, y) ? base : light;
      const at = (y * SIZE + x) * 4;
      data[at] = r;
      data[at + 1] = g;
      data[at + 2] = b;
      data[at + 3] = 255;
    }
  }
  // through PNG: read's image type is the one the crops take
  return cropsOf(await PhotoJimp.read(await image.getBuffer("image/png")));
}

/** The avatar of the demo practitioner at `index` (in creation order), or null for the few left without. */
export function demoAvatar(archetype: Archetype, index: number, isDemoPractitioner: boolean): Promise<PhotoCrops> | null {
  if (isDemoPractitioner || index % 6 === 5) return null;
  const pattern = index % PATTERNS;
  const key = `${archetype}:${pattern}`;
  let made = cache.get(key);
  if (!made) {
    made = generate(archetype, pattern);
    cache.set(key, made);
  }
  return made;
}
