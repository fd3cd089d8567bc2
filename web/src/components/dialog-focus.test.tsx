import { render } from '@testing-library/react';
import { useLayoutEffect, useRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useDialogFocus } from './dialog-focus';

function Dialog({ onEscape }: { onEscape: () => void }) {
  const panel = useRef<HTMLDivElement>(null);
  const close = useRef<HTMLButtonElement>(null);
  useDialogFocus(panel, close, onEscape);
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
});
