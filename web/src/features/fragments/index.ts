export { FragmentPage, FragmentsPage } from './fragments-pages';
export { TaggedFragments } from './fragments-pages';
