import type { ArticleCard, NewsCategory } from '../api/types';
import { accentColor, readableTextColor } from '../lib/colors';
import { showsCategoryLabel } from '../lib/live-coverage';
import { AppLink } from './app-link';

/** A category label in its §9 colour with readable text. */
export function CategoryBadge({ category }: { category: NewsCategory }) {
  return (
    <span
      className="badge"
      style={{ background: accentColor(category.color), color: readableTextColor(category.color) }}
    >
      {category.name}
    </span>
  );
}

/**
 * An article's category label, as its card and page show it: none for a 'live' story whose live
 * coverage is over (issue 39 #20).
 */
export function ArticleCategoryBadge({ article }: { article: Pick<ArticleCard, 'category' | 'liveUntil'> }) {
  return showsCategoryLabel(article, Date.now()) ? <CategoryBadge category={article.category} /> : null;
}

export interface ChipItem {
  key: string;
  label: string;
  to: string;
  active: boolean;
  color?: string;
}

/** A row of filter links; the active one is marked for screen readers. */
export function ChipNav({ label, items }: { label: string; items: ChipItem[] }) {
  if (items.length === 0) return null;
  return (
    <nav aria-label={label} className="chips">
      <ul>
        {items.map((item) => (
          <li key={item.key}>
            <AppLink
              to={item.to}
              className={`chip${item.active ? ' chip--active' : ''}`}
              aria-current={item.active ? 'page' : undefined}
              style={
                item.active && item.color
                  ? {
                      background: accentColor(item.color),
                      borderColor: accentColor(item.color),
                      color: readableTextColor(item.color),
                    }
                  : item.color
                    ? { borderColor: accentColor(item.color) }
                    : undefined
              }
            >
              {item.label}
            </AppLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
