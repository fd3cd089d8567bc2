import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { LEAVE_MESSAGE, leavesUnsaved, useLeaveGuard } from './use-leave-guard';

afterEach(() => vi.restoreAllMocks());

describe('leavesUnsaved', () => {
  it('is true only for unsaved changes and another page', () => {
    expect(leavesUnsaved(true, { pathname: '/a' }, { pathname: '/b' })).toBe(true);
    expect(leavesUnsaved(true, { pathname: '/a' }, { pathname: '/a' })).toBe(false);
    expect(leavesUnsaved(false, { pathname: '/a' }, { pathname: '/b' })).toBe(false);
  });
});

function Editor({ dirty }: { dirty: boolean }) {
  const setDirty = useLeaveGuard();
  setDirty(dirty);
  return (
    <>
      <h1>Bewerken</h1>
      <Link to="/elders">Elders</Link>
    </>
  );
}

function renderAt(dirty: boolean) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <Editor dirty={dirty} /> },
      { path: '/elders', element: <h1>Elders</h1> },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
}

describe('useLeaveGuard', () => {
  it('asks before leaving unsaved changes for another page, and stays when the editor says no', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    renderAt(true);
    await userEvent.click(screen.getByRole('link', { name: 'Elders' }));
    expect(confirm).toHaveBeenCalledWith(LEAVE_MESSAGE);
    expect(screen.getByRole('heading', { name: 'Bewerken' })).toBeTruthy();
    confirm.mockReturnValue(true);
    await userEvent.click(screen.getByRole('link', { name: 'Elders' }));
    expect(await screen.findByRole('heading', { name: 'Elders' })).toBeTruthy();
  });

  it('lets a page without changes go without asking', async () => {
    const confirm = vi.spyOn(window, 'confirm');
    renderAt(false);
    await userEvent.click(screen.getByRole('link', { name: 'Elders' }));
    expect(await screen.findByRole('heading', { name: 'Elders' })).toBeTruthy();
    expect(confirm).not.toHaveBeenCalled();
  });

  it('has the browser ask before the tab is closed or reloaded with unsaved changes', () => {
    renderAt(true);
    const closing = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(closing);
    expect(closing.defaultPrevented).toBe(true);
  });
});
