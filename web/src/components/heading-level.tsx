import { createContext, useContext, type ReactNode } from 'react';

/**
 * The heading level of the titles in a list (cards, guide items): h2 for a list right under the
 * page's h1, h3 inside a Section, whose title is the h2. The server renders the same levels
 * (server/src/render/markup.hpp), so that no page skips from h1 to h3.
 */
const ListHeadingLevel = createContext<'h2' | 'h3'>('h2');

/** The heading element for a title in a list here. */
export function useListHeading(): 'h2' | 'h3' {
  return useContext(ListHeadingLevel);
}

/** Lists inside `children` title their items one level below a section's h2. */
export function InSection({ children }: { children: ReactNode }) {
  return <ListHeadingLevel.Provider value="h3">{children}</ListHeadingLevel.Provider>;
}
