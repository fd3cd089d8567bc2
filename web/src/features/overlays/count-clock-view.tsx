import { useEffect, useState } from 'react';
import { clockLabels, clockSpan, splitDuration } from './count-clock';

export interface CountClockProps {
  mode: 'countdown' | 'countup';
  /** The instant counted down to, or up from (ms since the epoch). */
  target: number;
  caption: string | null;
}

/** A ticking countdown or count-up in days, hours, minutes and seconds; a countdown stops at zero. */
export function CountClock({ mode, target, caption }: CountClockProps) {
  const [now, setNow] = useState(() => Date.now());
  const span = clockSpan(mode, target, now);
  const finished = mode === 'countdown' && span === 0;

  useEffect(() => {
    if (finished) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [finished]);

  const parts = clockLabels(splitDuration(span));
  const spoken = parts.map((part) => `${part.value} ${part.label}`).join(', ');
  return (
    <div className="count-clock">
      {caption && <p className="count-clock__caption">{caption}</p>}
      {/* role=timer is not live by default: screen readers read it when reached, not every second. */}
      <div className="count-clock__units" role="timer" aria-label={spoken}>
        {parts.map((part) => (
          <span key={part.key} className="count-clock__unit" aria-hidden="true">
            <span className="count-clock__value">{String(part.value).padStart(2, '0')}</span>
            <span className="count-clock__label">{part.label}</span>
          </span>
        ))}
      </div>
    </div>
  );
}
