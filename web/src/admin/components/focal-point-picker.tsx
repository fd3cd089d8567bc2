import { useId, type KeyboardEvent, type MouseEvent } from 'react';
import type { FocalPoint } from '../api/media-client';

interface FocalPointPickerProps {
  /** The image to pick on (its original or a width-only size, so that nothing is cut off). */
  src: string;
  alt: string;
  value: FocalPoint;
  onChange: (point: FocalPoint) => void;
  /** How far one arrow key moves the point (Shift: ten times less). */
  step?: number;
}

const clamp = (value: number) => Math.min(1, Math.max(0, Math.round(value * 1000) / 1000));
const percent = (value: number) => `${Math.round(value * 100)}%`;

/**
 * The focal point of an image, which every crop keeps in view: a click on the image puts it there;
 * with the keyboard the arrow keys move it (Shift for small steps), Home centres it.
 */
export function FocalPointPicker({ src, alt, value, onChange, step = 0.05 }: FocalPointPickerProps) {
  const helpId = useId();

  function pick(event: MouseEvent<HTMLButtonElement>) {
    // Enter and Space also 'click' (detail 0, no position): the arrow keys are for the keyboard.
    if (event.detail === 0) return;
    const box = event.currentTarget.getBoundingClientRect();
    if (box.width <= 0 || box.height <= 0) return;
    onChange({
      x: clamp((event.clientX - box.left) / box.width),
      y: clamp((event.clientY - box.top) / box.height),
    });
  }

  function move(event: KeyboardEvent<HTMLButtonElement>) {
    const delta = event.shiftKey ? step / 10 : step;
    const moves: Record<string, FocalPoint> = {
      ArrowLeft: { x: value.x - delta, y: value.y },
      ArrowRight: { x: value.x + delta, y: value.y },
      ArrowUp: { x: value.x, y: value.y - delta },
      ArrowDown: { x: value.x, y: value.y + delta },
      Home: { x: 0.5, y: 0.5 },
    };
    const next = moves[event.key];
    if (!next) return;
    event.preventDefault();
    onChange({ x: clamp(next.x), y: clamp(next.y) });
  }

  return (
    <div className="admin-focal">
      <button
        type="button"
        className="admin-focal__area"
        aria-label={`Focuspunt: ${percent(value.x)} van links, ${percent(value.y)} van boven`}
        aria-describedby={helpId}
        onClick={pick}
        onKeyDown={move}
      >
        <img src={src} alt={alt} draggable={false} />
        <span
          className="admin-focal__marker"
          aria-hidden="true"
          style={{ left: percent(value.x), top: percent(value.y) }}
        />
      </button>
      <p id={helpId} className="admin-hint">
        Klik op het belangrijkste deel van de afbeelding, of gebruik de pijltjestoetsen (Shift voor kleine
        stappen). Uitsneden houden dit punt in beeld.
      </p>
    </div>
  );
}
