/** Pauses every other audio and video element, so only one thing plays at a time. */
export function pauseOtherMedia(playing: HTMLMediaElement, doc: Document = document): void {
  doc.querySelectorAll<HTMLMediaElement>('audio, video').forEach((el) => {
    if (el !== playing && !el.paused) el.pause();
  });
}
