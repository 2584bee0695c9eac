import { lazy } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
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
import { PublicLayout } from './public-layout.tsx';
import { RootLayout } from './root-layout.tsx';

// The landing page is in the first download; every other screen comes in its own chunk when first opened.
const LoginPage = lazy(() =>
  import('../features/auth/login-page.tsx').then((m) => ({ default: m.LoginPage })),
);
const RegisterPage = lazy(() =>
  import('../features/auth/register-page.tsx').then((m) => ({ default: m.RegisterPage })),
);
const AuthCallbackPage = lazy(() =>
  import('../features/auth/auth-callback-page.tsx').then((m) => ({ default: m.AuthCallbackPage })),
);
const ForgotPasswordPage = lazy(() =>
  import('../features/auth/forgot-password-page.tsx').then((m) => ({ default: m.ForgotPasswordPage })),
);
const ResetPasswordPage = lazy(() =>
  import('../features/auth/reset-password-page.tsx').then((m) => ({ default: m.ResetPasswordPage })),
);
const ChangePasswordPage = lazy(() =>
  import('../features/auth/change-password-page.tsx').then((m) => ({ default: m.ChangePasswordPage })),
);
const VerifyEmailPage = lazy(() =>
  import('../features/auth/verify-email-page.tsx').then((m) => ({ default: m.VerifyEmailPage })),
);
const OutboxPage = lazy(() =>
  import('../features/mail/outbox-page.tsx').then((m) => ({ default: m.OutboxPage })),
);
const PrivacyPage = lazy(() =>
  import('../features/landing/legal-page.tsx').then((m) => ({ default: m.PrivacyPage })),
);
const TermsPage = lazy(() =>
  import('../features/landing/legal-page.tsx').then((m) => ({ default: m.TermsPage })),
);
const UnauthorizedPage = lazy(() =>
  import('../features/auth/unauthorized-page.tsx').then((m) => ({ default: m.UnauthorizedPage })),
);
const DashboardPage = lazy(() =>
  import('./routes/dashboard-page.tsx').then((m) => ({ default: m.DashboardPage })),
);
const ProfilePage = lazy(() =>
  import('../features/account/profile-page.tsx').then((m) => ({ default: m.ProfilePage })),
);
const ApiKeysCard = lazy(() =>
  import('../features/account/api-keys-card.tsx').then((m) => ({ default: m.ApiKeysCard })),
);
const TwoFactorCard = lazy(() =>
  import('../features/auth/two-factor-card.tsx').then((m) => ({ default: m.TwoFactorCard })),
);
const PrivacyCard = lazy(() =>
  import('../features/account/privacy-card.tsx').then((m) => ({ default: m.PrivacyCard })),
);
const ProductsPage = lazy(() =>
  import('./routes/products-page.tsx').then((m) => ({ default: m.ProductsPage })),
);
const OrdersPage = lazy(() =>
  import('../features/activations/orders-page.tsx').then((m) => ({ default: m.OrdersPage })),
);
const RentalsPage = lazy(() =>
  import('../features/rentals/rentals-page.tsx').then((m) => ({ default: m.RentalsPage })),
);
const RentalPage = lazy(() =>
  import('../features/rentals/rental-page.tsx').then((m) => ({ default: m.RentalPage })),
);
const AdminRentalsPage = lazy(() =>
  import('../features/rentals/admin-rentals-page.tsx').then((m) => ({ default: m.AdminRentalsPage })),
);
const BalancePage = lazy(() =>
  import('./routes/balance-route.tsx').then((m) => ({ default: m.BalanceRoute })),
);
const ActivationPage = lazy(() =>
  import('../features/activations/activation-page.tsx').then((m) => ({ default: m.ActivationPage })),
);
const FaqPage = lazy(() => import('./routes/faq-page.tsx').then((m) => ({ default: m.FaqPage })));
const AdminPage = lazy(() =>
  import('../features/admin/admin-page.tsx').then((m) => ({ default: m.AdminPage })),
);
const AuditPage = lazy(() =>
  import('../features/admin/audit-page.tsx').then((m) => ({ default: m.AuditPage })),
);
const UserDetailPage = lazy(() =>
  import('../features/admin/user-detail-page.tsx').then((m) => ({ default: m.UserDetailPage })),
);
const ReportsPage = lazy(() =>
  import('../features/admin/reports-page.tsx').then((m) => ({ default: m.ReportsPage })),
);
const SmsPage = lazy(() => import('../features/admin/sms-page.tsx').then((m) => ({ default: m.SmsPage })));
const SettingsPage = lazy(() =>
  import('../features/admin/settings-page.tsx').then((m) => ({ default: m.SettingsPage })),
);
const AdminUsersPage = lazy(() =>
  import('../features/admin/admin-users-page.tsx').then((m) => ({ default: m.AdminUsersPage })),
);
const AdminProductsPage = lazy(() =>
  import('../features/catalog/admin-products-page.tsx').then((m) => ({
    default: m.AdminProductsPage,
  })),
);
const AdminProductNewPage = lazy(() =>
  import('../features/catalog/admin-product-new-page.tsx').then((m) => ({
    default: m.AdminProductNewPage,
  })),
);
const AdminProductCategoriesPage = lazy(() =>
  import('../features/catalog/admin-product-categories-page.tsx').then((m) => ({
    default: m.AdminProductCategoriesPage,
  })),
);
const AdminPricingPage = lazy(() =>
  import('../features/catalog/admin-pricing-page.tsx').then((m) => ({ default: m.AdminPricingPage })),
);
const ApiDocsPage = lazy(() =>
  import('../features/reseller/api-docs-page.tsx').then((m) => ({ default: m.ApiDocsPage })),
);
const AdminCategoriesPage = lazy(() =>
  import('../features/catalog/admin-categories-page.tsx').then((m) => ({ default: m.AdminCategoriesPage })),
);
const AdminCountriesPage = lazy(() =>
  import('../features/catalog/admin-countries-page.tsx').then((m) => ({ default: m.AdminCountriesPage })),
);
const AdminOrdersExportPage = lazy(() =>
  import('../features/activations/admin-orders-export-page.tsx').then((m) => ({
    default: m.AdminOrdersExportPage,
  })),
);
const AdminOrdersPage = lazy(() =>
  import('../features/activations/admin-orders-page.tsx').then((m) => ({ default: m.AdminOrdersPage })),
);

/** Every route of spec §2; anything else goes home. */
/**
 * The app's router. Making it compiles every route's path (a regular expression each), a few
 * milliseconds of work on a fast machine and several times that on a phone: `startApp` makes it in a task
 * of its own rather than while the app's modules are evaluated.
 */
export function createAppRouter() {
  return createBrowserRouter([
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
            <RequireAuth>
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
  ]);
}
