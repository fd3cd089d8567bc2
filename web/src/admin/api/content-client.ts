// The admin's content calls (server/src/admin/content_api.hpp): the editable types as the server
// describes them, and list, get, create, update, delete, publish, review, revisions and preview of
// items, and the bulk actions of a list.
import { adminCreate, adminFetch, getCsrfToken } from './admin-client';

export type FieldKind =
  | 'text'
  | 'longText'
  | 'slug'
  | 'integer'
  | 'flag'
  | 'instant'
  | 'color'
  | 'url'
  | 'blocks'
  | 'choice'
  | 'reference'
  | 'relation'
  | 'tags'
  /** The id of a ready audio item of the media library; fills the type's derived fields. */
  | 'audio'
  /** An image: a media library image's URL (/uploads/images/…) or a URL elsewhere. */
  | 'image'
  /** A recording's ISRC, stored as twelve characters without hyphens (lib/isrc.ts). */
  | 'isrc';

/** What a derived field holds of the item's chosen audio ('' or absent: not derived). */
export type DerivedFact = '' | 'path' | 'durationMs' | 'byteLength';

export interface ContentField {
  name: string;
  label: string;
  kind: FieldKind;
  required: boolean;
  immutable: boolean;
  maxLength: number;
  choices: { value: string; label: string }[];
  reference: string;
  /** What a reference or a relation holds: the other item's 'id' (a number) or its 'slug'. */
  referenceKey: string;
  /** Filled by the server from the chosen audio on save: shown, never edited or sent. */
  derived?: DerivedFact;
  /** An image's spec §9 presets on the listener pages (the crops to preview); none: shown whole. */
  crops?: string[];
  /** An image's alt text field ('' or absent: none, a logo or a background). */
  altField?: string;
  /**
   * A file: a path in the media dir, an http(s) URL or, for a video, a video of the media library
   * (its HLS master playlist, /uploads/videos/…/master.m3u8), which the form lets choose.
   */
  mediaFile?: boolean;
}

export interface ContentType {
  name: string;
  label: string;
  labelSingular: string;
  titleField: string;
  slugField: string;
  publication: 'none' | 'dated' | 'switched';
  revisions: boolean;
  /** Where the items come from when not made here (songs: the playout), a sentence; '': made here. */
  origin: string;
  settings: boolean;
  preview: boolean;
  /** Items can be archived: off the site but kept, and restorable. */
  archivable: boolean;
  /**
   * The permission (as the session lists them) that each change needs, by the rule the server
   * refuses by: a new item, an edit of a draft, an edit of an item on the site, a publication.
   */
  needs: TypeNeeds;
  fields: ContentField[];
}

export interface TypeNeeds {
  create: string;
  editDraft: string;
  editPublished: string;
  publish: string;
}

export type ItemState = 'draft' | 'scheduled' | 'online' | 'expired';

/**
 * A draft's review step (server/src/content/review_state.hpp): offered and waiting, or sent back
 * with a note for its author; `by` took that step at `at`.
 */
export interface Review {
  status: 'waiting' | 'returned';
  by: string;
  at: string | null;
  note: string;
}
export type FieldValue = string | number | boolean | null | unknown[];

export interface ContentItem {
  id: string;
  version: number;
  title: string;
  state: ItemState;
  published: boolean;
  publishAt: string | null;
  unpublishAt: string | null;
  /** Archived: off the site, kept in the store (archivable types). */
  archived?: boolean;
  archivedAt?: string | null;
  /** How often other items refer to it (a single item's answer): a delete would be refused. */
  usedBy?: number;
  /** Who created it (an account's name); null when not known (an item from before, an import). */
  author?: string | null;
  /** Its review step; null when it is in none. */
  review?: Review | null;
  /** A list's item: the last change the audit log holds (who, when); null when none is recorded. */
  lastEdit?: { at: string; by: string } | null;
  /** A list's item: it has a draft (`draft` in a single item's answer). */
  hasDraft?: boolean;
  /** A single item's answer: its draft (changes of an item on the site kept off it); null when none. */
  draft?: ContentDraft | null;
  values: Record<string, FieldValue>;
}

/** What a content list asks the server: search, status, 'mine', sort and page. */
export interface ListFilter {
  q?: string;
  state?: string;
  mine?: boolean;
  sort?: string;
  dir?: 'asc' | 'desc';
  page?: number;
}

/** An action on several items of a list at once (POST /api/admin/content/{type}/bulk). */
export type BulkAction = 'publish' | 'unpublish' | 'trash' | 'category';

/** What became of one item of a bulk action: done (with the item as it is now), or why not. */
export interface BulkResult {
  id: string;
  ok: boolean;
  item?: ContentItem;
  error?: { code: string; message: string };
}

export interface BulkAnswer {
  results: BulkResult[];
  succeeded: number;
  failed: number;
}

/**
 * Changes of an item on the site kept as a draft (server/src/content/content_drafts.hpp): the site
 * shows the published version until the draft is published. `baseVersion`: the item's version the
 * draft was made on; publishing it over a newer one is a conflict.
 */
export interface ContentDraft {
  values: Record<string, FieldValue>;
  baseVersion: number;
  savedAt: string;
  savedBy: string;
}

