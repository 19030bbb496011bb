import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
  // Absent in a file run as the server runs it (`@vitest-environment node`).
  if (typeof localStorage !== 'undefined') localStorage.clear();
});
