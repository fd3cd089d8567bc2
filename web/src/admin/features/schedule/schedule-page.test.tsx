import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, server } from '../../test-support/fake-server';
import { ERROR_MESSAGES } from '../../api/error-messages';
import { ChangeForm } from './change-form';
import type { ChannelSchedule, ScheduleChange, ScheduleSlot } from './schedule-api';
import { SchedulePage } from './schedule-page';
import { changeSchema, slotSchema, weekdayOf } from './schedule-schema';
import { SlotForm } from './slot-form';

afterEach(() => vi.unstubAllGlobals());

const programmes = [
  { id: 1, name: 'De Ochtendshow', slug: 'ochtendshow' },
  { id: 2, name: 'De Avondspits', slug: 'avondspits' },
];

const slot = (change: Partial<ScheduleSlot>): ScheduleSlot => ({
  id: 10,
  weekday: 1,
  start: '10:00',
  end: '12:00',
  programmeId: 1,
  programmeName: 'De Ochtendshow',
  programmeSlug: 'ochtendshow',
  version: 1,
  ...change,
});

const schedule = (change: Partial<ChannelSchedule> = {}): ChannelSchedule => ({
  channel: { slug: 'radio2', name: 'Radio 2' },
  canEdit: true,
  slots: [
    slot({}),
    slot({
      id: 11,
      weekday: 2,
      start: '19:00',
      end: '21:00',
      programmeId: 2,
      programmeName: 'De Avondspits',
    }),
  ],
  programmes,
  changes: [],
  ...change,
});

/** A change that cancels Monday's 10:00 slot on 2026-11-23. */
const cancelMonday: ScheduleChange = {
  id: 3,
  date: '2026-11-23',
  kind: 'cancel',
  slotId: 10,
  programmeId: null,
  programmeName: '',
  title: '',
  start: null,
  end: null,
  label: 'De Ochtendshow (maandag 10:00–12:00)',
  version: 1,
};

const sent = (fetch: ReturnType<typeof server>, method: string, path: string) => {
  const call = fetch.mock.calls.find(([p, init]) => p === path && init?.method === method);
  return call ? (JSON.parse((call[1] as RequestInit).body as string) as unknown) : undefined;
};

describe('the schedule schemas', () => {
  it('want a weekday, a programme and uu:mm times with the end after the start', () => {
    const empty = slotSchema.safeParse({ weekday: '', programmeId: '', start: '7:00', end: '25:00' });
    expect(empty.error?.issues.map((issue) => issue.message)).toEqual([
      'Kies een dag van de week.',
      'Kies een programma.',
      'Vul een begintijd in als uu:mm, bijvoorbeeld 07:00.',
      'Vul een eindtijd in als uu:mm; 24:00 is middernacht.',
    ]);
    const backwards = slotSchema.safeParse({ weekday: '1', programmeId: '1', start: '12:00', end: '11:00' });
    expect(backwards.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['end', 'De eindtijd moet na de begintijd liggen.'],
    ]);
    expect(
      slotSchema.safeParse({ weekday: '7', programmeId: '1', start: '22:00', end: '24:00' }).success,
    ).toBe(true);
    expect(
      slotSchema.safeParse({ weekday: '7', programmeId: '1', start: '22:00', end: '00:00' }).success,
    ).toBe(true);
  });

  it('want a date, and a slot to cancel or a programme or title for a special', () => {
    const cancel = changeSchema.safeParse({
      date: '2026-02-30',
      kind: 'cancel',
      slotId: '',
      programmeId: '',
      title: '',
      start: '',
      end: '',
    });
    expect(cancel.error?.issues.map((issue) => issue.message)).toEqual([
      'Vul een datum in als jjjj-mm-dd.',
      'Kies het tijdvak dat vervalt.',
    ]);
    const special = changeSchema.safeParse({
      date: '2026-12-24',
      kind: 'special',
      slotId: '',
      programmeId: '',
      title: ' ',
      start: '20:00',
      end: '19:00',
    });
    expect(special.error?.issues.map((issue) => issue.message)).toEqual([
      'Kies een programma of vul een titel in.',
      'De eindtijd moet na de begintijd liggen.',
    ]);
    expect(weekdayOf('2026-11-23')).toBe(1);
    expect(weekdayOf('2026-11-29')).toBe(7);
  });
});

