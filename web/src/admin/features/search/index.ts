export { HeaderSearch } from './header-search';
export { SearchPage } from './search-page';
