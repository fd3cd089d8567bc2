import { Link } from 'react-router';
import { FormAlert } from '../../components/form-alert';
import { useContentTypes } from './use-content-types';

/** Every editable type, as links to its list. */
export function ContentTypesPage({ canEditSettings }: { canEditSettings: boolean }) {
  const { types, error } = useContentTypes();
  return (
    <section aria-labelledby="content-heading">
      <h1 id="content-heading" tabIndex={-1}>
        Inhoud
      </h1>
      <FormAlert message={error} />
      {types && (
        <ul className="admin-type-list">
          {types
            .filter((type) => canEditSettings || !type.settings)
            .map((type) => (
              <li key={type.name}>
                <Link to={`/inhoud/${type.name}`}>{type.label}</Link>
              </li>
            ))}
        </ul>
      )}
    </section>
  );
}
