import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { scheduleApi, WEEKDAYS, type ScheduleProgramme, type ScheduleSlot } from './schedule-api';
import { ProgrammeField, ScheduleForm, TimeFields, useScheduleSave } from './schedule-form';
import { slotSchema, type SlotValues } from './schedule-schema';
import { SelectField } from './select-field';

const FIELDS = ['weekday', 'programmeId', 'start', 'end'] as const;

/** Adds a weekly slot to a channel, or (with `slot`, at its version) changes one; the server refuses overlaps. */
export function SlotForm({
  channel,
  programmes,
  slot,
  onSaved,
  onReload,
  onCancel,
}: {
  channel: string;
  programmes: ScheduleProgramme[];
  slot?: ScheduleSlot | undefined;
  onSaved: (slot: ScheduleSlot) => void;
  onReload: () => Promise<void>;
  onCancel?: () => void;
}) {
  const form = useForm<SlotValues>({
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
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;

  const { formError, submit, conflict, reload } = useScheduleSave({
    form,
    fields: FIELDS,
    firstField: 'weekday',
    editing: slot,
    save: async (values: SlotValues) => {
      const body = {
        weekday: Number(values.weekday),
        programmeId: Number(values.programmeId),
        start: values.start,
        end: values.end,
      };
      const answer = slot
        ? await scheduleApi.updateSlot(channel, slot.id, slot.version, body)
        : await scheduleApi.createSlot(channel, body);
      return answer.slot;
    },
    onSaved,
    onReload,
  });

  const prefix = slot ? `slot-${slot.id}` : 'slot-new';
  return (
    <ScheduleForm
      prefix={prefix}
      heading={slot ? 'Tijdvak wijzigen' : 'Nieuw tijdvak'}
      submitLabel={slot ? 'Tijdvak opslaan' : 'Tijdvak toevoegen'}
      formError={formError}
      submitting={isSubmitting}
      conflict={conflict}
      onReload={reload}
      onSubmit={submit}
      onCancel={onCancel}
    >
      <SelectField
        id={`${prefix}-weekday`}
        label="Dag"
        placeholder="Kies een dag"
        options={WEEKDAYS.map((name, index) => ({ value: String(index + 1), label: name }))}
        registration={register('weekday')}
        error={errors.weekday?.message}
      />
      <ProgrammeField
        prefix={prefix}
        placeholder="Kies een programma"
        programmes={programmes}
        registration={register('programmeId')}
        error={errors.programmeId?.message}
      />
      <TimeFields
        prefix={prefix}
        startHint="uu:mm, Nederlandse tijd, bijvoorbeeld 07:00."
        start={{ registration: register('start'), error: errors.start?.message }}
        end={{ registration: register('end'), error: errors.end?.message }}
      />
    </ScheduleForm>
  );
}
