import { describe, expect, it } from 'vitest';
import { programmeItem, programmesType, typeNeeds } from '../../test-support/content-fixtures';
import { createRefusedText, mayCreate, mayEdit, mayPublish, readOnlyText } from './content-permissions';

// The permissions the session lists for each role (server/src/admin/roles.cpp).
const redacteur = ['edit_drafts', 'read_listeners'];
const eindredacteur = [
  'edit_drafts',
  'edit_published',
  'publish',
  'delete_content',
  'read_audit',
  'read_listeners',
];

const articles = programmesType({
  name: 'articles',
  label: 'Nieuwsartikelen',
  labelSingular: 'Artikel',
  publication: 'dated',
  needs: typeNeeds('dated'),
});
const presenters = programmesType({
  name: 'presenters',
  label: 'Presentatoren',
  labelSingular: 'Presentator',
});
const channels = programmesType({
  name: 'channels',
  label: 'Kanalen',
  labelSingular: 'Kanaal',
  settings: true,
  needs: typeNeeds('settings'),
});
const songs = programmesType({ name: 'songs', origin: 'Nieuwe nummers komen uit de playout.' });
const draft = programmeItem({ state: 'draft', published: false });
const online = programmeItem({ state: 'online', published: true });

describe('content permissions', () => {
  it('offers a redacteur new drafts only, and an eindredacteur everything but settings', () => {
    expect(mayCreate(articles, redacteur)).toBe(true);
    expect(mayCreate(presenters, redacteur)).toBe(false);
    expect(mayCreate(presenters, eindredacteur)).toBe(true);
    expect(mayCreate(channels, eindredacteur)).toBe(false);
    expect(mayCreate(channels, [...eindredacteur, 'edit_settings'])).toBe(true);
    // A type the admin does not create is never offered.
    expect(mayCreate(songs, [...eindredacteur, 'edit_settings'])).toBe(false);
  });

  it('lets a redacteur change a draft but not what is on the site', () => {
    expect(mayEdit(articles, draft, redacteur)).toBe(true);
    expect(mayEdit(articles, online, redacteur)).toBe(false);
    expect(mayEdit(articles, { ...online, state: 'scheduled' }, redacteur)).toBe(false);
    expect(mayEdit(articles, online, eindredacteur)).toBe(true);
    expect(mayEdit(presenters, online, redacteur)).toBe(false);
    expect(mayPublish(articles, redacteur)).toBe(false);
    expect(mayPublish(articles, eindredacteur)).toBe(true);
  });

  it('says why an item is read-only and what the user can do', () => {
    expect(readOnlyText(articles, online)).toBe(
      'Dit item staat op de site. Je rol mag gepubliceerde inhoud lezen, niet wijzigen: vraag een ' +
        'eindredacteur om een wijziging, of om het offline te halen zodat je het als concept verder kunt schrijven.',
    );
    expect(readOnlyText(articles, { ...online, state: 'scheduled' })).toMatch(
      /^Dit item is ingepland om op de site te komen\./,
    );
    expect(readOnlyText(presenters, online)).toBe(
      'Dit item staat meteen op de site, zonder concept. Je rol mag het bekijken, niet wijzigen: vraag een ' +
        'eindredacteur om een wijziging.',
    );
    expect(readOnlyText(channels, online)).toBe(
      'Dit is een instelling van het station. Je rol mag het bekijken, niet wijzigen: vraag een beheerder om een wijziging.',
    );
  });

  it('says in Dutch why a new item cannot be made', () => {
    expect(createRefusedText(presenters)).toBe(
      'Je rol mag geen nieuwe presentatoren aanmaken. Vraag een eindredacteur om er een te maken; bekijken kan ' +
        'onder ‘Presentatoren’.',
    );
    expect(createRefusedText(channels)).toMatch(
      /^Je rol mag geen nieuwe kanalen aanmaken\. Vraag een beheerder/,
    );
  });
});
