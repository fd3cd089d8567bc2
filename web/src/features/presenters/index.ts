export { PresenterPage, PresentersPage } from './presenters-pages';
