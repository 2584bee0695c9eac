import { AdminSectionPage } from '../admin/admin-page.tsx';

export function AdminProductsPage() {
  return <AdminSectionPage section="products" />;
}
