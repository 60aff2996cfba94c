/**
 * /clients/:clientId (role staff, issue 18): one account on one page — who it is, its billing
 * address, verification and balance, its users, cloud and dedicated servers, services, invoices
 * and log — with Delete account (ClientDelete after a confirmation, then back to /clients).
 */
import { useState } from 'react';
import { Anchor, Button, Stack } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router';
import { buildPath } from '@portside/contract/routes';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Icon } from '../../../shared/ui/icons';
import { PageHeader } from '../../../shared/ui/page-header';
import { EmptyState, QueryState } from '../../../shared/ui/query-state';
import { useClientDetails } from '../api/get-client-details';
import { ClientSections } from '../components/client-sections';
import { ClientSummary } from '../components/client-summary';
import { personName } from '../components/clients-table';
import { DeleteClientDialog } from '../components/delete-dialogs';
import { StaffOnly, useIsStaff } from '../components/staff-only';

/** A UUID as the server's ids are; anything else is not looked up (it could only be a 400). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function ClientView({ id }: { id: string }) {
  const { t } = useTranslation('clients');
  const navigate = useNavigate();
  const valid = UUID.test(id);
  const query = useClientDetails(id, useIsStaff() && valid);
  const [deleting, setDeleting] = useState(false);
  const c = query.data ?? null;
  const back = (
    <Anchor component={Link} to={buildPath('clients')} size="sm">
      {t('client.back')}
    </Anchor>
  );
  if (!valid) return <EmptyState title={t('client.not_found')} body={t('client.not_found_body')} action={back} />;
  return (
    <QueryState
      query={query}
      loadingLabel={t('client.loading')}
      isEmpty={() => c === null}
      empty={<EmptyState title={t('client.not_found')} body={t('client.not_found_body')} action={back} />}
    >
      {c && (
        <Stack gap="md">
          <PageHeader
            title={c.company_name ? `${c.company_name} — ${personName(c)}` : personName(c)}
            subtitle={back}
            actions={
              !c.deleted_at && (
                <Button
                  color="red"
                  variant="light"
                  leftSection={<Icon name="trash" size={16} />}
                  onClick={() => setDeleting(true)}
                >
                  {t('delete_client.confirm')}
                </Button>
              )
            }
          />
          <ClientSummary client={c} />
          <ClientSections client={c} />
          <DeleteClientDialog
            client={deleting ? { id: c.id, name: personName(c) } : null}
            onClose={() => setDeleting(false)}
            onDeleted={() => void navigate(buildPath('clients'))}
          />
        </Stack>
      )}
    </QueryState>
  );
}

export default function ClientPage() {
  const { t } = useTranslation('clients');
  const { clientId = '' } = useParams();
  return (
    <StaffOnly title={t('client.title')}>
      <Stack gap="md" maw={1200}>
        <ClientView id={clientId} />
      </Stack>
    </StaffOnly>
  );
}
