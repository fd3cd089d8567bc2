// The listener build renders with Preact (vite.config.ts aliases react to preact/compat for `vite
// build`), which sets an element's props in the order they are written; React DOM would hide the
// order this test is about, so the component runs on preact/compat here.
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('react', async () => await import('preact/compat'));
vi.mock('react/jsx-runtime', async () => await import('preact/jsx-runtime'));
vi.mock('react/jsx-dev-runtime', async () => await import('preact/jsx-dev-runtime'));

const { createElement, render } = await import('preact/compat');
const { Image } = await import('./image');
const { BroadcasterIcons } = await import('./broadcast-list');

/** The `loading` attribute of each img at the moment its src was set. */
function loadingWhenSrcSet(run: () => void): (string | null)[] {
  const seen: (string | null)[] = [];
  const setSrc = Object.getOwnPropertyDescriptor(HTMLImageElement.prototype, 'src')?.set;
  if (!setSrc) throw new Error('no src setter on HTMLImageElement');
  const spy = vi.spyOn(HTMLImageElement.prototype, 'src', 'set').mockImplementation(function (
    this: HTMLImageElement,
    value: string,
  ) {
    seen.push(this.getAttribute('loading'));
    setSrc.call(this, value);
  });
  try {
    run();
  } finally {
    spy.mockRestore();
  }
  return seen;
}

describe('Image on Preact', () => {
  const host = document.createElement('div');
  afterEach(() => render(null, host));

  it('is marked lazy before its source is set, so that rendering it does not start its load', () => {
    const seen = loadingWhenSrcSet(() =>
      render(createElement(Image, { src: '/a.webp', alt: '', width: 10, height: 10 }), host),
    );
    expect(seen).toEqual(['lazy']);
  });

  it('is marked eager before its source is set when it is the priority image', () => {
    const seen = loadingWhenSrcSet(() =>
      render(createElement(Image, { src: '/a.webp', alt: '', width: 10, height: 10, priority: true }), host),
    );
    expect(seen).toEqual(['eager']);
  });

  it('marks broadcaster logos lazy before their source is set', () => {
    const seen = loadingWhenSrcSet(() =>
      render(
        createElement(BroadcasterIcons, {
          broadcasters: [{ slug: 'a', name: 'A', logoUrl: '/a.webp' }],
        }),
        host,
      ),
    );
    expect(seen).toEqual(['lazy']);
  });
});
