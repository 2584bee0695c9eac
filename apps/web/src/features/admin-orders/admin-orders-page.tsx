import { AdminSectionPage } from '../admin/admin-page.tsx';

export function AdminOrdersPage() {
  return <AdminSectionPage section="orders" />;
}
