import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { adminApi, type ApiKey } from '../../api/admin-client';
import { CheckboxGroupField } from '../../components/checkbox-group-field';
import { FormAlert } from '../../components/form-alert';
import { TextField } from '../../components/text-field';
import { useServerSubmit } from '../../components/use-server-submit';

export const createApiKeySchema = z.object({
  name: z.string().trim().min(1, 'Vul een naam in.').max(200, 'Een naam is hoogstens 200 tekens.'),
  scopes: z.array(z.string()).min(1, 'Kies minstens een bevoegdheid.'),
});
type CreateApiKeyValues = z.infer<typeof createApiKeySchema>;

/** What each scope lets a machine do, in words. */
export const SCOPE_LABELS: Record<string, string> = {
  'nowplaying:write': 'Nu op de radio doorgeven (nowplaying:write)',
  'ingest:source': 'Live audio aanleveren (ingest:source)',
};

/** A new API key: the key itself is shown once, after creation. */
export function CreateApiKeyForm({
  scopes,
  onCreated,
}: {
  scopes: string[];
  onCreated: (key: ApiKey, secret: string) => void;
}) {
  const form = useForm<CreateApiKeyValues>({
    resolver: zodResolver(createApiKeySchema),
    defaultValues: { name: '', scopes: [] },
  });
  const {
    register,
    reset,
    formState: { errors, isSubmitting },
  } = form;

  const { formError, submit } = useServerSubmit(form, ['name', 'scopes'], async (values) => {
    const created = await adminApi.createApiKey(values.name, values.scopes);
    reset();
    onCreated(created.apiKey, created.key);
  });

  return (
    <form className="admin-form" onSubmit={submit} noValidate aria-labelledby="create-key-heading">
      <h2 id="create-key-heading">Nieuwe sleutel</h2>
      <FormAlert message={formError} />
      <TextField
        id="key-name"
        label="Naam"
        hint="Bijvoorbeeld de machine die hem gebruikt: 'Playout studio 1'."
        registration={register('name')}
        error={errors.name?.message}
      />
      <CheckboxGroupField
        id="key-scopes"
        legend="Bevoegdheden"
        options={scopes}
        labels={SCOPE_LABELS}
        registration={register('scopes')}
        error={errors.scopes?.message}
      />
      <button type="submit" disabled={isSubmitting}>
        Sleutel maken
      </button>
    </form>
  );
}
