export { ArticlePage, NewsPage } from './news-pages';
