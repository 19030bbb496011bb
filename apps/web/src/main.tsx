import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers, setSessionNavigator } from './app/providers';
import { createRouter } from './app/router';
import { storeAdClickIds } from './features/ads/conversions';
import './styles.css';

storeAdClickIds();
const router = createRouter();
setSessionNavigator((path) => void router.navigate(path));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
