import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { TextField } from '../../components/text-field';
import {
  scheduleApi,
  WEEKDAYS,
  type ChangeBody,
  type ScheduleChange,
  type ScheduleProgramme,
  type ScheduleSlot,
} from './schedule-api';
import { ProgrammeField, ScheduleForm, TimeFields, useScheduleSave } from './schedule-form';
import { changeSchema, weekdayOf, type ChangeValues } from './schedule-schema';
import { SelectField } from './select-field';

const FIELDS = ['date', 'kind', 'slotId', 'programmeId', 'title', 'start', 'end'] as const;

/** The body the server takes for a change: only the fields of its kind. */
export function changeBody(values: ChangeValues): ChangeBody {
  if (values.kind === 'cancel') return { date: values.date, kind: 'cancel', slotId: Number(values.slotId) };
  return {
    date: values.date,
    kind: 'special',
    programmeId: values.programmeId ? Number(values.programmeId) : null,
    title: values.title.trim(),
    start: values.start,
    end: values.end,
  };
}

/** A one-off change on a date: a special broadcast, or a weekly slot that does not run. */
export function ChangeForm({
  channel,
  programmes,
  slots,
  change,
  onSaved,
  onReload,
  onCancel,
}: {
  channel: string;
  programmes: ScheduleProgramme[];
  slots: ScheduleSlot[];
  change?: ScheduleChange | undefined;
  onSaved: (change: ScheduleChange) => void;
  onReload: () => Promise<void>;
  onCancel?: () => void;
}) {
  const form = useForm<ChangeValues>({
    resolver: zodResolver(changeSchema),
    shouldFocusError: true,
    defaultValues: {
      date: change?.date ?? '',
      kind: change?.kind ?? 'special',
      slotId: change?.slotId ? String(change.slotId) : '',
      programmeId: change?.programmeId ? String(change.programmeId) : '',
      title: change?.title ?? '',
      start: change?.start ?? '',
      end: change?.end ?? '',
    },
  });
  const {
    register,
    watch,
    formState: { errors, isSubmitting },
  } = form;
  const kind = watch('kind');
  const weekday = weekdayOf(watch('date'));
  // Only the slots of the chosen date's weekday can be cancelled on it.
  const slotOptions = slots
    .filter((slot) => weekday === undefined || slot.weekday === weekday)
    .map((slot) => ({
      value: String(slot.id),
      label: `${WEEKDAYS[slot.weekday - 1]} ${slot.start}–${slot.end} ${slot.programmeName}`,
    }));

  const { formError, submit, conflict, reload } = useScheduleSave({
    form,
    fields: FIELDS,
    firstField: 'date',
    editing: change,
    save: async (values: ChangeValues) => {
      const body = changeBody(values);
      const answer = change
        ? await scheduleApi.updateChange(channel, change.id, change.version, body)
        : await scheduleApi.createChange(channel, body);
      return answer.change;
    },
    onSaved,
    onReload,
  });

  const prefix = change ? `change-${change.id}` : 'change-new';
  return (
    <ScheduleForm
      prefix={prefix}
      heading={change ? 'Wijziging aanpassen' : 'Nieuwe wijziging op een datum'}
      submitLabel={change ? 'Wijziging opslaan' : 'Wijziging toevoegen'}
      formError={formError}
      submitting={isSubmitting}
      conflict={conflict}
      onReload={reload}
      onSubmit={submit}
      onCancel={onCancel}
    >
      <TextField
        id={`${prefix}-date`}
        label="Datum"
        hint="jjjj-mm-dd, bijvoorbeeld 2026-12-24."
        registration={register('date')}
        error={errors.date?.message}
      />
      <fieldset className="admin-field">
        <legend>Soort wijziging</legend>
        <label>
          <input
            type="radio"
            value="special"
            aria-describedby={errors.kind ? `${prefix}-kind-error` : undefined}
            {...register('kind')}
          />{' '}
          Speciale uitzending
        </label>
        <label>
          <input
            type="radio"
            value="cancel"
            aria-describedby={errors.kind ? `${prefix}-kind-error` : undefined}
            {...register('kind')}
          />{' '}
          Tijdvak vervalt
        </label>
        {errors.kind && (
          <p id={`${prefix}-kind-error`} className="admin-error">
            {errors.kind.message}
          </p>
        )}
      </fieldset>
      {kind === 'cancel' ? (
        <SelectField
          id={`${prefix}-slot`}
          label="Tijdvak dat vervalt"
          placeholder="Kies een tijdvak"
          options={slotOptions}
          registration={register('slotId')}
          error={errors.slotId?.message}
        />
      ) : (
        <>
          <ProgrammeField
            prefix={prefix}
            placeholder="Geen programma (vrije titel)"
            programmes={programmes}
            registration={register('programmeId')}
            error={errors.programmeId?.message}
          />
          <TextField
            id={`${prefix}-title`}
            label="Titel"
            hint="Nodig zonder programma; met een programma in plaats van de programmanaam."
            registration={register('title')}
            error={errors.title?.message}
          />
          <TimeFields
            prefix={prefix}
            startHint="uu:mm, Nederlandse tijd."
            start={{ registration: register('start'), error: errors.start?.message }}
            end={{ registration: register('end'), error: errors.end?.message }}
          />
        </>
      )}
    </ScheduleForm>
  );
}
