import { execFileSync } from 'node:child_process';

// Test files made by ffmpeg for the specs that upload to the media library.

/** Runs ffmpeg quietly with `args`, overwriting its output. */
function ffmpeg(...args: string[]) {
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args]);
}

/**
 * Writes an 800x600 JPEG test picture to `path`, in a random hue: the library keeps each content
 * once, so every run uploads a picture it has not processed yet.
 */
export function writeTestImage(path: string) {
  const hue = Math.floor(Math.random() * 360);
  ffmpeg('-f', 'lavfi', '-i', `testsrc=size=800x600:rate=1,hue=h=${hue}`, '-frames:v', '1', path);
}

/**
 * Writes a WAV tone of `seconds` to `path` at a random pitch, so that every run uploads audio the
 * library has not processed yet.
 */
export function writeTestTone(path: string, seconds: number) {
  const pitch = 300 + Math.floor(Math.random() * 400);
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
  const hue = Math.floor(Math.random() * 360);
  const pitch = 300 + Math.floor(Math.random() * 400);
  ffmpeg(
    '-f',
    'lavfi',
    '-i',
    `testsrc=size=320x180:rate=25:duration=${seconds},hue=h=${hue}`,
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
