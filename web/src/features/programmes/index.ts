export { ProgrammesPage } from './programmes-page';
export { ProgrammePage } from './programme-page';
export { ProgrammeFragmentsPage, ProgrammeNewsPage } from './programme-sub-pages';
