import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => cleanup());

// jsdom has no scrolling; React Router's scroll restoration calls it.
window.scrollTo = () => undefined;

// Lazy page chunks are transformed on first import; on a busy machine that can take over a second.
configure({ asyncUtilTimeout: 5000 });

// jsdom has no media playback: the mini player's engine calls these on every mount and unmount.
Object.defineProperty(HTMLMediaElement.prototype, 'pause', { configurable: true, value: () => undefined });
Object.defineProperty(HTMLMediaElement.prototype, 'load', { configurable: true, value: () => undefined });
Object.defineProperty(HTMLMediaElement.prototype, 'play', {
  configurable: true,
  value: () => Promise.resolve(),
});
