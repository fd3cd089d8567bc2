import { useRef, useState, type KeyboardEvent } from 'react';
import { useLocation } from 'react-router';
import { AppLink } from '../../components/app-link';

/** One section of the main navigation. */
export interface NavItem {
  to: string;
  label: string;
}

/** The id of the section list, which the phone's menu button controls (the server's HTML uses it too). */
export const MAIN_NAV_LIST_ID = 'hoofdmenu';

/** Whether `to` (a path, maybe with a query) is the section `pathname` lies in. */
export function isSectionActive(to: string, pathname: string): boolean {
  const path = to.split('?')[0] ?? to;
  return pathname === path || pathname.startsWith(`${path}/`);
}

/**
 * The main navigation. Every section fits one row on a large screen (and wraps into two on a
 * tablet); on a phone the list is a disclosure behind a 'Menu' button (global.css), so that no
 * section sits off the screen. Escape inside the menu closes it and returns focus to the button; a
 * link or a route change closes it too.
 */
export function MainNav({ items }: { items: NavItem[] }) {
  const { pathname } = useLocation();
  const button = useRef<HTMLButtonElement>(null);
  // The path the menu was opened on: open only while the route stays there, so a navigation of any
  // kind (a link, back, the search) closes it without an effect.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const close = () => setOpenOn(null);
  // On the button and each link (the nav itself is no control): Escape wherever the focus is inside.
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Escape' || !open) return;
    event.preventDefault();
    close();
    button.current?.focus();
  };
  return (
    <nav aria-label="Hoofdmenu" className={`main-nav${open ? ' main-nav--open' : ''}`}>
      <button
        ref={button}
        type="button"
        className="main-nav__toggle"
        aria-expanded={open}
        aria-controls={MAIN_NAV_LIST_ID}
        onClick={() => setOpenOn(open ? null : pathname)}
        onKeyDown={onKeyDown}
      >
        <span className="main-nav__toggle-icon" aria-hidden="true" />
        Menu
      </button>
      <ul id={MAIN_NAV_LIST_ID} className="main-nav__list">
        {items.map((item) => {
          const active = isSectionActive(item.to, pathname);
          return (
            <li key={item.label}>
              <AppLink
                to={item.to}
                className={`main-nav__link${active ? ' main-nav__link--active' : ''}`}
                aria-current={active ? 'page' : undefined}
                onClick={close}
                onKeyDown={onKeyDown}
              >
                {item.label}
              </AppLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
