import { execFileSync } from 'node:child_process';
import { randomInt } from 'node:crypto';

// Test files made by ffmpeg for the specs that upload to the media library.

/** Runs ffmpeg quietly with `args`, overwriting its output. */
function ffmpeg(...args: string[]) {
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args]);
}

/**
 * A picture's own marks: a random hue and a 16x16 square of a random colour at a random place. The
 * library keeps each content once, and an upload of a content it holds becomes that item (under its
 * first name), so every picture a run uploads must be new to it. A hue alone (360 of them) made
 * admin-images.spec's two pictures one in a CI run: its programme's upload became the portrait.
 */
function pictureMarks(width: number, height: number): string {
  const colour = randomInt(0, 0x1000000).toString(16).padStart(6, '0');
  const x = randomInt(0, width - 16);
  const y = randomInt(0, height - 16);
  return `hue=h=${randomInt(0, 360)},drawbox=x=${x}:y=${y}:w=16:h=16:color=0x${colour}:t=fill`;
}

/** A pitch in Hz between 300 and 700 to the thousandth: no two uploads of a run sound the same. */
function randomPitch(): string {
  return (300 + randomInt(0, 400_000) / 1000).toFixed(3);
}

/** Writes an 800x600 JPEG test picture with its own marks to `path`. */
export function writeTestImage(path: string) {
  ffmpeg(
    '-f',
    'lavfi',
    '-i',
    `testsrc=size=800x600:rate=1,${pictureMarks(800, 600)}`,
    '-frames:v',
    '1',
    path,
  );
}

/**
 * Writes a WAV tone of `seconds` to `path` at a random pitch, so that every run uploads audio the
 * library has not processed yet.
 */
export function writeTestTone(path: string, seconds: number) {
  const pitch = randomPitch();
  ffmpeg(
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=${pitch}:sample_rate=44100:duration=${seconds}`,
    '-ac',
    '1',
    path,
  );
}

/**
 * Writes a 320x180 MP4 clip of `seconds` (a test picture in a random hue, a tone at a random
 * pitch) to `path`, so that every run uploads a video the library has not processed yet.
 */
export function writeTestClip(path: string, seconds: number) {
  const pitch = randomPitch();
  ffmpeg(
    '-f',
    'lavfi',
    '-i',
    `testsrc=size=320x180:rate=25:duration=${seconds},${pictureMarks(320, 180)}`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=${pitch}:sample_rate=48000:duration=${seconds}`,
    '-pix_fmt',
    'yuv420p',
    '-shortest',
    path,
  );
}
