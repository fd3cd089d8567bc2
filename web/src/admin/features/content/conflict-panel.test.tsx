import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { contentField } from '../../test-support/content-fixtures';
import { json, server } from '../../test-support/fake-server';
import { ConflictPanel } from './conflict-panel';

afterEach(() => vi.unstubAllGlobals());

describe('ConflictPanel', () => {
  it("names a relation's items in both comparisons, not their numbers (issue 54)", async () => {
    server({
      // A type of its own: the options are cached for the page's session.
      'GET /api/admin/content/conflict-hosts/options': () =>
        json({
          options: [
            { value: 3, slug: 'mira', label: 'Mira de Vries' },
            { value: 5, slug: 'joost', label: 'Joost Smit' },
          ],
        }),
    });
    const hosts = contentField('hosts', 'Presentatoren', 'relation', { reference: 'conflict-hosts' });
    render(
      <ConflictPanel
        fields={[hosts]}
        version={4}
        base={{ hosts: [3] }}
        theirs={{ hosts: [3, 5] }}
        mine={() => ({ hosts: [3] })}
        onMerge={vi.fn()}
        onOverwrite={vi.fn()}
      />,
    );
    const panel = screen.getByRole('region', { name: 'Nu opgeslagen door een collega (versie 4)' });
    expect((await within(panel).findByText(', Joost Smit')).closest('ins')).not.toBeNull();
    expect(panel).toHaveTextContent('Mira de Vries');

    await userEvent.click(screen.getByRole('button', { name: 'Toch mijn versie opslaan…' }));
    const lost = screen.getByRole('heading', { name: 'Dit gaat verloren van versie 4' }).parentElement;
    expect(
      within(lost as HTMLElement)
        .getByText(', Joost Smit')
        .closest('del'),
    ).not.toBeNull();
  });
});
