import { createBrowserRouter, RouterProvider } from 'react-router';
import { ToastViewport } from '@/components/ui/ToastViewport';
import { appRoutes } from './router';

const router = createBrowserRouter(appRoutes);

export function App() {
  return (
    <>
      <RouterProvider router={router} />
      <ToastViewport />
    </>
  );
}
