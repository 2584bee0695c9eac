import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import {
  CHANGE_PASSWORD_PATH,
  RequireAdmin,
  RequireAuth,
  RequireStaff,
  VisitorOnly,
} from '../features/auth/guards.tsx';
import { LandingPage } from '../features/landing/landing-page.tsx';
import { AppHeader } from './app-header.tsx';
import { AppLayout } from './app-layout.tsx';
import { lazyScreen } from './lazy-screen.tsx';
import { PublicLayout } from './public-layout.tsx';
import { RootLayout } from './root-layout.tsx';

// The landing page is in the first download; every other screen comes in its own chunk when first opened.
const LoginPage = lazyScreen(() => import('../features/auth/login-page.tsx').then((m) => m.LoginPage));
const RegisterPage = lazyScreen(() =>
  import('../features/auth/register-page.tsx').then((m) => m.RegisterPage),
);
const AuthCallbackPage = lazyScreen(() =>
  import('../features/auth/auth-callback-page.tsx').then((m) => m.AuthCallbackPage),
);
const ForgotPasswordPage = lazyScreen(() =>
  import('../features/auth/forgot-password-page.tsx').then((m) => m.ForgotPasswordPage),
);
const ResetPasswordPage = lazyScreen(() =>
  import('../features/auth/reset-password-page.tsx').then((m) => m.ResetPasswordPage),
);
const ChangePasswordPage = lazyScreen(() =>
  import('../features/auth/change-password-page.tsx').then((m) => m.ChangePasswordPage),
);
const VerifyEmailPage = lazyScreen(() =>
  import('../features/auth/verify-email-page.tsx').then((m) => m.VerifyEmailPage),
);
const OutboxPage = lazyScreen(() => import('../features/mail/outbox-page.tsx').then((m) => m.OutboxPage));
const PrivacyPage = lazyScreen(() => import('../features/landing/legal-page.tsx').then((m) => m.PrivacyPage));
const TermsPage = lazyScreen(() => import('../features/landing/legal-page.tsx').then((m) => m.TermsPage));
const UnauthorizedPage = lazyScreen(() =>
  import('../features/auth/unauthorized-page.tsx').then((m) => m.UnauthorizedPage),
);
const DashboardPage = lazyScreen(() => import('./routes/dashboard-page.tsx').then((m) => m.DashboardPage));
const ProfilePage = lazyScreen(() =>
  import('../features/account/profile-page.tsx').then((m) => m.ProfilePage),
);
const ApiKeysCard = lazyScreen(
  () => import('../features/account/api-keys-card.tsx').then((m) => m.ApiKeysCard),
  null,
);
const TwoFactorCard = lazyScreen(
  () => import('../features/auth/two-factor-card.tsx').then((m) => m.TwoFactorCard),
  null,
);
const PrivacyCard = lazyScreen(
  () => import('../features/account/privacy-card.tsx').then((m) => m.PrivacyCard),
  null,
);
const ProductsPage = lazyScreen(() => import('./routes/products-page.tsx').then((m) => m.ProductsPage));
const OrdersPage = lazyScreen(() =>
  import('../features/activations/orders-page.tsx').then((m) => m.OrdersPage),
);
const RentalsPage = lazyScreen(() =>
  import('../features/rentals/rentals-page.tsx').then((m) => m.RentalsPage),
);
const RentalPage = lazyScreen(() => import('../features/rentals/rental-page.tsx').then((m) => m.RentalPage));
const AdminRentalsPage = lazyScreen(() =>
  import('../features/rentals/admin-rentals-page.tsx').then((m) => m.AdminRentalsPage),
);
const BalancePage = lazyScreen(() => import('./routes/balance-route.tsx').then((m) => m.BalanceRoute));
const ActivationPage = lazyScreen(() =>
  import('../features/activations/activation-page.tsx').then((m) => m.ActivationPage),
);
const FaqPage = lazyScreen(() => import('./routes/faq-page.tsx').then((m) => m.FaqPage));
const AdminPage = lazyScreen(() => import('../features/admin/admin-page.tsx').then((m) => m.AdminPage));
const AuditPage = lazyScreen(() => import('../features/admin/audit-page.tsx').then((m) => m.AuditPage));
const UserDetailPage = lazyScreen(() =>
  import('../features/admin/user-detail-page.tsx').then((m) => m.UserDetailPage),
);
const ReportsPage = lazyScreen(() => import('../features/admin/reports-page.tsx').then((m) => m.ReportsPage));
const SmsPage = lazyScreen(() => import('../features/admin/sms-page.tsx').then((m) => m.SmsPage));
const SettingsPage = lazyScreen(() =>
  import('../features/admin/settings-page.tsx').then((m) => m.SettingsPage),
);
const AdminUsersPage = lazyScreen(() =>
  import('../features/admin/admin-users-page.tsx').then((m) => m.AdminUsersPage),
);
const AdminProductsPage = lazyScreen(() =>
  import('../features/catalog/admin-products-page.tsx').then((m) => m.AdminProductsPage),
);
const AdminProductNewPage = lazyScreen(() =>
  import('../features/catalog/admin-product-new-page.tsx').then((m) => m.AdminProductNewPage),
);
const AdminProductCategoriesPage = lazyScreen(() =>
  import('../features/catalog/admin-product-categories-page.tsx').then((m) => m.AdminProductCategoriesPage),
);
const AdminPricingPage = lazyScreen(() =>
  import('../features/catalog/admin-pricing-page.tsx').then((m) => m.AdminPricingPage),
);
const ApiDocsPage = lazyScreen(() =>
  import('../features/reseller/api-docs-page.tsx').then((m) => m.ApiDocsPage),
);
const AdminCategoriesPage = lazyScreen(() =>
  import('../features/catalog/admin-categories-page.tsx').then((m) => m.AdminCategoriesPage),
);
const AdminCountriesPage = lazyScreen(() =>
  import('../features/catalog/admin-countries-page.tsx').then((m) => m.AdminCountriesPage),
);
const AdminOrdersExportPage = lazyScreen(() =>
  import('../features/activations/admin-orders-export-page.tsx').then((m) => m.AdminOrdersExportPage),
);
const AdminOrdersPage = lazyScreen(() =>
  import('../features/activations/admin-orders-page.tsx').then((m) => m.AdminOrdersPage),
);

