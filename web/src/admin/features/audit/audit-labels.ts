// The words the audit log shows for what the server records (issue 54): an action ('publish'), an
// item's type ('articles') and a changed field ('sortOrder') in Dutch. Content types and their
// fields are named as the content form names them, from the types' own descriptions
// (/api/admin/content-types); anything unknown keeps its raw name.
import type { ContentType } from '../../api/content-client';

/** Every action the server records (server/src: AuditLog::record, record_content_change). */
export const ACTION_LABELS: Readonly<Record<string, string>> = {
  create: 'Aangemaakt',
  update: 'Gewijzigd',
  delete: 'Verwijderd',
  trash: 'Naar prullenbak',
  untrash: 'Teruggezet uit de prullenbak',
  purge: 'Definitief verwijderd',
  publish: 'Gepubliceerd',
  unpublish: 'Offline gehaald',
  archive: 'Gearchiveerd',
  unarchive: 'Uit het archief teruggezet',
  restore: 'Eerdere versie teruggezet',
  label_revision: 'Versie benoemd',
  deactivate: 'Uitgeschakeld',
  enable: 'Ingeschakeld',
  disable: 'Uitgeschakeld',
  revoke: 'Ingetrokken',
  change_password: 'Wachtwoord gewijzigd',
  reset_password: 'Nieuw wachtwoord',
  enable_second_factor: 'Tweestapsverificatie aangezet',
  disable_second_factor: 'Tweestapsverificatie uitgezet',
  renew_recovery_codes: 'Nieuwe herstelcodes gemaakt',
  reset_second_factor: 'Tweestapsverificatie gereset',
  upload: 'Geüpload',
  reprocess: 'Opnieuw verwerkt',
  resend: 'Opnieuw verstuurd',
  run: 'Gemaakt',
  hide: 'Verborgen',
  show: 'Weer getoond',
  offer_review: 'Ter beoordeling aangeboden',
  send_back: 'Teruggestuurd',
  save_draft: 'Concept opgeslagen',
  discard_draft: 'Concept verwijderd',
  publish_draft: 'Concept gepubliceerd',
};

/** The item types that are not content types (those are named by their own description). */
export const TYPE_LABELS: Readonly<Record<string, string>> = {
  user: 'Gebruiker',
  api_key: 'API-sleutel',
  schedule_slots: 'Tijdvak',
  schedule_changes: 'Eenmalige wijziging',
  source_login: 'Bronlogin',
  media: 'Beeld of geluid',
  webhook: 'Webhook',
  webhook_delivery: 'Webhookbericht',
  backup: 'Back-up',
  play: 'Gedraaide titel',
};

/** The fields of what is not a content item, and those the server adds to a content item's change. */
const FIELD_LABELS: Readonly<Record<string, string>> = {
  name: 'Naam',
  email: 'E-mailadres',
  role: 'Rol',
  channels: 'Kanalen',
  channel: 'Kanaal',
  active: 'Actief',
  mustChangePassword: 'Moet wachtwoord wijzigen',
  secondFactor: 'Tweestapsverificatie',
  hidden: 'Verborgen',
  password: 'Wachtwoord',
  username: 'Gebruikersnaam',
  onlyInSlots: 'Alleen in tijdvakken',
  scopes: 'Rechten',
  revokedAt: 'Ingetrokken op',
  url: 'Adres',
  events: 'Gebeurtenissen',
  kind: 'Soort',
  focalPoint: 'Focuspunt',
  // A library picture's words (media-details.tsx names them so).
  credit: 'Fotograaf of bron',
  caption: 'Bijschrift',
  // A slot's and a one-off change's fields (schedule_api.cpp), as the schedule's forms name them.
  weekday: 'Dag',
  start: 'Begintijd',
  end: 'Eindtijd',
  programmeId: 'Programma',
  date: 'Datum',
  slotId: 'Tijdvak dat vervalt',
  title: 'Titel',
  label: 'Naam van de versie',
  published: 'Gepubliceerd',
  publishAt: 'Publiceren vanaf',
  unpublishAt: 'Offline halen op',
  archivedAt: 'Gearchiveerd op',
  trashedAt: 'In de prullenbak sinds',
  review: 'Beoordeling',
  reviewNote: 'Notitie bij de beoordeling',
  draft: 'Concept (opgeslagen door)',
};

/** The values of a field the server records as a name, in words. */
const VALUE_LABELS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  review: { waiting: 'Wacht op beoordeling', returned: 'Teruggestuurd' },
  // A schedule slot's day: 1 is maandag (schedule-api.ts).
  weekday: {
    1: 'maandag',
    2: 'dinsdag',
    3: 'woensdag',
    4: 'donderdag',
    5: 'vrijdag',
    6: 'zaterdag',
    7: 'zondag',
  },
  // A one-off change's kind as its form says it, and a media item's.
  kind: {
    special: 'Speciale uitzending',
    cancel: 'Tijdvak vervalt',
    image: 'Afbeelding',
    audio: 'Geluid',
    video: 'Video',
  },
};

const own = <T>(table: Readonly<Record<string, T>>, key: string): T | undefined =>
  Object.hasOwn(table, key) ? table[key] : undefined;

/** An action in words: 'publish' → 'Gepubliceerd'; an unknown one as recorded. */
export function actionLabel(action: string): string {
  return own(ACTION_LABELS, action) ?? action;
}

/** An item type in words: a content type by its own name ('Artikel'), the others from TYPE_LABELS. */
export function typeLabel(itemType: string, types: readonly ContentType[] = []): string {
  return (
    types.find((type) => type.name === itemType)?.labelSingular ?? own(TYPE_LABELS, itemType) ?? itemType
  );
}

/** An item: its type in words and its number ('Artikel #38'); just the type for one without a number. */
export function itemLabel(itemType: string, itemId: string, types: readonly ContentType[] = []): string {
  const label = typeLabel(itemType, types);
  return itemId ? `${label} #${itemId}` : label;
}

/**
 * A changed field in words: a content type's field by the label its form gives it ('sortOrder' →
 * 'Volgorde'), others from FIELD_LABELS, anything unknown by its raw name.
 */
export function fieldLabel(itemType: string, field: string, types: readonly ContentType[] = []): string {
  const type = types.find((candidate) => candidate.name === itemType);
  return (
    type?.fields.find((candidate) => candidate.name === field)?.label ?? own(FIELD_LABELS, field) ?? field
  );
}

/** A recorded value in words where the field records a name ('cancel' → 'Tijdvak vervalt', 'waiting' → 'Wacht op beoordeling'), else undefined. */
export function valueLabel(field: string, value: unknown): string | undefined {
  const names = own(VALUE_LABELS, field);
  return names && (typeof value === 'string' || typeof value === 'number')
    ? own(names, String(value))
    : undefined;
}

/** The type filter's choices: the other item types, then every content type, each in words. */
export function typeChoices(types: readonly ContentType[] = []): Record<string, string> {
  return {
    ...TYPE_LABELS,
    ...Object.fromEntries(types.map((type) => [type.name, type.labelSingular])),
  };
}
