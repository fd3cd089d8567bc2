import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuditEntry } from '../../api/admin-client';
import { contentField, programmesType } from '../../test-support/content-fixtures';
import { json, server } from '../../test-support/fake-server';
import { AuditPage } from './audit-page';

// A file of its own: the content types are fetched once per page load (useContentTypes), and
// audit-page.test.tsx answers that call with no types.

afterEach(() => vi.unstubAllGlobals());

const entry: AuditEntry = {
  id: 3,
  at: '2026-11-22T11:00:00Z',
  userId: 2,
  userName: 'Eva Eindredacteur',
  itemType: 'articles',
  itemId: '38',
  action: 'publish',
  changes: { sortOrder: { before: 1, after: 2 }, oddField: { before: 'a', after: 'b' } },
};

describe('AuditPage in words', () => {
  it("shows actions, content items and fields in words: 'Artikel #38', 'Gepubliceerd', 'Volgorde'", async () => {
    const articles = programmesType({
      name: 'articles',
      label: 'Nieuwsartikelen',
      labelSingular: 'Artikel',
      fields: [contentField('title', 'Titel', 'text'), contentField('sortOrder', 'Volgorde', 'integer')],
    });
    server({
      'GET /api/admin/content-types': () => json({ types: [articles] }),
      'GET /api/admin/audit': () =>
        json({
          entries: [entry],
          page: 1,
          pageSize: 50,
          total: 1,
        }),
    });
    render(<AuditPage />);
    const table = await screen.findByRole('table', { name: 'Wijzigingen, nieuwste eerst' });
    const row = await within(table).findByRole('row', { name: /Artikel #38 Gepubliceerd/ });
    expect(within(row).getByText('Volgorde')).toBeInTheDocument();
    expect(within(row).getByText('oddField')).toBeInTheDocument();
    expect(within(table).queryByText(/articles|publish|sortOrder/)).toBeNull();
    expect(
      within(screen.getByLabelText('Soort')).getByRole('option', { name: 'Artikel' }),
    ).toBeInTheDocument();
  });
});
