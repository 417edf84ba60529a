import { createContext, useContext } from 'react';
import { istToday, type CounselingStatus } from '../../../../contract/index.ts';
import { formatDate } from '../../../utils/format.ts';
import type { AdminChoices } from './resource-types.ts';

/** Until the options have loaded (or if they failed: the selects then offer "None" only). */
export const NO_CHOICES: AdminChoices = { faculty: [], staff: [], programs: [], batches: [], courses: [] };

/** The options of the forms' selects, loaded by the admin page (a loader machine) for every tab. */
export const AdminChoicesContext = createContext<AdminChoices>(NO_CHOICES);

export const useAdminChoices = () => useContext(AdminChoicesContext);

/** A counseling request's assignee by name (the list answers the user id). */
export function AssigneeName({ id }: { id: number }) {
  const staff = useAdminChoices().staff;
  return <>{staff.find((s) => s.value === String(id))?.label ?? `User #${id}`}</>;
}

/** The next follow-up date, marked Overdue when it has passed on an open request. */
export function FollowUp({ date, status }: { date: string | null; status: CounselingStatus }) {
  if (!date) return <>—</>;
  const open = status !== 'converted' && status !== 'closed';
  return (
    <>
      {formatDate(date)}
      {open && date < istToday() ? <strong className="overdue"> Overdue</strong> : null}
    </>
  );
}