describe('SlotForm', () => {
  it('ties each error to its field, focuses the first and sends a valid slot', async () => {
    const fetch = server({
      'POST /api/admin/schedule/radio2/slots': () => json({ slot: slot({ id: 12 }) }, 201),
    });
    const onSaved = vi.fn();
    render(
      <SlotForm
        channel="radio2"
        programmes={programmes}
        onSaved={onSaved}
        onReload={() => Promise.resolve()}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Tijdvak toevoegen' }));
    const day = screen.getByLabelText('Dag');
    await waitFor(() => expect(day).toHaveFocus());
    expect(day).toHaveAccessibleDescription('Kies een dag van de week.');
    expect(screen.getByLabelText('Begintijd')).toHaveAccessibleDescription(
      'uu:mm, Nederlandse tijd, bijvoorbeeld 07:00. Vul een begintijd in als uu:mm, bijvoorbeeld 07:00.',
    );

    await userEvent.selectOptions(day, 'dinsdag');
    await userEvent.selectOptions(screen.getByLabelText('Programma'), 'De Avondspits');
    await userEvent.type(screen.getByLabelText('Begintijd'), '06:00');
    await userEvent.type(screen.getByLabelText('Eindtijd'), '09:30');
    await userEvent.click(screen.getByRole('button', { name: 'Tijdvak toevoegen' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(sent(fetch, 'POST', '/api/admin/schedule/radio2/slots')).toEqual({
      weekday: 2,
      programmeId: 2,
      start: '06:00',
      end: '09:30',
    });
  });

  it("shows the server's overlap message on the start field", async () => {
    const overlap = 'Dit tijdvak overlapt met De Ochtendshow (maandag 10:00–12:00).';
    server({
      'PUT /api/admin/schedule/radio2/slots/11': () =>
        json({ error: { code: 'invalid_fields', message: overlap, fields: { start: overlap } } }, 422),
    });
    const onSaved = vi.fn();
    render(
      <SlotForm
        channel="radio2"
        programmes={programmes}
        slot={slot({ id: 11 })}
        onSaved={onSaved}
        onReload={() => Promise.resolve()}
      />,
    );
    const start = screen.getByLabelText('Begintijd');
    expect(start).toHaveValue('10:00');
    await userEvent.clear(start);
    await userEvent.type(start, '11:00');
    await userEvent.click(screen.getByRole('button', { name: 'Tijdvak opslaan' }));
    await waitFor(() => expect(start).toHaveAccessibleDescription(expect.stringContaining(overlap)));
    expect(start).toHaveFocus();
    expect(onSaved).not.toHaveBeenCalled();
  });
});

describe('ChangeForm', () => {
  it('offers the slots of the date to cancel and sends only what a cancellation needs', async () => {
    const fetch = server({
      'POST /api/admin/schedule/radio2/changes': () =>
        json({ change: { id: 5, date: '2026-11-24', kind: 'cancel', slotId: 11, label: '' } }, 201),
    });
    const onSaved = vi.fn();
    render(
      <ChangeForm
        channel="radio2"
        programmes={programmes}
        slots={schedule().slots}
        onSaved={onSaved}
        onReload={() => Promise.resolve()}
      />,
    );
    await userEvent.type(screen.getByLabelText('Datum'), '2026-11-24');
    await userEvent.click(screen.getByLabelText('Tijdvak vervalt'));
    const choice = screen.getByLabelText('Tijdvak dat vervalt');
    expect(
      within(choice)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Kies een tijdvak', 'dinsdag 19:00–21:00 De Avondspits']);
    await userEvent.click(screen.getByRole('button', { name: 'Wijziging toevoegen' }));
    await waitFor(() => expect(choice).toHaveAccessibleDescription('Kies het tijdvak dat vervalt.'));
    await userEvent.selectOptions(choice, 'dinsdag 19:00–21:00 De Avondspits');
    await userEvent.click(screen.getByRole('button', { name: 'Wijziging toevoegen' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(sent(fetch, 'POST', '/api/admin/schedule/radio2/changes')).toEqual({
      date: '2026-11-24',
      kind: 'cancel',
      slotId: 11,
    });
  });

  it('sends a special broadcast with a free title', async () => {
    const fetch = server({
      'POST /api/admin/schedule/radio2/changes': () =>
        json({ change: { id: 6, date: '2026-12-24', kind: 'special', label: '' } }, 201),
    });
    const onSaved = vi.fn();
    render(
      <ChangeForm
        channel="radio2"
        programmes={programmes}
        slots={[]}
        onSaved={onSaved}
        onReload={() => Promise.resolve()}
      />,
    );
    await userEvent.type(screen.getByLabelText('Datum'), '2026-12-24');
    await userEvent.type(screen.getByLabelText('Titel'), ' Kerstavond ');
    await userEvent.type(screen.getByLabelText('Begintijd'), '20:00');
    await userEvent.type(screen.getByLabelText('Eindtijd'), '24:00');
    await userEvent.click(screen.getByRole('button', { name: 'Wijziging toevoegen' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(sent(fetch, 'POST', '/api/admin/schedule/radio2/changes')).toEqual({
      date: '2026-12-24',
      kind: 'special',
      programmeId: null,
      title: 'Kerstavond',
      start: '20:00',
      end: '24:00',
    });
  });
});

function renderPage() {
  const router = createMemoryRouter([{ path: '/programmering/:channel', element: <SchedulePage /> }], {
    initialEntries: ['/programmering/radio2'],
  });
  render(<RouterProvider router={router} />);
}

describe('SchedulePage', () => {
  it('shows the week per day, edits a slot in the form and deletes one', async () => {
    const fetch = server({
      'GET /api/admin/schedule/radio2': () => json(schedule()),
      'PUT /api/admin/schedule/radio2/slots/10': () => json({ slot: slot({ end: '12:30' }) }),
      'DELETE /api/admin/schedule/radio2/slots/11?version=1': () =>
        Promise.resolve(new Response(null, { status: 204 })),
    });
    renderPage();
    const monday = await screen.findByRole('region', { name: 'maandag' });
    expect(within(monday).getByText('10:00–12:00 De Ochtendshow')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'woensdag' })).getByText('Geen tijdvakken.'),
    ).toBeInTheDocument();

    await userEvent.click(
      within(monday).getByRole('button', { name: 'Bewerken De Ochtendshow maandag 10:00' }),
    );
    const form = screen.getByRole('form', { name: 'Tijdvak wijzigen' });
    await waitFor(() => expect(within(form).getByLabelText('Dag')).toHaveFocus());
    const end = within(form).getByLabelText('Eindtijd');
    expect(end).toHaveValue('12:00');
    await userEvent.clear(end);
    await userEvent.type(end, '12:30');
    await userEvent.click(within(form).getByRole('button', { name: 'Tijdvak opslaan' }));
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        'Tijdvak De Ochtendshow (maandag 10:00–12:30) is opgeslagen.',
      ),
    );
    expect(sent(fetch, 'PUT', '/api/admin/schedule/radio2/slots/10')).toEqual({
      weekday: 1,
      programmeId: 1,
      start: '10:00',
      end: '12:30',
      version: 1,
    });
    // The edit form and its buttons are gone: the focus is on the week's heading, not lost.
    expect(screen.getByRole('heading', { name: 'Week' })).toHaveFocus();

    const confirm = vi.fn(() => true);
    vi.stubGlobal('confirm', confirm);
    await userEvent.click(screen.getByRole('button', { name: 'Verwijderen De Avondspits dinsdag 19:00' }));
    expect(confirm).toHaveBeenCalledWith('Tijdvak De Avondspits (dinsdag 19:00–21:00) verwijderen?');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('is verwijderd'));
    expect(screen.getByRole('heading', { name: 'Week' })).toHaveFocus();
    expect(
      fetch.mock.calls.some(
        ([path, init]) =>
          path === '/api/admin/schedule/radio2/slots/11?version=1' && init?.method === 'DELETE',
      ),
    ).toBe(true);
  });

  it('asks before deleting a slot or a change: cancelling keeps it and sends nothing', async () => {
    const fetch = server({
      'GET /api/admin/schedule/radio2': () => json(schedule({ changes: [cancelMonday] })),
      'DELETE /api/admin/schedule/radio2/changes/3?version=1': () =>
        Promise.resolve(new Response(null, { status: 204 })),
    });
    const deletes = () => fetch.mock.calls.filter(([, init]) => init?.method === 'DELETE');
    const confirm = vi.fn(() => false);
    vi.stubGlobal('confirm', confirm);
    renderPage();
    const monday = await screen.findByRole('region', { name: 'maandag' });
    const slotButton = within(monday).getByRole('button', {
      name: 'Verwijderen De Ochtendshow maandag 10:00',
    });
    await userEvent.click(slotButton);
    expect(confirm).toHaveBeenLastCalledWith('Tijdvak De Ochtendshow (maandag 10:00–12:00) verwijderen?');
    const changeButton = screen.getByRole('button', { name: 'Verwijderen wijziging 2026-11-23' });
    await userEvent.click(changeButton);
    expect(confirm).toHaveBeenLastCalledWith(
      'De wijziging op 2026-11-23 (De Ochtendshow (maandag 10:00–12:00)) verwijderen?',
    );
    expect(deletes()).toEqual([]);
    expect(within(monday).getByText('10:00–12:00 De Ochtendshow')).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /2026-11-23 Vervalt/ })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('');

    // Opening the change and cancelling the edit sends nothing and puts the focus on its heading.
    await userEvent.click(screen.getByRole('button', { name: 'Bewerken wijziging 2026-11-23' }));
    await userEvent.click(
      within(screen.getByRole('form', { name: 'Wijziging aanpassen' })).getByRole('button', {
        name: 'Annuleren',
      }),
    );
    expect(screen.queryByRole('form', { name: 'Wijziging aanpassen' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Wijzigingen op een datum' })).toHaveFocus();

    confirm.mockReturnValue(true);
    await userEvent.click(changeButton);
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('De wijziging op 2026-11-23 is verwijderd.'),
    );
    expect(deletes().map(([path]) => path)).toEqual(['/api/admin/schedule/radio2/changes/3?version=1']);
    expect(screen.getByRole('heading', { name: 'Wijzigingen op een datum' })).toHaveFocus();
  });

  const stale = (what: string) =>
    json(
      {
        error: {
          code: 'conflict',
          message: `${what} is intussen door iemand anders gewijzigd. Je wijziging is niet opgeslagen maar staat nog in het formulier: laad de programmering opnieuw.`,
        },
      },
      409,
    );
  const putVersions = (fetch: ReturnType<typeof server>) =>
    fetch.mock.calls
      .filter(([, init]) => init?.method === 'PUT')
      .map(([, init]) => (JSON.parse((init as RequestInit).body as string) as { version: number }).version);

  it('keeps what was typed when someone else saved the slot first, and continues on the reloaded week', async () => {
    let loads = 0;
    const fetch = server({
      // The second load has the other editor's save: Monday's slot until 13:00, at version 2.
      'GET /api/admin/schedule/radio2': () => {
        loads += 1;
        return json(loads === 1 ? schedule() : schedule({ slots: [slot({ end: '13:00', version: 2 })] }));
      },
      'PUT /api/admin/schedule/radio2/slots/10': () =>
        putVersions(fetch).at(-1) === 1
          ? stale('Dit tijdvak')
          : json({ slot: slot({ end: '12:30', version: 3 }) }),
    });
    renderPage();
    const monday = await screen.findByRole('region', { name: 'maandag' });
    await userEvent.click(
      within(monday).getByRole('button', { name: 'Bewerken De Ochtendshow maandag 10:00' }),
    );
    const form = screen.getByRole('form', { name: 'Tijdvak wijzigen' });
    const end = within(form).getByLabelText('Eindtijd');
    await userEvent.clear(end);
    await userEvent.type(end, '12:30');
    await userEvent.click(within(form).getByRole('button', { name: 'Tijdvak opslaan' }));

    // The Dutch message is announced, the focus is on the form's heading, the input is kept.
    const alert = await within(form).findByRole('alert');
    expect(alert).toHaveTextContent(ERROR_MESSAGES.conflict ?? 'conflict');
    expect(within(form).getByRole('heading', { name: 'Tijdvak wijzigen' })).toHaveFocus();
    expect(end).toHaveValue('12:30');
    expect(screen.getByRole('status')).toHaveTextContent('');

    // Reloading shows the other editor's slot; the form keeps the input and saves on version 2.
    await userEvent.click(within(form).getByRole('button', { name: 'Programmering opnieuw laden' }));
    await waitFor(() => expect(within(monday).getByText('10:00–13:00 De Ochtendshow')).toBeInTheDocument());
    expect(within(form).getByLabelText('Eindtijd')).toHaveValue('12:30');
    await waitFor(() => expect(within(form).queryByRole('alert')).toBeNull());
    expect(within(form).getByRole('heading', { name: 'Tijdvak wijzigen' })).toHaveFocus();
    await userEvent.click(within(form).getByRole('button', { name: 'Tijdvak opslaan' }));
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        'Tijdvak De Ochtendshow (maandag 10:00–12:30) is opgeslagen.',
      ),
    );
    expect(putVersions(fetch)).toEqual([1, 2]);
  });

  it('says so when a change was changed before its delete, and reloads the week on request', async () => {
    let loads = 0;
    server({
      'GET /api/admin/schedule/radio2': () => {
        loads += 1;
        const change = loads === 1 ? cancelMonday : { ...cancelMonday, date: '2026-11-30', version: 2 };
        return json(schedule({ changes: [change] }));
      },
      'DELETE /api/admin/schedule/radio2/changes/3?version=1': () => stale('Deze wijziging'),
    });
    vi.stubGlobal(
      'confirm',
      vi.fn(() => true),
    );
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Verwijderen wijziging 2026-11-23' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(ERROR_MESSAGES.conflict ?? 'conflict');
    expect(screen.getByRole('heading', { name: 'Programmering Radio 2' })).toHaveFocus();
    expect(screen.getByRole('row', { name: /2026-11-23 Vervalt/ })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Programmering opnieuw laden' }));
    await waitFor(() => expect(screen.getByRole('row', { name: /2026-11-30 Vervalt/ })).toBeInTheDocument());
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Programmering opnieuw laden' })).toBeNull();
  });

  it('lists the changes by date, and gives a redacteur no buttons or forms', async () => {
    server({
      'GET /api/admin/schedule/radio2': () =>
        json(
          schedule({
            canEdit: false,
            changes: [cancelMonday],
          }),
        ),
    });
    renderPage();
    const table = await screen.findByRole('table', { name: 'Wijzigingen op een datum' });
    expect(within(table).getByRole('row', { name: /2026-11-23 Vervalt De Ochtendshow/ })).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.getByText(/Je rol mag de programmering bekijken, niet wijzigen./)).toBeInTheDocument();
  });
});
