export { SitemapPage } from './sitemap-page';
