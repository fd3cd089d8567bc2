export { Shell } from './shell';
export { applyHead } from './head';
export { SearchForm } from './search-form';
