import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { AdminApiError } from '../../api/admin-client';
import { contentApi, type ContentItem, type FieldValue } from '../../api/content-client';
import { FormAlert } from '../../components/form-alert';
import { useLeaveGuard } from '../../components/use-leave-guard';
import { useMediaQuery } from '../../components/use-media-query';
import { EpisodeDownloads, PodcastDownloads, ProgrammeAudience } from '../listener-stats';
import { ContentForm, type SaveFirst } from './content-form';
import {
  createRefusedText,
  mayCreate,
  mayDraft,
  mayEdit,
  mayPublish,
  readOnlyText,
} from './content-permissions';
import { DraftNotice } from './draft-notice';
import { ItemReadView } from './item-read-view';
import { ItemRemoval } from './item-removal';
import { listSearchFrom } from './list-query';
import { PresenceNotice } from './presence-notice';
import { PublishControls } from './publish-controls';
import { ReviewControls } from './review-controls';
import { RevisionList } from './revision-list';
import { trashedState } from './trashed-notice';
import { useContentTypes } from './use-content-types';

/**
 * One item (or a new one): its form, review, publication, versions, preview link, archive and
 * delete, each offered only when the user's permissions allow it (content-permissions.ts): an item
 * the user may not change opens to read, saying why; a new item they may not make says so instead
 * of a form. An item on the site that a redacteur may not change live opens to write a draft of it
 * (issue 54), and an item with a draft says so above the form (DraftNotice).
 */
