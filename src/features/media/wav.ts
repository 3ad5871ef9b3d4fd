/**
 * A small PCM WAV file made from sine partials with a slow decay: the demo's singing-bowl
 * recordings (no recording of anyone) and the test files of uploads.
 */
export interface ToneOptions {
  seconds: number;
  /** Frequencies in Hz with their relative loudness. */
  partials: readonly (readonly [number, number])[];
  /** Samples per second (8 kHz keeps a demo file small). */
  sampleRate?: number;
  /** Seconds for the sound to fall to about a third. */
  decay?: number;
}

export function synthesiseWav({ seconds, partials, sampleRate = 8000, decay = seconds / 2 }: ToneOptions): Uint8Array<ArrayBuffer> {
  const samples = Math.round(seconds * sampleRate);
  const bytes = new Uint8Array(44 + samples * 2);
  const view = new DataView(bytes.buffer);
  const ascii = (at: number, text: string) => [...text].forEach((ch, i) => view.setUint8(at + i, ch.charCodeAt(0)));
  ascii(0, "RIFF");
  view.setUint32(4, 36 + samples * 2, true);
  ascii(8, "WAVE");
  ascii(12, "fmt ");
  view.setUint32(16, 16, true); // the format chunk's size
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true); // bytes per second
  view.setUint16(32, 2, true); // bytes per sample frame
  view.setUint16(34, 16, true); // bits per sample
  ascii(36, "data");
  view.setUint32(40, samples * 2, true);
  const hz = partials.map(([f]) => (2 * Math.PI * f) / sampleRate);
  const level = partials.map(([, l]) => l);
  const loudness = level.reduce((sum, l) => sum + l, 0) || 1;
  const fall = Math.exp(-1 / (decay * sampleRate));
  const attackSamples = 0.02 * sampleRate;
  let envelope = 1;
  for (let i = 0; i < samples; i++) {
    let value = 0;
    for (let p = 0; p < hz.length; p++) value += level[p]! * Math.sin(hz[p]! * i);
    const attack = i < attackSamples ? i / attackSamples : 1;
    view.setInt16(44 + i * 2, Math.round((value / loudness) * attack * envelope * 0.8 * 32767), true);
    envelope *= fall;
  }
  return bytes;
}
