import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { FocalPoint } from '../api/media-client';
import { FocalPointPicker } from './focal-point-picker';

function Harness({ onChange }: { onChange: (point: FocalPoint) => void }) {
  const [point, setPoint] = useState<FocalPoint>({ x: 0.5, y: 0.5 });
  return (
    <FocalPointPicker
      src="/uploads/images/abc/original.webp"
      alt="De studio"
      value={point}
      onChange={(next) => {
        setPoint(next);
        onChange(next);
      }}
    />
  );
}

describe('FocalPointPicker', () => {
  it('puts the point where the image is clicked', () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const area = screen.getByRole('button');
    area.getBoundingClientRect = () =>
      ({ left: 100, top: 50, width: 400, height: 200, right: 500, bottom: 250, x: 100, y: 50 }) as DOMRect;
    fireEvent.click(area, { clientX: 400, clientY: 100, detail: 1 });
    expect(onChange).toHaveBeenLastCalledWith({ x: 0.75, y: 0.25 });
    expect(area).toHaveAccessibleName('Focuspunt: 75% van links, 25% van boven');
  });

  it('moves the point with the arrow keys, in small steps with Shift, and stays inside the image', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const area = screen.getByRole('button');
    area.focus();
    expect(area).toHaveFocus();
    const press = (key: string, shiftKey = false) => fireEvent.keyDown(area, { key, shiftKey });
    await userEvent.keyboard('{ArrowRight}');
    press('ArrowRight');
    press('ArrowUp');
    expect(onChange).toHaveBeenLastCalledWith({ x: 0.6, y: 0.45 });
    press('ArrowLeft', true);
    expect(onChange).toHaveBeenLastCalledWith({ x: 0.595, y: 0.45 });
    for (let i = 0; i < 30; i++) press('ArrowDown');
    expect(onChange).toHaveBeenLastCalledWith({ x: 0.595, y: 1 });
    press('Home');
    expect(onChange).toHaveBeenLastCalledWith({ x: 0.5, y: 0.5 });
    expect(area).toHaveAccessibleDescription(/pijltjestoetsen/);
  });
});
