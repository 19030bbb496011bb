// Writes the spin wheel's three sounds (apps/web/public/sounds/*.wav): synthesised here, so the
// project owns them outright. 8-bit mono at 11,025 Hz keeps each file small. Run once:
//   node scripts/generate-spin-sounds.mjs
import { writeFileSync } from 'node:fs';
import path from 'node:path';

const RATE = 11_025;
const out = path.resolve(import.meta.dirname, '../apps/web/public/sounds');

function wav(samples) {
  const data = Buffer.alloc(samples.length);
  samples.forEach((value, index) => {
    data[index] = Math.max(0, Math.min(255, Math.round(128 + value * 127)));
  });
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8);
  header.write('fmt ', 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(RATE, 24);
  header.writeUInt32LE(RATE, 28);
  header.writeUInt16LE(1, 32);
  header.writeUInt16LE(8, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/** A note with a soft attack and an exponential decay; a touch of the octave for colour. */
function note(samples, start, seconds, frequency, volume, decay = 4) {
  const from = Math.round(start * RATE);
  const length = Math.round(seconds * RATE);
  for (let i = 0; i < length && from + i < samples.length; i += 1) {
    const t = i / RATE;
    const envelope = Math.min(1, t * 80) * Math.exp(-decay * t);
    const wave = Math.sin(2 * Math.PI * frequency * t) + 0.3 * Math.sin(4 * Math.PI * frequency * t);
    samples[from + i] += (volume * envelope * wave) / 1.3;
  }
}

const midi = (n) => 440 * 2 ** ((n - 69) / 12);

// Background: a four-second loop of a calm arpeggio (C, A minor, F, G), quiet.
const background = new Float64Array(4 * RATE);
const chords = [
  [60, 64, 67, 72],
  [57, 60, 64, 69],
  [53, 57, 60, 65],
  [55, 59, 62, 67],
];
chords.forEach((chord, bar) => chord.forEach((n, step) => note(background, bar + step * 0.25, 0.9, midi(n), 0.22, 3)));

// Spin: one second of ratchet ticks, looped while the wheel turns.
const spin = new Float64Array(RATE);
for (let tick = 0; tick < 10; tick += 1) {
  const from = Math.round(tick * 0.1 * RATE);
  for (let i = 0; i < 220; i += 1) spin[from + i] += 0.6 * Math.exp(-i / 30) * (Math.random() * 2 - 1) + 0.3 * Math.sin(i / 3);
}

// Jackpot: a rising fanfare and a held chord.
const jackpot = new Float64Array(Math.round(1.8 * RATE));
[72, 76, 79, 84].forEach((n, step) => note(jackpot, step * 0.12, 0.5, midi(n), 0.45, 5));
[72, 76, 79, 84].forEach((n) => note(jackpot, 0.5, 1.3, midi(n), 0.25, 2));

for (const [name, samples] of Object.entries({ background, spin, jackpot })) {
  writeFileSync(path.join(out, `spin-wheel-${name}.wav`), wav(Array.from(samples, (value) => Math.max(-1, Math.min(1, value)))));
}
console.log('wrote', out);
