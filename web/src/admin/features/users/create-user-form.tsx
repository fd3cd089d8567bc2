import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { adminApi, ROLE_LABELS, type AdminUser, type Role } from '../../api/admin-client';
import { FormAlert } from '../../components/form-alert';
import { TextField } from '../../components/text-field';
import { useServerSubmit } from '../../components/use-server-submit';

export const createUserSchema = z.object({
  name: z.string().trim().min(1, 'Vul een naam in.').max(200, 'Een naam is hoogstens 200 tekens.'),
  email: z.string().trim().min(1, 'Vul een e-mailadres in.').pipe(z.email('Vul een geldig e-mailadres in.')),
  role: z.enum(['beheerder', 'eindredacteur', 'redacteur'], { message: 'Kies een rol.' }),
  channels: z.array(z.string()),
});
type CreateUserValues = z.infer<typeof createUserSchema>;

export interface ChannelChoice {
  slug: string;
  name: string;
}

/** A new account: its one-time password is shown once, after creation. */
export function CreateUserForm({
  channels,
  onCreated,
}: {
  channels: ChannelChoice[];
  onCreated: (user: AdminUser, oneTimePassword: string) => void;
}) {
  const form = useForm<CreateUserValues>({
    resolver: zodResolver(createUserSchema),
    defaultValues: { name: '', email: '', role: 'redacteur', channels: [] },
  });
  const {
    register,
    reset,
    formState: { errors, isSubmitting },
  } = form;

  const { formError, submit } = useServerSubmit(
    form,
    ['name', 'email', 'role', 'channels'],
    async (values) => {
      const created = await adminApi.createUser({ ...values, role: values.role as Role });
      reset();
      onCreated(created.user, created.oneTimePassword);
    },
  );

  return (
    <form className="admin-form" onSubmit={submit} noValidate aria-labelledby="create-user-heading">
      <h2 id="create-user-heading">Nieuwe gebruiker</h2>
      <FormAlert message={formError} />
      <TextField id="user-name" label="Naam" registration={register('name')} error={errors.name?.message} />
      <TextField
        id="user-email"
        label="E-mailadres"
        type="email"
        autoComplete="off"
        registration={register('email')}
        error={errors.email?.message}
      />
      <div className="admin-field">
        <label htmlFor="user-role">Rol</label>
        <select
          id="user-role"
          aria-invalid={errors.role ? true : undefined}
          aria-describedby={errors.role ? 'user-role-error' : undefined}
          {...register('role')}
        >
          {Object.entries(ROLE_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
        {errors.role && (
          <p id="user-role-error" className="admin-error">
            {errors.role.message}
          </p>
        )}
      </div>
      {channels.length > 0 && (
        <fieldset
          className="admin-field"
          aria-describedby={errors.channels ? 'user-channels-hint user-channels-error' : 'user-channels-hint'}
        >
          <legend>Kanalen</legend>
          <p id="user-channels-hint" className="admin-hint">
            Geen kanaal gekozen: alle kanalen.
          </p>
          <div className="admin-checkboxes">
            {channels.map((channel) => (
              <label key={channel.slug} className="admin-checkbox">
                <input type="checkbox" value={channel.slug} {...register('channels')} />
                {channel.name}
              </label>
            ))}
          </div>
          {errors.channels && (
            <p id="user-channels-error" className="admin-error">
              {errors.channels.message}
            </p>
          )}
        </fieldset>
      )}
      <button type="submit" disabled={isSubmitting}>
        Gebruiker maken
      </button>
    </form>
  );
}
