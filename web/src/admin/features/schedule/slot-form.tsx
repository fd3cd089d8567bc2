import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormAlert } from '../../components/form-alert';
import { applyServerErrors } from '../../components/server-errors';
import { TextField } from '../../components/text-field';
import { scheduleApi, WEEKDAYS, type ScheduleProgramme, type ScheduleSlot } from './schedule-api';
import { slotSchema, type SlotValues } from './schedule-schema';
import { SelectField } from './select-field';

const FIELDS = ['weekday', 'programmeId', 'start', 'end'] as const;

/** Adds a weekly slot to a channel, or (with `slot`) changes one; the server refuses overlaps. */
export function SlotForm({
  channel,
  programmes,
  slot,
  onSaved,
  onCancel,
}: {
  channel: string;
  programmes: ScheduleProgramme[];
  slot?: ScheduleSlot | undefined;
  onSaved: (slot: ScheduleSlot) => void;
  onCancel?: () => void;
}) {
  const [formError, setFormError] = useState<string>();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<SlotValues>({
    resolver: zodResolver(slotSchema),
    shouldFocusError: true,
    defaultValues: slot
      ? {
          weekday: String(slot.weekday),
          programmeId: String(slot.programmeId),
          start: slot.start,
          end: slot.end,
        }
      : { weekday: '', programmeId: '', start: '', end: '' },
  });

  // 'Bewerken' opens the form on this slot: keyboard users continue in its first field.
  useEffect(() => {
    if (slot) setFocus('weekday');
  }, [slot, setFocus]);

  const submit = handleSubmit(async (values) => {
    setFormError(undefined);
    const body = {
      weekday: Number(values.weekday),
      programmeId: Number(values.programmeId),
      start: values.start,
      end: values.end,
    };
    try {
      const answer = slot
        ? await scheduleApi.updateSlot(channel, slot.id, body)
        : await scheduleApi.createSlot(channel, body);
      if (!slot) reset();
      onSaved(answer.slot);
    } catch (error) {
      setFormError(applyServerErrors(error, FIELDS, setError));
    }
  });

  const prefix = slot ? `slot-${slot.id}` : 'slot-new';
  const heading = slot ? 'Tijdvak wijzigen' : 'Nieuw tijdvak';
  return (
    <form className="admin-form" onSubmit={submit} noValidate aria-labelledby={`${prefix}-heading`}>
      <h2 id={`${prefix}-heading`}>{heading}</h2>
      <FormAlert message={formError} />
      <SelectField
        id={`${prefix}-weekday`}
        label="Dag"
        placeholder="Kies een dag"
        options={WEEKDAYS.map((name, index) => ({ value: String(index + 1), label: name }))}
        registration={register('weekday')}
        error={errors.weekday?.message}
      />
      <SelectField
        id={`${prefix}-programme`}
        label="Programma"
        placeholder="Kies een programma"
        options={programmes.map((p) => ({ value: String(p.id), label: p.name }))}
        registration={register('programmeId')}
        error={errors.programmeId?.message}
      />
      <TextField
        id={`${prefix}-start`}
        label="Begintijd"
        hint="uu:mm, Nederlandse tijd, bijvoorbeeld 07:00."
        registration={register('start')}
        error={errors.start?.message}
      />
      <TextField
        id={`${prefix}-end`}
        label="Eindtijd"
        hint="uu:mm; 24:00 is middernacht."
        registration={register('end')}
        error={errors.end?.message}
      />
      <button type="submit" disabled={isSubmitting}>
        {slot ? 'Tijdvak opslaan' : 'Tijdvak toevoegen'}
      </button>{' '}
      {onCancel && (
        <button type="button" onClick={onCancel}>
          Annuleren
        </button>
      )}
    </form>
  );
}