export interface ContentList {
  items: ContentItem[];
  page: number;
  pageSize: number;
  total: number;
  /** Only in an overlay's list (banner, modal): what visitors see now. */
  onSite?: OnSite;
}

/** An overlay on the site now: its type, id and title. */
export interface LiveOverlay {
  type: string;
  id: string;
  title: string;
}

/** The maintenance banner and event modal visitors see now; null where none is on the site. */
export interface OnSite {
  banner: LiveOverlay | null;
  modal: LiveOverlay | null;
}

export interface Revision {
  id: number;
  itemVersion: number;
  createdAt: string;
  userName: string;
  title: string;
  /** The editor's name for this version, e.g. 'Voor de correctie'; null when none was given. */
  label: string | null;
  /** The fields that differ from the version saved before it; null for the oldest one listed. */
  changedFields: string[] | null;
}

/** One version with its values (for a diff). */
export interface RevisionWithValues extends Revision {
  values: Record<string, FieldValue>;
}

export interface ReferenceOption {
  value: string | number;
  slug: string | null;
  label: string;
}

export const STATE_LABELS: Record<ItemState, string> = {
  draft: 'Concept',
  scheduled: 'Ingepland',
  online: 'Online',
  expired: 'Verlopen',
};

/** The marker of an item with a draft (issue 54), in the lists and on the start page. */
export const DRAFT_MARKER = 'Concept in bewerking';

/** The list's filter: the states, and the drafts offered for review. */
export const FILTER_LABELS: Record<ItemState | 'waiting', string> = {
  ...STATE_LABELS,
  waiting: 'Wacht op beoordeling',
};

const base = (type: string) => `/api/admin/content/${encodeURIComponent(type)}`;
const itemPath = (type: string, id: string) => `${base(type)}/${encodeURIComponent(id)}`;

// The reference options of each type, asked once for the page's session: every form with a
// reference to the type takes them from here. A change to an item of the type (save, delete,
// publication, restore) forgets that type's options, so that the next form asks again.
const optionsCache = new Map<string, Promise<{ options: ReferenceOption[] }>>();

/** Forgets the cached reference options of `type`, or of every type (e.g. at logout). */
export function forgetOptions(type?: string) {
  if (type === undefined) optionsCache.clear();
  else optionsCache.delete(type);
}

function cachedOptions(type: string): Promise<{ options: ReferenceOption[] }> {
  let answer = optionsCache.get(type);
  if (!answer) {
    answer = adminFetch<{ options: ReferenceOption[] }>('GET', `${base(type)}/options`);
    // A failed call is not remembered: the next form tries again.
    answer.catch(() => {
      if (optionsCache.get(type) === answer) optionsCache.delete(type);
    });
    optionsCache.set(type, answer);
  }
  return answer;
}

/** `call`, after which the options of `type` are asked again. */
function changing<T>(type: string, call: Promise<T>): Promise<T> {
  return call.finally(() => forgetOptions(type));
}

