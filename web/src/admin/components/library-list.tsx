// The media library as the pickers of the content forms list it (audio-picker.tsx,
// image-picker.tsx): the items they can choose, newest first, a page at a time, optionally only
// those whose file name holds a search, with the button that loads more and the load's error.
import { useCallback, useEffect, useRef, useState } from 'react';
import { AdminApiError } from '../api/admin-client';
import { mediaApi, type Media, type MediaKind } from '../api/media-client';
import { pageCount } from './pager';

export interface Library<T extends Media> {
  items: T[];
  /** Adds items not listed yet: first (an upload, a chosen older item) or last. */
  add: (more: T[], first?: boolean) => void;
  /** True once the first page has come. */
  loaded: boolean;
  hasMore: boolean;
  loadMore: () => void;
  loadError: string | undefined;
}

/**
 * The items of `kind` that `wanted` accepts (ready ones), a page at a time; a new `search` starts
 * from its first page. `failure` is the message when the server gives no Dutch one.
 */
export function useLibrary<T extends Media>(
  kind: MediaKind,
  wanted: (media: Media) => media is T,
  failure: string,
  search = '',
): Library<T> {
  const [items, setItems] = useState<T[]>([]);
  const [page, setPage] = useState(1);
  const [pages, setPages] = useState(1);
  const [loaded, setLoaded] = useState(false);
  const [loadError, setLoadError] = useState<string>();
  const [listed, setListed] = useState(search);
  const accepts = useRef(wanted);
  accepts.current = wanted;
  const failureText = useRef(failure);
  failureText.current = failure;
  if (listed !== search) {
    setListed(search);
    setItems([]);
    setPage(1);
  }

  const add = useCallback(
    (more: T[], first = false) =>
      setItems((known) => {
        const fresh = more.filter((media) => !known.some((k) => k.id === media.id));
        return first ? [...fresh, ...known] : [...known, ...fresh];
      }),
    [],
  );

  useEffect(() => {
    let live = true;
    setLoadError(undefined);
    mediaApi
      .list(kind, page, listed)
      .then((answer) => {
        if (!live) return;
        const fresh = answer.items.filter((media) => accepts.current(media));
        setItems((known) => [...known, ...fresh.filter((media) => !known.some((k) => k.id === media.id))]);
        setPages(pageCount(answer.total, answer.pageSize));
        setLoaded(true);
      })
      .catch((caught: unknown) => {
        if (live) setLoadError(caught instanceof AdminApiError ? caught.message : failureText.current);
      });
    return () => {
      live = false;
    };
  }, [kind, page, listed]);

  return { items, add, loaded, hasMore: page < pages, loadMore: () => setPage((n) => n + 1), loadError };
}

/** The button that loads the next page of a library (while there is one), and its load's error. */
export function LibraryMore({
  library,
  label,
}: {
  library: Pick<Library<Media>, 'hasMore' | 'loadMore' | 'loadError'>;
  label: string;
}) {
  return (
    <>
      {library.hasMore && (
        <button type="button" className="admin-link-button" onClick={library.loadMore}>
          {label}
        </button>
      )}
      {library.loadError && (
        <p className="admin-error" role="alert">
          {library.loadError}
        </p>
      )}
    </>
  );
}
