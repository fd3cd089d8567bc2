export { FragmentPage, FragmentsPage } from './fragments-pages';
