import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Pager, pageCount } from './pager';

describe('pageCount', () => {
  it('counts whole pages, at least one', () => {
    expect(pageCount(0, 25)).toBe(1);
    expect(pageCount(25, 25)).toBe(1);
    expect(pageCount(26, 25)).toBe(2);
    expect(pageCount(10, 0)).toBe(1);
  });
});

describe('Pager', () => {
  it('asks for the page before and after, and cannot go past either end', async () => {
    const onPage = vi.fn();
    const { rerender } = render(<Pager page={1} pages={3} label="Pagina's van de lijst" onPage={onPage} />);
    const nav = screen.getByRole('navigation', { name: "Pagina's van de lijst" });
    expect(nav).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Vorige' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Volgende' }));
    expect(onPage).toHaveBeenLastCalledWith(2);

    rerender(<Pager page={2} pages={3} label="Pagina's van de lijst" onPage={onPage} />);
    await userEvent.click(screen.getByRole('button', { name: 'Vorige' }));
    expect(onPage).toHaveBeenLastCalledWith(1);

    rerender(<Pager page={3} pages={3} label="Pagina's van de lijst" onPage={onPage} />);
    expect(screen.getByRole('button', { name: 'Volgende' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Vorige' })).toBeEnabled();
  });
});
