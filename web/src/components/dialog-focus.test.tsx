import { render } from '@testing-library/react';
import { useLayoutEffect, useRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useDialogFocus, type DialogFocusOptions } from './dialog-focus';

function Dialog({ onEscape, options }: { onEscape: () => void; options?: DialogFocusOptions }) {
  const panel = useRef<HTMLDivElement>(null);
  const close = useRef<HTMLButtonElement>(null);
  useDialogFocus(panel, close, onEscape, options);
  return (
    <div ref={panel} role="dialog" aria-label="Speler">
      <button ref={close} type="button">
        Sluiten
      </button>
    </div>
  );
}

/** Presses Escape and reads the focus in the same commit as the dialog, before any plain effect. */
function EscapeBeforePaint({ seen }: { seen: (focused: string | null) => void }) {
  useLayoutEffect(() => {
    const focused = document.activeElement;
    seen(focused instanceof HTMLButtonElement ? focused.textContent : null);
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
  }, [seen]);
  return null;
}

describe('useDialogFocus', () => {
  it('has the focus inside and Escape closing before the dialog is painted', () => {
    const onEscape = vi.fn();
    const seen = vi.fn();
    render(
      <>
        <Dialog onEscape={onEscape} />
        <EscapeBeforePaint seen={seen} />
      </>,
    );
    expect(seen).toHaveBeenCalledWith('Sluiten');
    expect(onEscape).toHaveBeenCalledTimes(1);
  });

  it('keeps the page from scrolling while open and gives the focus back where it was on close', () => {
    const opener = document.createElement('button');
    document.body.append(opener);
    opener.focus();
    const { unmount } = render(
      <Dialog onEscape={() => undefined} options={{ lockScroll: true, returnFocus: {} }} />,
    );
    expect(document.body.style.overflow).toBe('hidden');
    expect(document.activeElement?.textContent).toBe('Sluiten');
    unmount();
    expect(document.body.style.overflow).toBe('');
    expect(document.activeElement).toBe(opener);
    opener.remove();
  });
});
