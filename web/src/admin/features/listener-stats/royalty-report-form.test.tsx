import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { previousMonth, RoyaltyReportForm } from './royalty-report-form';

const channels = [
  { slug: 'radio2', name: 'NPO Radio 2' },
  { slug: 'radio4', name: 'NPO Radio 4' },
];
const clock = () => new Date('2026-11-26T10:00:00Z');

describe('RoyaltyReportForm', () => {
  it('links to last month’s report of the first channel, and follows the choices', async () => {
    render(<RoyaltyReportForm channels={channels} now={clock} />);
    expect(screen.getByRole('heading', { name: 'Rapport muziekrechten' })).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Download rapport muziekrechten (CSV)' });
    expect(link).toHaveAttribute('href', '/api/admin/reports/royalty?channel=radio2&month=2026-10');
    expect(link).toHaveAttribute('download');

    await userEvent.selectOptions(screen.getByLabelText('Kanaal van het rapport'), 'radio4');
    fireEvent.change(screen.getByLabelText('Maand'), { target: { value: '2026-09' } });
    expect(screen.getByRole('link', { name: 'Download rapport muziekrechten (CSV)' })).toHaveAttribute(
      'href',
      '/api/admin/reports/royalty?channel=radio4&month=2026-09',
    );
  });

  it('is operable by keyboard: the channel, the month and the link are reached with Tab', async () => {
    render(<RoyaltyReportForm channels={channels} now={clock} />);
    await userEvent.tab();
    expect(screen.getByLabelText('Kanaal van het rapport')).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByLabelText('Maand')).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('link', { name: 'Download rapport muziekrechten (CSV)' })).toHaveFocus();
  });

  it('offers no link without a month or a channel', () => {
    const { unmount } = render(<RoyaltyReportForm channels={channels} now={clock} />);
    fireEvent.change(screen.getByLabelText('Maand'), { target: { value: '' } });
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.getByText('Kies een kanaal en een maand.')).toBeInTheDocument();
    unmount();
    render(<RoyaltyReportForm channels={[]} now={clock} />);
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('names the month before as YYYY-MM, across a year', () => {
    expect(previousMonth(new Date('2026-01-15T12:00:00Z'))).toBe('2025-12');
    expect(previousMonth(new Date('2026-11-26T10:00:00Z'))).toBe('2026-10');
  });
});
