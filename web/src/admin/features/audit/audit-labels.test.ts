import { describe, expect, it } from 'vitest';
import { contentField, programmesType } from '../../test-support/content-fixtures';
import { actionLabel, fieldLabel, itemLabel, typeChoices, typeLabel, valueLabel } from './audit-labels';

const articles = programmesType({
  name: 'articles',
  label: 'Nieuwsartikelen',
  labelSingular: 'Artikel',
  fields: [contentField('title', 'Titel', 'text'), contentField('sortOrder', 'Volgorde', 'integer')],
});

describe('audit labels', () => {
  it('names every action the server records in Dutch, and keeps an unknown one', () => {
    expect(actionLabel('publish')).toBe('Gepubliceerd');
    expect(actionLabel('unpublish')).toBe('Offline gehaald');
    expect(actionLabel('create')).toBe('Aangemaakt');
    expect(actionLabel('update')).toBe('Gewijzigd');
    expect(actionLabel('trash')).toBe('Naar prullenbak');
    expect(actionLabel('untrash')).toBe('Teruggezet uit de prullenbak');
    expect(actionLabel('purge')).toBe('Definitief verwijderd');
    expect(actionLabel('reset_second_factor')).toBe('Tweestapsverificatie gereset');
    expect(actionLabel('renew_recovery_codes')).toBe('Nieuwe herstelcodes gemaakt');
    expect(actionLabel('hide')).toBe('Verborgen');
    expect(actionLabel('show')).toBe('Weer getoond');
    expect(actionLabel('offer_review')).toBe('Ter beoordeling aangeboden');
    expect(actionLabel('send_back')).toBe('Teruggestuurd');
    expect(actionLabel('something_new')).toBe('something_new');
    expect(actionLabel('toString')).toBe('toString');
  });

  it("names a content item by its type's own name, the others from the table", () => {
    expect(itemLabel('articles', '38', [articles])).toBe('Artikel #38');
    expect(itemLabel('schedule_slots', '10', [articles])).toBe('Tijdvak #10');
    expect(itemLabel('backup', '')).toBe('Back-up');
    expect(itemLabel('play', '7')).toBe('Gedraaide titel #7');
    // Before the types are loaded, or a type the admin does not know: the raw name.
    expect(itemLabel('articles', '38')).toBe('articles #38');
    expect(typeLabel('podcasts', [articles])).toBe('podcasts');
  });

  it("names a changed field as the content form does, then the table's words, else raw", () => {
    expect(fieldLabel('articles', 'sortOrder', [articles])).toBe('Volgorde');
    expect(fieldLabel('articles', 'title', [articles])).toBe('Titel');
    expect(fieldLabel('articles', 'trashedAt', [articles])).toBe('In de prullenbak sinds');
    expect(fieldLabel('user', 'role', [articles])).toBe('Rol');
    expect(fieldLabel('play', 'hidden', [articles])).toBe('Verborgen');
    expect(fieldLabel('articles', 'oddField', [articles])).toBe('oddField');
    expect(fieldLabel('articles', 'constructor', [articles])).toBe('constructor');
  });

  it('names the review step and its values in words, and leaves other values to be shown as they are', () => {
    expect(fieldLabel('articles', 'review', [articles])).toBe('Beoordeling');
    expect(fieldLabel('articles', 'reviewNote', [articles])).toBe('Notitie bij de beoordeling');
    expect(valueLabel('review', 'waiting')).toBe('Wacht op beoordeling');
    expect(valueLabel('review', 'returned')).toBe('Teruggestuurd');
    expect(valueLabel('review', null)).toBeUndefined();
    expect(valueLabel('title', 'waiting')).toBeUndefined();
    expect(valueLabel('review', 'toString')).toBeUndefined();
  });

  it('offers the other item types and every content type in the type filter', () => {
    expect(typeChoices([articles])).toMatchObject({ user: 'Gebruiker', articles: 'Artikel' });
  });
});
