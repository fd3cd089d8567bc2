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
    expect(actionLabel('save_draft')).toBe('Concept opgeslagen');
    expect(actionLabel('discard_draft')).toBe('Concept verwijderd');
    expect(actionLabel('publish_draft')).toBe('Concept gepubliceerd');
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
    // A library picture's credit and caption (issue 54: they showed as 'credit' and 'caption').
    expect(fieldLabel('media', 'credit', [articles])).toBe('Fotograaf of bron');
    expect(fieldLabel('media', 'caption', [articles])).toBe('Bijschrift');
    // A schedule slot's and a one-off change's fields, as the schedule's forms name them.
    expect(fieldLabel('schedule_slots', 'weekday')).toBe('Dag');
    expect(fieldLabel('schedule_slots', 'start')).toBe('Begintijd');
    expect(fieldLabel('schedule_slots', 'end')).toBe('Eindtijd');
    expect(fieldLabel('schedule_slots', 'programmeId')).toBe('Programma');
    expect(fieldLabel('schedule_changes', 'date')).toBe('Datum');
    expect(fieldLabel('schedule_changes', 'slotId')).toBe('Tijdvak dat vervalt');
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

  it("names a slot's day and a one-off change's or a media item's kind in words, and leaves other values", () => {
    expect(valueLabel('weekday', 3)).toBe('woensdag');
    expect(valueLabel('weekday', 7)).toBe('zondag');
    expect(valueLabel('weekday', 9)).toBeUndefined();
    expect(valueLabel('weekday', null)).toBeUndefined();
    expect(valueLabel('kind', 'cancel')).toBe('Tijdvak vervalt');
    expect(valueLabel('kind', 'special')).toBe('Speciale uitzending');
    expect(valueLabel('kind', 'image')).toBe('Afbeelding');
    expect(valueLabel('kind', 'other')).toBeUndefined();
    expect(valueLabel('kind', 'toString')).toBeUndefined();
    expect(valueLabel('sortOrder', 3)).toBeUndefined();
  });

  it('offers the other item types and every content type in the type filter', () => {
    expect(typeChoices([articles])).toMatchObject({ user: 'Gebruiker', articles: 'Artikel' });
  });
});
