import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, server } from '../../test-support/fake-server';
import { ProgrammeAudience } from './programme-audience';

afterEach(() => vi.unstubAllGlobals());

const answer = {
  programme: 12,
  days: 28,
  minSessionSeconds: 60,
  broadcasts: [
    {
      id: 41,
      channel: 'radio2',
      title: 'De Ochtendshow',
      startsAt: '2026-11-27T06:00:00Z',
      endsAt: '2026-11-27T09:00:00Z',
      onAir: true,
      average: 1234.5,
      peak: 2100,
      peakAt: '2026-11-27T07:15:00Z',
    },
    {
      id: 40,
      channel: 'radio2',
      title: 'De Ochtendshow',
      startsAt: '2026-11-26T06:00:00Z',
      endsAt: '2026-11-26T09:00:00Z',
      onAir: false,
      average: 0,
      peak: 0,
      peakAt: null,
    },
  ],
};

describe('ProgrammeAudience', () => {
  it("lists each broadcast's average and peak, newest first, in Dutch notation and Amsterdam time", async () => {
    server({ 'GET /api/admin/listeners/programmes/12': () => json(answer) });
    render(<ProgrammeAudience programmeId="12" />);
    const table = await screen.findByRole('table', { name: /Uitzendingen van de afgelopen 28 dagen/ });
    const [newest, older, ...more] = within(table).getAllByRole('row').slice(1);
    if (!newest || !older) throw new Error('expected two broadcasts');
    expect(more).toHaveLength(0);
    expect(within(newest).getByRole('rowheader')).toHaveTextContent(
      '27-11-2026, 07:00 (radio2), nu op de zender',
    );
    expect(newest).toHaveTextContent('1.234,5');
    expect(newest).toHaveTextContent('2100 om 27-11-2026, 08:15');
    expect(within(older).getByRole('rowheader')).toHaveTextContent('26-11-2026, 07:00 (radio2)');
    expect(older).not.toHaveTextContent('om');
    expect(screen.getByText(/minstens 60 seconden/)).toBeInTheDocument();
  });

  it('says when there were no broadcasts, and shows the server’s message when the figures cannot come', async () => {
    server({ 'GET /api/admin/listeners/programmes/12': () => json({ ...answer, broadcasts: [] }) });
    const { unmount } = render(<ProgrammeAudience programmeId="12" />);
    expect(await screen.findByText('Geen uitzendingen in de afgelopen 28 dagen.')).toBeInTheDocument();
    unmount();
    server({
      'GET /api/admin/listeners/programmes/12': () =>
        json({ error: { code: 'not_found', message: 'Dit programma bestaat niet.' } }, 404),
    });
    render(<ProgrammeAudience programmeId="12" />);
    // The admin's own Dutch message for the code.
    expect(await screen.findByRole('alert')).toHaveTextContent('Dit bestaat niet (meer).');
  });
});
