import type { ContentItem, ContentType } from '../api/content-client';

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
