import { render } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { SiteProvider } from '../../lib/site-context';
import { site } from '../../test/fixtures';
import EventModal from './event-modal';
import { toModalView } from './modal-view';
import { modalBlock } from './test-data';

/** Presses Escape in the same commit as the modal, before any plain effect could run. */
function EscapeBeforePaint() {
  useLayoutEffect(() => {
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
  }, []);
  return null;
}

describe('EventModal', () => {
  it('closes on an Escape pressed as it appears, before it is painted', () => {
    const onClose = vi.fn();
    render(
      <SiteProvider site={site}>
        <MemoryRouter>
          <EventModal view={toModalView(modalBlock())} onClose={onClose} />
          <EscapeBeforePaint />
        </MemoryRouter>
      </SiteProvider>,
    );
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
