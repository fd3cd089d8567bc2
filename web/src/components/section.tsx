import { useId, type ReactNode } from 'react';
import { AppLink } from './app-link';
import { Deferred } from './deferred';
import { InSection } from './heading-level';

/**
 * A titled section (h2) with an optional 'more' link. Its content renders in a task of its own on
 * the first page load (components/deferred), so that a page of sections is not one long task.
 */
export function Section({
  title,
  children,
  more,
  className,
}: {
  title: string;
  children: ReactNode;
  more?: { to: string; label: string };
  className?: string;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={`section ${className ?? ''}`}>
      <div className="section__head">
        <h2 id={id} className="section__title">
          {title}
        </h2>
        {more && (
          <AppLink to={more.to} className="section__more">
            {more.label}
          </AppLink>
        )}
      </div>
      <Deferred>
        <InSection>{children}</InSection>
      </Deferred>
    </section>
  );
}
