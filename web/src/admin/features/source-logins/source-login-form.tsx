import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormAlert } from '../../components/form-alert';
import { TextField } from '../../components/text-field';
import { useServerSubmit } from '../../components/use-server-submit';
import { sourceLoginsApi, type PresenterSource } from './source-logins-api';

/** The form's rules; `hasLogin`: an existing login keeps its password when the field is left empty. */
export function sourceLoginSchema(hasLogin: boolean) {
  return z.object({
    username: z
      .string()
      .trim()
      .regex(/^[a-z0-9._-]{3,64}$/, "Kies 3 tot 64 tekens: kleine letters, cijfers, '.', '_' of '-'.")
      .refine((value) => value !== 'source', "'source' is de login van het kanaal zelf."),
    password: z
      .string()
      .refine((value) => (hasLogin && value === '') || (value.length >= 12 && value.length <= 256), {
        message: hasLogin
          ? 'Laat leeg om het wachtwoord te houden, of kies 12 tot 256 tekens.'
          : 'Kies een wachtwoord van 12 tot 256 tekens.',
      }),
    onlyInSlots: z.boolean(),
  });
}
type SourceLoginValues = z.infer<ReturnType<typeof sourceLoginSchema>>;

/** Gives one presenter a source login of their own, changes it, or takes it away. */
export function SourceLoginForm({
  presenter,
  onSaved,
}: {
  presenter: PresenterSource;
  onSaved: (presenter: PresenterSource, notice: string) => void;
}) {
  const hasLogin = presenter.login !== null;
  const [removing, setRemoving] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  // The form opens on "Bewerken" and opens anew after each save or removal (the page keys it on
  // the stored login), when the button that had the focus may be gone: the focus goes to its heading.
  useEffect(() => heading.current?.focus(), []);
  const form = useForm<SourceLoginValues>({
    resolver: zodResolver(sourceLoginSchema(hasLogin)),
    defaultValues: {
      username: presenter.login?.username ?? '',
      password: '',
      onlyInSlots: presenter.login?.onlyInSlots ?? false,
    },
  });
  const {
    register,
    resetField,
    formState: { errors, isSubmitting },
  } = form;

  const { formError, submit, attempt } = useServerSubmit(
    form,
    ['username', 'password', 'onlyInSlots'],
    async (values) => {
      const answer = await sourceLoginsApi.save(presenter.id, {
        username: values.username.trim(),
        onlyInSlots: values.onlyInSlots,
        ...(values.password ? { password: values.password } : {}),
      });
      resetField('password');
      onSaved(answer.presenter, 'De bronlogin is opgeslagen.');
    },
  );

  const remove = async () => {
    if (
      !window.confirm(
        `De bronlogin van ${presenter.name} verwijderen? Met deze login kan dan niemand meer live uitzenden.`,
      )
    )
      return;
    setRemoving(true);
    await attempt(async () => {
      await sourceLoginsApi.remove(presenter.id);
      onSaved({ ...presenter, login: null }, 'De bronlogin is verwijderd.');
    });
    setRemoving(false);
  };

  const headingId = `source-login-${presenter.id}-heading`;
  return (
    <form className="admin-form" onSubmit={submit} noValidate aria-labelledby={headingId}>
      <h2 id={headingId} ref={heading} tabIndex={-1}>
        Bronlogin van {presenter.name}
      </h2>
      <p>
        Met deze login gaat {presenter.name} live op{' '}
        {presenter.channels.length > 0 ? presenter.channels.join(', ') : 'geen kanaal (nog geen programma)'}.
      </p>
      <FormAlert message={formError} />
      <TextField
        id={`source-login-${presenter.id}-username`}
        label="Gebruikersnaam"
        autoComplete="off"
        registration={register('username')}
        error={errors.username?.message}
      />
      <TextField
        id={`source-login-${presenter.id}-password`}
        label={hasLogin ? 'Nieuw wachtwoord' : 'Wachtwoord'}
        type="password"
        autoComplete="new-password"
        hint={hasLogin ? 'Laat leeg om het huidige wachtwoord te houden.' : undefined}
        registration={register('password')}
        error={errors.password?.message}
      />
      <div className="admin-field">
        <label>
          <input type="checkbox" {...register('onlyInSlots')} /> Alleen tijdens de uitzendingen van eigen
          programma's
        </label>
      </div>
      <button type="submit" disabled={isSubmitting || removing}>
        Opslaan
      </button>{' '}
      {hasLogin && (
        <button type="button" onClick={() => void remove()} disabled={isSubmitting || removing}>
          Bronlogin verwijderen
        </button>
      )}
    </form>
  );
}
