import { AdminSectionPage } from '../admin/admin-page.tsx';

export function AdminUsersPage() {
  return <AdminSectionPage section="users" />;
}
