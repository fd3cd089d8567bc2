import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { CheckboxGroupField } from '../../components/checkbox-group-field';
import { FormAlert } from '../../components/form-alert';
import { TextField } from '../../components/text-field';
import { useServerSubmit } from '../../components/use-server-submit';
import { EVENT_LABELS, webhooksApi, type Webhook } from './webhooks-api';

export const createWebhookSchema = z.object({
  url: z
    .string()
    .trim()
    .min(1, 'Vul een URL in.')
    .max(2000, 'De URL is te lang.')
    .refine((value) => /^https?:\/\/[^\s/]+/i.test(value), 'Vul een http- of https-URL in.'),
  events: z.array(z.string()).min(1, 'Kies minstens een gebeurtenis.'),
});
type CreateWebhookValues = z.infer<typeof createWebhookSchema>;

/** A new webhook: its signing secret is shown once, after creation. */
export function CreateWebhookForm({
  events,
  onCreated,
}: {
  events: string[];
  onCreated: (webhook: Webhook, secret: string) => void;
}) {
  const form = useForm<CreateWebhookValues>({
    resolver: zodResolver(createWebhookSchema),
    defaultValues: { url: '', events: [] },
  });
  const {
    register,
    reset,
    formState: { errors, isSubmitting },
  } = form;

  const { formError, submit } = useServerSubmit(form, ['url', 'events'], async (values) => {
    const created = await webhooksApi.create(values.url.trim(), values.events);
    reset();
    onCreated(created.webhook, created.secret);
  });

  return (
    <form className="admin-form" onSubmit={submit} noValidate aria-labelledby="create-webhook-heading">
      <h2 id="create-webhook-heading">Nieuwe webhook</h2>
      <FormAlert message={formError} />
      <TextField
        id="webhook-url"
        label="URL"
        hint="Het adres dat de gebeurtenissen ontvangt, bijvoorbeeld https://voorbeeld.nl/ether."
        registration={register('url')}
        error={errors.url?.message}
      />
      <CheckboxGroupField
        id="webhook-events"
        legend="Gebeurtenissen"
        options={events}
        labels={EVENT_LABELS}
        registration={register('events')}
        error={errors.events?.message}
      />
      <button type="submit" disabled={isSubmitting}>
        Webhook toevoegen
      </button>
    </form>
  );
}
