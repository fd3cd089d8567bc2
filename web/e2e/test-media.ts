import { execFileSync } from 'node:child_process';

// Test files made by ffmpeg for the specs that upload to the media library.

/** Runs ffmpeg quietly with `args`, overwriting its output. */
export function ffmpeg(...args: string[]) {
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
