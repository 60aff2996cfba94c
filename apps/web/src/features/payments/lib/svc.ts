/** Paths of the payment and service host (contract paths start with /svc) on its configured base. */
import { SVC_BASE } from '../../../shared/live/notification-auth';

export function onSvcHost(path: string): string {
  return `${SVC_BASE}${path.replace(/^\/svc/, '')}`;
}