export const contentApi = {
  types: () => adminFetch<{ types: ContentType[] }>('GET', '/api/admin/content-types'),
  list: (type: string, filter: ListFilter) => {
    const query = new URLSearchParams();
    if (filter.q) query.set('q', filter.q);
    if (filter.state) query.set('state', filter.state);
    if (filter.mine) query.set('mine', '1');
    if (filter.sort) query.set('sort', filter.sort);
    if (filter.sort && filter.dir === 'desc') query.set('dir', 'desc');
    if (filter.page && filter.page > 1) query.set('page', String(filter.page));
    const text = query.toString();
    return adminFetch<ContentList>('GET', `${base(type)}${text ? `?${text}` : ''}`);
  },
  /**
   * One action on several items, each at the version the list showed; the server answers per item
   * (each by the rules of its own route) which were done and why the others were not.
   */
  bulk: (
    type: string,
    action: BulkAction,
    items: { id: string; version: number }[],
    category?: string | number,
  ) =>
    changing(
      type,
      adminFetch<BulkAnswer>('POST', `${base(type)}/bulk`, {
        action,
        items,
        ...(category === undefined ? {} : { category }),
      }),
    ),
  /** The items of `type` to choose from in a reference field (cached, see forgetOptions). */
  options: (type: string) => cachedOptions(type),
  get: (type: string, id: string) => adminFetch<{ item: ContentItem }>('GET', itemPath(type, id)),
  create: (type: string, values: Record<string, FieldValue>) =>
    changing(type, adminCreate<{ item: ContentItem }>(base(type), { values })),
  update: (type: string, id: string, version: number, values: Record<string, FieldValue>) =>
    changing(type, adminFetch<{ item: ContentItem }>('PUT', itemPath(type, id), { version, values })),
  remove: (type: string, id: string, version: number) =>
    changing(type, adminFetch<undefined>('DELETE', `${itemPath(type, id)}?version=${version}`)),
  publish: (
    type: string,
    id: string,
    version: number,
    publishAt: string | null,
    unpublishAt: string | null,
  ) =>
    changing(
      type,
      adminFetch<{ item: ContentItem }>('POST', `${itemPath(type, id)}/publish`, {
        version,
        publishAt,
        unpublishAt,
      }),
    ),
  unpublish: (type: string, id: string, version: number) =>
    changing(type, adminFetch<{ item: ContentItem }>('POST', `${itemPath(type, id)}/unpublish`, { version })),
  /** Keeps `values` as the draft of an item on the site, made on `version`; the site is not changed. */
  saveDraft: (type: string, id: string, version: number, values: Record<string, FieldValue>) =>
    adminFetch<{ item: ContentItem }>('PUT', `${itemPath(type, id)}/draft`, { version, values }),
  /** Throws the item's draft away. */
  discardDraft: (type: string, id: string) => adminFetch<undefined>('DELETE', `${itemPath(type, id)}/draft`),
  /** Makes the draft the live version; `overwrite` publishes it over a version changed since it was made. */
  publishDraft: (type: string, id: string, version: number, overwrite = false) =>
    changing(
      type,
      adminFetch<{ item: ContentItem }>('POST', `${itemPath(type, id)}/draft/publish`, {
        version,
        overwrite,
      }),
    ),
  /** Offers a draft for review, with an optional note for whoever reviews it. */
  offer: (type: string, id: string, version: number, note: string) =>
    changing(
      type,
      adminFetch<{ item: ContentItem }>('POST', `${itemPath(type, id)}/offer`, { version, note }),
    ),
  /** Sends a waiting draft back to its author with a note that says why. */
  sendBack: (type: string, id: string, version: number, note: string) =>
    changing(
      type,
      adminFetch<{ item: ContentItem }>('POST', `${itemPath(type, id)}/send-back`, { version, note }),
    ),
  archive: (type: string, id: string, version: number) =>
    changing(type, adminFetch<{ item: ContentItem }>('POST', `${itemPath(type, id)}/archive`, { version })),
  unarchive: (type: string, id: string, version: number) =>
    changing(type, adminFetch<{ item: ContentItem }>('POST', `${itemPath(type, id)}/unarchive`, { version })),
  revisions: (type: string, id: string) =>
    adminFetch<{ revisions: Revision[] }>('GET', `${itemPath(type, id)}/revisions`),
  revision: (type: string, id: string, revision: number) =>
    adminFetch<{ revision: RevisionWithValues }>('GET', `${itemPath(type, id)}/revisions/${revision}`),
  labelRevision: (type: string, id: string, revision: number, label: string) =>
    adminFetch<{ revision: Revision }>('PATCH', `${itemPath(type, id)}/revisions/${revision}`, { label }),
  restore: (type: string, id: string, revision: number, version: number) =>
    changing(
      type,
      adminFetch<{ item: ContentItem }>('POST', `${itemPath(type, id)}/revisions/${revision}/restore`, {
        version,
      }),
    ),
  preview: (type: string, id: string) =>
    adminFetch<{ url: string; expiresAt: string }>('GET', `${itemPath(type, id)}/preview`),
};

/** A form's autosaved values (server/src/admin/autosaves.hpp): typed, not saved yet. */
export interface Autosave {
  values: Record<string, unknown>;
  /** The item's version the form was opened at (0 for a new item). */
  itemVersion: number;
  /**
   * What the fields the editor changed held in that version (the others held what `values`
   * holds); null for an autosave kept without them.
   */
  baseValues?: Record<string, unknown> | null;
  savedAt: string;
}

const autosavePath = (type: string, key: string) =>
  `/api/admin/autosaves/${encodeURIComponent(type)}/${encodeURIComponent(key)}`;

/** The key of a new item's form. */
export const NEW_ITEM_KEY = 'new';

export const autosaveApi = {
  get: (type: string, key: string) =>
    adminFetch<{ autosave: Autosave | null }>('GET', autosavePath(type, key)),
  put: (
    type: string,
    key: string,
    values: Record<string, unknown>,
    itemVersion: number,
    baseValues: Record<string, unknown>,
  ) => adminFetch<{ savedAt: string }>('PUT', autosavePath(type, key), { values, itemVersion, baseValues }),
  remove: (type: string, key: string) => adminFetch<undefined>('DELETE', autosavePath(type, key)),
};

/** Another editor who has the same item open (server/src/admin/presence.hpp). */
export interface PresentEditor {
  userId: number;
  name: string;
}

const presencePath = (type: string, key: string) =>
  `/api/admin/presence/${encodeURIComponent(type)}/${encodeURIComponent(key)}`;

export const presenceApi = {
  /** A heartbeat: the form is open; answers the others who have it open. */
  beat: (type: string, key: string) =>
    adminFetch<{ others: PresentEditor[] }>('PUT', presencePath(type, key)),
  leave: (type: string, key: string) => adminFetch<undefined>('DELETE', presencePath(type, key)),
  /** The goodbye of a page that is going away: a keepalive request outlives the page. */
  leaveWhileUnloading: (type: string, key: string) => {
    void fetch(presencePath(type, key), {
      method: 'DELETE',
      keepalive: true,
      credentials: 'same-origin',
      headers: { 'X-CSRF-Token': getCsrfToken() },
    }).catch(() => undefined);
  },
};