/**
 * The app's router. Making it compiles every route's path (a regular expression each), a few
 * milliseconds of work on a fast machine and several times that on a phone: `startApp` makes it in a task
 * of its own rather than while the app's modules are evaluated.
 */
export const createAppRouter = () => createBrowserRouter(appRoutes());

/** The screens of the pages the build pre-renders (app/prerender.tsx), by path, to load before hydrating. */
export const prerenderedScreens: Record<string, () => Promise<unknown>> = {
  '/login': LoginPage.preload,
  '/dashboard': DashboardPage.preload,
};

/** Every route of spec §2; anything else goes home. The build pre-renders some of them (prerender.tsx). */
export function appRoutes(): RouteObject[] {
  return [
    {
      element: <RootLayout />,
      children: [
        { path: '/', element: <LandingPage signedInHeader={<AppHeader />} /> },
        {
          element: <PublicLayout />,
          children: [
            {
              path: '/login',
              element: (
                <VisitorOnly>
                  <LoginPage />
                </VisitorOnly>
              ),
            },
            {
              path: '/register',
              element: (
                <VisitorOnly>
                  <RegisterPage />
                </VisitorOnly>
              ),
            },
            {
              path: '/forgot-password',
              element: (
                <VisitorOnly>
                  <ForgotPasswordPage />
                </VisitorOnly>
              ),
            },
            { path: '/reset-password', element: <ResetPasswordPage /> },
            { path: '/verify-email', element: <VerifyEmailPage /> },
            {
              path: CHANGE_PASSWORD_PATH,
              element: (
                <RequireAuth>
                  <ChangePasswordPage />
                </RequireAuth>
              ),
            },
            {
              path: '/demo/outbox',
              element: (
                <RequireAuth>
                  <OutboxPage />
                </RequireAuth>
              ),
            },
            { path: '/privacy', element: <PrivacyPage /> },
            { path: '/terms', element: <TermsPage /> },
            { path: '/auth-callback', element: <AuthCallbackPage /> },
            { path: '/unauthorized', element: <UnauthorizedPage /> },
            { path: '/docs/api', element: <ApiDocsPage /> },
            { path: '/faq', element: <FaqPage /> },
          ],
        },
        {
          element: (
            <RequireAuth shellAt="/dashboard">
              <AppLayout />
            </RequireAuth>
          ),
          children: [
            { path: '/dashboard', element: <DashboardPage /> },
            {
              path: '/profile',
              element: (
                <>
                  <ProfilePage />
                  <div className="mx-auto max-w-3xl space-y-6 px-4 pb-10 sm:px-6">
                    <TwoFactorCard />
                    <ApiKeysCard />
                    <PrivacyCard />
                  </div>
                </>
              ),
            },
            { path: '/dashboard/products', element: <ProductsPage /> },
            { path: '/dashboard/balance', element: <BalancePage /> },
            { path: '/dashboard/orders', element: <OrdersPage /> },
            { path: '/dashboard/activations/:id', element: <ActivationPage /> },
            { path: '/dashboard/rentals', element: <RentalsPage /> },
            { path: '/dashboard/rentals/:id', element: <RentalPage /> },
            {
              path: '/admin',
              element: (
                <RequireStaff>
                  <AdminPage />
                </RequireStaff>
              ),
            },
            {
              path: '/admin/audit',
              element: (
                <RequireStaff>
                  <AuditPage />
                </RequireStaff>
              ),
            },
            {
              path: '/admin/users/:id',
              element: (
                <RequireStaff>
                  <UserDetailPage />
                </RequireStaff>
              ),
            },
            {
              path: '/admin/reports',
              element: (
                <RequireStaff>
                  <ReportsPage />
                </RequireStaff>
              ),
            },
            {
              path: '/admin/orders/reports',
              element: (
                <RequireStaff>
                  <ReportsPage ordersOnly />
                </RequireStaff>
              ),
            },
            {
              path: '/admin/sms',
              element: (
                <RequireStaff>
                  <SmsPage />
                </RequireStaff>
              ),
            },
            {
              path: '/admin/settings',
              element: (
                <RequireStaff>
                  <SettingsPage />
                </RequireStaff>
              ),
            },
            {
              path: '/admin/users',
              element: (
                <RequireAdmin>
                  <AdminUsersPage />
                </RequireAdmin>
              ),
            },
            {
              path: '/admin/products',
              element: (
                <RequireAdmin>
                  <AdminProductsPage />
                </RequireAdmin>
              ),
            },
            {
              path: '/admin/products/new',
              element: (
                <RequireAdmin>
                  <AdminProductNewPage />
                </RequireAdmin>
              ),
            },
            {
              path: '/admin/products/pricing',
              element: (
                <RequireStaff>
                  <AdminPricingPage />
                </RequireStaff>
              ),
            },
            {
              path: '/admin/categories',
              element: (
                <RequireAdmin>
                  <AdminCategoriesPage />
                </RequireAdmin>
              ),
            },
            {
              path: '/admin/countries',
              element: (
                <RequireAdmin>
                  <AdminCountriesPage />
                </RequireAdmin>
              ),
            },
            {
              path: '/admin/products/categories',
              element: (
                <RequireAdmin>
                  <AdminProductCategoriesPage />
                </RequireAdmin>
              ),
            },
            {
              path: '/admin/orders/export',
              element: (
                <RequireAdmin>
                  <AdminOrdersExportPage />
                </RequireAdmin>
              ),
            },
            {
              path: '/admin/orders',
              element: (
                <RequireAdmin>
                  <AdminOrdersPage />
                </RequireAdmin>
              ),
            },
            {
              path: '/admin/rentals',
              element: (
                <RequireAdmin>
                  <AdminRentalsPage />
                </RequireAdmin>
              ),
            },
          ],
        },
        { path: '*', element: <Navigate to="/" replace /> },
      ],
    },
  ];
}