export function ContentEditPage({ permissions }: { permissions: string[] }) {
  const { type: typeName = '', id } = useParams();
  const navigate = useNavigate();
  // The list this form was opened from (its query: search, filters, sort, page), to go back to.
  const location = useLocation();
  const listSearch = listSearchFrom(location.state);
  const list = { pathname: `/inhoud/${typeName}`, search: listSearch };
  const { types, error: typesError } = useContentTypes();
  const type = types?.find((candidate) => candidate.name === typeName);
  const [item, setStoredItem] = useState<ContentItem>();
  // Only the item's own answer counts the items that refer to it, and only it and the draft routes
  // carry its draft: another change (a review step, a publication) keeps both as they were.
  const setItem = (next: ContentItem) =>
    setStoredItem((previous) => ({
      ...next,
      usedBy: next.usedBy ?? previous?.usedBy ?? 0,
      draft: next.draft === undefined ? (previous?.draft ?? null) : next.draft,
    }));
  const [error, setError] = useState<string>();
  const [preview, setPreview] = useState<string>();
  // The settings' place in the side column, from the width where the page has two (admin.css).
  const wide = useMediaQuery('(min-width: 1100px)');
  const [settings, setSettings] = useState<HTMLDivElement | null>(null);
  // An earlier version restored as a draft: put into the form, not saved.
  const [draft, setDraft] = useState<{ values: Record<string, FieldValue>; description: string }>();
  const isNew = id === undefined;
  // Another page, a reload or closing the tab asks first while the form holds unsaved changes.
  const setDirty = useLeaveGuard();
  // The form's save, which 'Publiceren' runs first: it publishes what the form shows.
  const saveFirst = useRef<SaveFirst>(undefined);

  useEffect(() => {
    if (isNew) return;
    let current = true;
    contentApi
      .get(typeName, id)
      .then((answer) => current && setItem(answer.item))
      .catch((failure: unknown) => {
        if (current)
          setError(failure instanceof AdminApiError ? failure.message : 'Het item kon niet worden geladen.');
      });
    return () => {
      current = false;
    };
  }, [typeName, id, isNew]);

  const makePreview = async () => {
    if (!item) return;
    try {
      setPreview((await contentApi.preview(typeName, item.id)).url);
    } catch (failure) {
      setError(
        failure instanceof AdminApiError ? failure.message : 'Er kon geen voorbeeldlink worden gemaakt.',
      );
    }
  };

  const title = isNew ? `Nieuw: ${type?.labelSingular.toLowerCase() ?? ''}` : (item?.title ?? 'Laden…');
  const creatable = type ? mayCreate(type, permissions) : false;
  const editable = type && item ? mayEdit(type, item, permissions) : false;
  const publisher = type ? mayPublish(type, permissions) : false;
  // Changes to an item on the site that the role may not make live are kept as a draft.
  const draftOnly = type && item && !editable ? mayDraft(type, item, permissions) : false;
  const firstSave = () => saveFirst.current?.() ?? Promise.resolve({ saved: true as const, item: undefined });
  return (
    <section aria-labelledby="content-edit-heading" className="admin-edit">
      <p>
        <Link to={list}>← {type?.label ?? 'Terug'}</Link>
      </p>
      <h1 id="content-edit-heading" tabIndex={-1}>
        {String(title)}
      </h1>
      <FormAlert message={typesError ?? error} />
      {type && !isNew && <PresenceNotice type={type} itemKey={id} />}
      {/* From 1100 px wide: the text, the body and the versions (their diffs need the width) on
          the left; publication, the image and settings, preview and removal beside them (admin.css). */}
      <div className="admin-edit-columns">
        <div className="admin-edit-main">
          {/* A type the admin does not create (songs) says where its items come from instead;
              one the user's role may not create says so. */}
          {type && isNew && type.origin && <p>{type.origin}</p>}
          {type && isNew && !type.origin && !creatable && (
            <p className="admin-notice">{createRefusedText(type)}</p>
          )}
          {type && item && !editable && !draftOnly && (
            <>
              <p className="admin-notice">{readOnlyText(type, item)}</p>
              <ItemReadView type={type} item={item} />
            </>
          )}
          {type && item?.draft && (editable || draftOnly) && (
            <DraftNotice
              type={type}
              item={item}
              mayPublish={publisher}
              saveFirst={firstSave}
              onChanged={(changed) => {
                setDirty(false);
                setItem(changed);
              }}
            />
          )}
          {type && ((isNew && creatable) || (item && (editable || draftOnly))) && (
            <ContentForm
              // One form per item, kept through its saves (focus, the 'Opgeslagen' status).
              key={item ? item.id : 'new'}
              type={type}
              item={item}
              draft={draft}
              side={wide ? settings : null}
              saveFirst={saveFirst}
              draftOnly={draftOnly}
              onDirtyChange={setDirty}
              onSaved={(saved) => {
                setDirty(false);
                if (isNew)
                  void navigate(`/inhoud/${type.name}/${encodeURIComponent(saved.id)}`, {
                    replace: true,
                    state: { listSearch },
                  });
                else setItem(saved);
              }}
            />
          )}
          {type?.name === 'programmes' && item && permissions.includes('read_listeners') && (
            <ProgrammeAudience programmeId={item.id} />
          )}
          {type?.name === 'podcast-feeds' && item && permissions.includes('read_listeners') && (
            <PodcastDownloads feedId={item.id} />
          )}
          {type?.name === 'podcast-episodes' &&
            item &&
            item.values.feed != null &&
            permissions.includes('read_listeners') && (
              <EpisodeDownloads feedId={String(item.values.feed)} episodeId={item.id} />
            )}
          {type && item && type.revisions && (
            <RevisionList
              type={type}
              item={item}
              canChange={editable}
              onRestored={setItem}
              onDraft={(values, description) => {
                setDraft({ values, description });
                // The form is where the draft is reviewed: the focus goes to its first field.
                requestAnimationFrame(() =>
                  document
                    .querySelector<HTMLElement>('.admin-form input:not([disabled]), .admin-form textarea')
                    ?.focus(),
                );
              }}
            />
          )}
        </div>
        <div className="admin-edit-side">
          {type && item && type.publication !== 'none' && (!item.published || item.draft) && (
            <ReviewControls
              type={type}
              item={item}
              mayEdit={editable || draftOnly}
              mayPublish={publisher}
              saveFirst={firstSave}
              onChanged={setItem}
            />
          )}
          {type && item && type.publication !== 'none' && (
            <PublishControls
              type={type}
              item={item}
              canPublish={publisher}
              saveFirst={firstSave}
              onChanged={setItem}
            />
          )}
          <div ref={setSettings} />
          {type && item && type.preview && (
            <section aria-labelledby="preview-heading">
              <h2 id="preview-heading">Voorbeeld</h2>
              {/* The preview renders what is stored: it cannot show typing that is not saved yet. */}
              <p className="admin-hint">
                {item.draft
                  ? 'Het voorbeeld toont het opgeslagen concept, niet wat je nog niet hebt opgeslagen.'
                  : 'Het voorbeeld toont de opgeslagen versie, niet wat je nog niet hebt opgeslagen.'}
              </p>
              <button type="button" onClick={() => void makePreview()}>
                Voorbeeldlink maken
              </button>
              {preview && (
                <p>
                  <a href={preview} target="_blank" rel="noreferrer">
                    Voorbeeld openen (een uur geldig)
                  </a>
                </p>
              )}
            </section>
          )}
          {type && item && permissions.includes('delete_content') && (
            <ItemRemoval
              type={type}
              item={item}
              onChanged={setItem}
              onDeleted={() => {
                setDirty(false);
                // The list says it is in the trash and offers to put it back.
                void navigate(list, { state: trashedState(type, item) });
              }}
            />
          )}
        </div>
      </div>
    </section>
  );
}
