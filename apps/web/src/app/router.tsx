import { createBrowserRouter, Navigate } from 'react-router';
import { PageLoader } from '../components/Spinner.tsx';
import { ForgotPasswordPage } from '../pages/auth/ForgotPasswordPage.tsx';
import { LoginPage } from '../pages/auth/LoginPage.tsx';
import { ResetPasswordPage } from '../pages/auth/ResetPasswordPage.tsx';
import { SignupPage } from '../pages/auth/SignupPage.tsx';
import { RouteError } from './RouteError.tsx';
import { DATASOURCE_ROUTES, lazyPage, PROTECTED_ROUTES } from './routes.tsx';
import { ScrollToTop } from './ScrollToTop.tsx';
import { LandingRoute } from './shell/LandingRoute.tsx';
import { ProtectedLayout } from './shell/ProtectedLayout.tsx';

export const router = createBrowserRouter([
  {
    element: <ScrollToTop />,
    errorElement: <RouteError />,
    // Shown while a signed-in page's code loads on a first visit straight to its URL.
    hydrateFallbackElement: <PageLoader />,
    children: [
      { path: '/', element: <LandingRoute /> },
      { path: '/signup', element: <SignupPage /> },
      { path: '/complete-signup', element: <SignupPage /> },
      { path: '/login', element: <LoginPage /> },
      { path: '/forgot-password', element: <ForgotPasswordPage /> },
      { path: '/reset-password', element: <ResetPasswordPage /> },
      {
        element: <ProtectedLayout />,
        children: [
          {
            // A failing page keeps the header and side menu around its error message.
            errorElement: <RouteError />,
            children: [
              ...PROTECTED_ROUTES.map((r) => ({ path: `/${r.path}`, lazy: lazyPage(r) })),
              {
                path: '/datasource',
                children: [
                  { index: true, element: <Navigate to="/datasource/website-model" replace /> },
                  ...DATASOURCE_ROUTES.map((r) => ({ path: r.path, lazy: lazyPage(r) })),
                ],
              },
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
]);
