import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => cleanup());

// jsdom has no scrolling; React Router's scroll restoration calls it.
window.scrollTo = () => undefined;

// Lazy page chunks are transformed on first import; on a busy machine that can take over a second.
configure({ asyncUtilTimeout: 5000 });
