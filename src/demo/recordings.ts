/** The demo Audio pieces' recordings: synthesised singing-bowl tones (no recording of anyone). */
import { synthesiseWav } from "../features/media/wav";

export const BOWL_PITCHES = [110, 130.8, 146.8, 164.8, 196, 220] as const;
const bowlRecordings = new Map<number, Uint8Array<ArrayBuffer>>();
export function bowlRecording(index: number): Uint8Array<ArrayBuffer> {
  let bytes = bowlRecordings.get(index);
  if (!bytes) {
    const base = BOWL_PITCHES[index]!;
    bytes = synthesiseWav({ seconds: 15, partials: [[base, 1], [base * 2.76, 0.45], [base * 5.4, 0.2]], decay: 7 });
    bowlRecordings.set(index, bytes);
  }
  return bytes;
}
