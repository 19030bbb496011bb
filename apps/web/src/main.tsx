import { hydrate } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { takeServerFirstScreenReads } from './app/layout/server-first-screen';
import { Providers, queryClient, setSessionNavigator } from './app/providers';
import { createRouter } from './app/router';
import './styles.css';

/**
 * The first render waits for the first page's code and loaders (docs/decisions/067). Until then
 * the page stays as the server sent it: index.html's shell and, on a landing page, its first
 * screen, which the app's first render then replaces with the page itself, in one step. The
 * render is a transition, so it yields to the browser every few milliseconds rather than holding
 * the page for the whole of it. (A promise chain, not a top-level await: that would split the
 * entry's modules into dozens of files.)
 */
function renderApp(router: ReturnType<typeof createRouter>): void {
  const root = createRoot(document.getElementById('root')!);
  startTransition(() =>
    root.render(
      <StrictMode>
        <Providers>
          <RouterProvider router={router} />
        </Providers>
      </StrictMode>,
    ),
  );
}

/**
 * The app starts in a task of its own, after the one that evaluated its modules: on a slow phone
 * each is a long task, and two halves hold the page for less than one whole (docs/decisions/067).
 */
function start(): void {
  // A page the server drew from data: the reads it was drawn from, so the first render shows the same.
  const sentReads = takeServerFirstScreenReads();
  if (sentReads) hydrate(queryClient, sentReads);
  const router = createRouter();
  setSessionNavigator((path) => void router.navigate(path));
  if (router.state.initialized) renderApp(router);
  else {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      renderApp(router);
    });
  }
}

setTimeout(start, 0);
