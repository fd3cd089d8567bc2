/** Pauses every other audio and video element, so only one thing plays at a time. */
export function pauseOtherMedia(playing: HTMLMediaElement, doc: Document = document): void {
  doc.querySelectorAll<HTMLMediaElement>('audio, video').forEach((el) => {
    if (el !== playing && !el.paused) el.pause();
  });
}

/** Whether an audio or video element of the document other than `own` is playing. */
export function otherMediaPlaying(own: HTMLMediaElement, doc: Document = document): boolean {
  return [...doc.querySelectorAll<HTMLMediaElement>('audio, video')].some((el) => el !== own && !el.paused);
}

/** The mark of an element whose start nobody asked for (the radio's autoplay on a first load). */
export const AUTOPLAY_ATTRIBUTE = 'data-autoplay';

/**
 * Pauses `own()` whenever another audio or video element of the document starts playing (the
 * mini player included); returns the function that stops listening. An autoplay (an element
 * marked `data-autoplay`) that starts while `own()` plays yields instead: what the listener
 * started is not interrupted by what nobody asked for.
 */
export function pauseWhenOtherMediaPlays(
  own: () => HTMLMediaElement | null,
  doc: Document = document,
): () => void {
  const onPlay = (event: Event) => {
    const element = own();
    if (element && event.target !== element && event.target instanceof HTMLMediaElement && !element.paused) {
      if (event.target.hasAttribute(AUTOPLAY_ATTRIBUTE)) event.target.pause();
      else element.pause();
    }
  };
  // 'play' does not bubble; the capture phase still sees it at the document.
  doc.addEventListener('play', onPlay, true);
  return () => doc.removeEventListener('play', onPlay, true);
}
