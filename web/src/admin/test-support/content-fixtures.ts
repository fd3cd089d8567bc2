import type { ContentField, ContentItem, ContentType, TypeNeeds } from '../api/content-client';

/** A field as the server describes it: not required, 200 characters, with `extra` over it. */
export function contentField(
  name: string,
  label: string,
  kind: ContentField['kind'],
  extra: Partial<ContentField> = {},
): ContentField {
  return {
    name,
    label,
    kind,
    required: false,
    immutable: false,
    maxLength: 200,
    choices: [],
    reference: '',
    referenceKey: 'id',
    derived: '',
    ...extra,
  };
}

/**
 * What a type's changes need, as the server says (content_api.cpp): 'draft' for a type with
 * drafts ('dated' or 'switched'), 'none' for one on the site at once, 'settings' for station settings.
 */
export function typeNeeds(kind: 'dated' | 'switched' | 'none' | 'settings'): TypeNeeds {
  const create = kind === 'settings' ? 'edit_settings' : kind === 'none' ? 'edit_published' : 'edit_drafts';
  return {
    create,
    editDraft: create,
    editPublished: kind === 'settings' ? 'edit_settings' : 'edit_published',
    publish: 'publish',
  };
}

/** The programmes type as the server describes it (no publication, revisions or preview), with `change` over it. */
export function programmesType(change: Partial<ContentType> = {}): ContentType {
  return {
    name: 'programmes',
    label: "Programma's",
    labelSingular: 'Programma',
    titleField: 'name',
    slugField: 'slug',
    publication: 'none',
    revisions: false,
    settings: false,
    preview: false,
    archivable: false,
    origin: '',
    needs: typeNeeds(change.settings ? 'settings' : (change.publication ?? 'none')),
    fields: [],
    ...change,
  };
}

/** Programme 7 at version 3, online, with `change` over it (its title and values). */
export function programmeItem(change: Partial<ContentItem> = {}): ContentItem {
  return {
    id: '7',
    version: 3,
    title: '',
    state: 'online',
    published: true,
    publishAt: null,
    unpublishAt: null,
    values: {},
    ...change,
  };
}
