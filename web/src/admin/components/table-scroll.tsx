import type { ReactNode } from 'react';

/**
 * A wide table's sideways-scrolling frame on a narrow screen: a named region that keyboard users
 * can focus to scroll it (WCAG 2.1.1; axe's scrollable-region-focusable).
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be focusable
    <div className="admin-table-wrap" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
