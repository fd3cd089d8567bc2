import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FilterSelect } from './filter-select';

describe('FilterSelect', () => {
  it("offers 'Alle' and every label under its own label, and tells the chosen value", async () => {
    const onChange = vi.fn();
    render(
      <FilterSelect
        id="state"
        label="Status"
        value=""
        labels={{ draft: 'Concept', online: 'Online' }}
        onChange={onChange}
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Status' });
    expect([...(select as HTMLSelectElement).options].map((option) => [option.value, option.text])).toEqual([
      ['', 'Alle'],
      ['draft', 'Concept'],
      ['online', 'Online'],
    ]);
    await userEvent.selectOptions(select, 'online');
    expect(onChange).toHaveBeenCalledWith('online');
  });
});
