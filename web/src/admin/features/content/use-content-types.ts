import { useEffect, useState } from 'react';
import { AdminApiError } from '../../api/admin-client';
import { contentApi, type ContentType } from '../../api/content-client';

let cached: Promise<ContentType[]> | undefined;

/** The editable types as the server describes them (fetched once per page load). */
export function useContentTypes(): { types: ContentType[] | undefined; error: string | undefined } {
  const [types, setTypes] = useState<ContentType[]>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    let current = true;
    cached ??= contentApi.types().then((answer) => answer.types);
    cached
      .then((answer) => current && setTypes(answer))
      .catch((failure: unknown) => {
        cached = undefined;
        if (current)
          setError(
            failure instanceof AdminApiError
              ? failure.message
              : 'De soorten inhoud konden niet worden geladen.',
          );
      });
    return () => {
      current = false;
    };
  }, []);
  return { types, error };
}
