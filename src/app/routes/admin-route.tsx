import { AdminPage } from '../../features/admin/components/admin-page.tsx';
import { adminMachines } from '../composition/admin.ts';

export const AdminRoute = () => <AdminPage machines={adminMachines} />;
