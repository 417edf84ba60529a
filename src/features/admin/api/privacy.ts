import {
  API,
  Incident,
  UserImpact,
  PRIVACY_PATHS,
  PrivacyRequest,
  type IncidentInput,
  type PrivacyRequestAction,
} from '../../../../contract/index.ts';
import { api } from '../../../lib/api-client.ts';

/** What the Privacy tab shows: the privacy requests (oldest first) and the breach incidents. */
export type PrivacyOverview = { requests: PrivacyRequest[]; incidents: Incident[] };

export async function fetchPrivacyOverview(): Promise<PrivacyOverview> {
  const [requests, incidents] = await Promise.all([
    api.list(PRIVACY_PATHS.adminRequests, PrivacyRequest),
    api.list(PRIVACY_PATHS.adminIncidents, Incident),
  ]);
  return { requests, incidents };
}

/** One command of the Privacy tab (a request moved on, an incident recorded, its notice sent). */
export type PrivacyCommand =
  | { kind: 'request'; id: number; action: PrivacyRequestAction }
  | { kind: 'incident'; input: IncidentInput }
  | { kind: 'notify'; id: number };

export async function runPrivacyCommand(command: PrivacyCommand): Promise<string> {
  switch (command.kind) {
    case 'request': {
      const moved = await api.post(PRIVACY_PATHS.adminRequest(command.id), command.action, PrivacyRequest);
      return `Request ${moved.id} is now ${moved.status}.`;
    }
    case 'incident': {
      const incident = await api.post(PRIVACY_PATHS.adminIncidents, command.input, Incident);
      return `Incident ${incident.id} recorded; the Board's report is due by ${incident.board_report_due_at}.`;
    }
    case 'notify': {
      const incident = await api.post(PRIVACY_PATHS.adminIncidentNotify(command.id), {}, Incident);
      return `The notice was written to the outbox for ${incident.notified_count} people.`;
    }
  }
}

/** What erasing the person touches (decision 068): read before Erase now is confirmed. */
export function fetchUserImpact(userId: number): Promise<UserImpact> {
  return api.get(API.admin.userImpact(userId), UserImpact);
}
