import { zodResolver } from '@hookform/resolvers/zod';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { CheckboxGroupField } from './checkbox-group-field';

const schema = z.object({ picks: z.array(z.string()).min(1, 'Kies minstens een.') });

function Form({ onValues }: { onValues: (picks: string[]) => void }) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<z.infer<typeof schema>>({ resolver: zodResolver(schema), defaultValues: { picks: [] } });
  return (
    <form onSubmit={handleSubmit((values) => onValues(values.picks))} noValidate>
      <CheckboxGroupField
        id="picks"
        legend="Keuzes"
        options={['a:read', 'b:write', 'c:other']}
        labels={{ 'a:read': 'Lezen (a:read)', 'b:write': 'Schrijven (b:write)' }}
        registration={register('picks')}
        error={errors.picks?.message}
      />
      <button type="submit">Opslaan</button>
    </form>
  );
}

describe('CheckboxGroupField', () => {
  it('shows each option with its words (or itself) and gives the checked ones as an array', async () => {
    const onValues = vi.fn();
    render(<Form onValues={onValues} />);
    const group = screen.getByRole('group', { name: 'Keuzes' });
    expect(group).not.toHaveAttribute('aria-describedby');
    expect(screen.getByRole('checkbox', { name: 'Lezen (a:read)' })).not.toBeChecked();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Schrijven (b:write)' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'c:other' }));
    await userEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(onValues).toHaveBeenCalledWith(['b:write', 'c:other']);
  });

  it('ties the error to the group and marks the boxes invalid', async () => {
    const onValues = vi.fn();
    render(<Form onValues={onValues} />);
    await userEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    const group = screen.getByRole('group', { name: 'Keuzes' });
    expect(await screen.findByText('Kies minstens een.')).toHaveAttribute('id', 'picks-error');
    expect(group).toHaveAttribute('aria-describedby', 'picks-error');
    for (const box of screen.getAllByRole('checkbox')) expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(onValues).not.toHaveBeenCalled();
  });
});
