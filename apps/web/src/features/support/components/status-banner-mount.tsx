/**
 * The status banner's place on every page (issue 16), logged in or not: it reads InternalStatus
 * and renders nothing until there is a status to show; the banner itself (and its translations)
 * load only then. Part of every first load, so it stays this small.
 */
import { Suspense, lazy, useState } from 'react';
import { loadRemainingTranslations } from '../../../shared/i18n/i18n';
import { hasToken } from '../../../shared/session/auth';
import { useSession } from '../../../shared/session/store';
import { useInternalStatus } from '../api/get-internal-status';

const StatusBanner = lazy(() =>
  // The banner's texts (the 'support' namespace) are not part of the first screens' translations.
  Promise.all([import('./status-banner'), loadRemainingTranslations()]).then(
    ([m]) => ({ default: m.StatusBanner }),
    // A chunk that fails to load leaves the page without the banner rather than broken.
    () => ({ default: () => null }),
  ),
);

export interface StatusBannerMountProps {
  /** Outside the shell: keep the banner off the screen's edges. */
  inset?: boolean;
}

export function StatusBannerMount({ inset = false }: StatusBannerMountProps) {
  const loggedIn = useSession('customerDetails') !== null && hasToken();
  const { data } = useInternalStatus(loggedIn);
  // Once a status has shown, the banner stays mounted (rendering nothing while there is none), so it
  // sees a status end and forgets its dismissal: the next time it comes, it shows again.
  const [seen, setSeen] = useState(false);
  if (!seen && data && data.length > 0) setSeen(true);
  if (!seen) return null;
  return (
    <Suspense fallback={null}>
      <StatusBanner rows={data ?? []} inset={inset} />
    </Suspense>
  );
}
