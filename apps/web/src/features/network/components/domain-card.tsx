/**
 * One custom domain: its name, whether it is verified (and when the portal last looked), the server
 * it points at, and its DNS records. An unverified domain shows the TXT record to create and
 * 'Check now'; a TXT record not found yet is explained kindly (DNS changes take a while to be seen,
 * and the portal keeps looking by itself), a DNS that does not answer gets its own message.
 */
import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { buildPath } from '@portside/contract/routes';
import type { DomainRow } from '@portside/contract/schemas/network';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { ApiError } from '../../../shared/api/client';
import { useDateFormat } from '../../../shared/format/use-date-format';
import { ErrorAlert } from '../../../shared/ui/error-alert';
import { Icon } from '../../../shared/ui/icons';
import { notifySuccess } from '../../../shared/ui/notify';
import { useVerifyDomain } from '../api/verify-domain';
import { DnsRecords } from './dns-records';

export interface DomainCardProps {
  domain: DomainRow;
  /** Left out for users who may not list servers (menu-see-cloud-servers). */
  onChangeServer?: (d: DomainRow) => void;
  onDelete: (d: DomainRow) => void;
}

export function DomainCard({ domain: d, onChangeServer, onDelete }: DomainCardProps) {
  const { t } = useTranslation(['network', 'errors']);
  const formatDate = useDateFormat();
  const verify = useVerifyDomain();
  const [showRecords, setShowRecords] = useState(false);
  const code = verify.error instanceof ApiError ? verify.error.body.code : null;
  const titleId = `domain-${d.id}-title`;

  const check = () =>
    verify.mutate(d.id, { onSuccess: () => notifySuccess(t('network:domains.verified_now', { domain: d.domain })) });

  return (
    <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }} component="article" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Stack gap={2} miw={0}>
            <Group gap="xs" wrap="wrap">
              <Title order={2} fz="h4" id={titleId} style={{ overflowWrap: 'anywhere' }}>
                {d.domain}
              </Title>
              <Badge
                variant="light"
                color={d.verified ? 'green' : 'yellow'}
                style={{ minWidth: 'max-content' }}
                data-testid="domain-status"
              >
                {d.verified ? t('network:domains.verified') : t('network:domains.unverified')}
              </Badge>
            </Group>
            <Text size="sm">
              {t('network:domains.server_label')}:{' '}
              <Anchor component={Link} to={buildPath('server_details', { provisioned_id: d.provisioned_id })} fw={600}>
                {d.server_name}
              </Anchor>
            </Text>
            <Text size="xs" c="dimmed">
              {d.verified && d.verified_at
                ? t('network:domains.verified_at', { when: formatDate(d.verified_at) })
                : d.checked_at
                  ? t('network:domains.checked_at', { when: formatDate(d.checked_at) })
                  : t('network:domains.not_checked')}
            </Text>
          </Stack>
          <Group gap="xs" wrap="wrap">
            {!d.verified && (
              <Button size="sm" leftSection={<Icon name="refresh" size={16} />} loading={verify.isPending} onClick={check}>
                {t('network:domains.check_now')}
              </Button>
            )}
            {onChangeServer && (
              <Button size="sm" variant="default" onClick={() => onChangeServer(d)}>
                {t('network:domains.change_server')}
              </Button>
            )}
            <Button
              size="sm"
              variant="light"
              color="red"
              leftSection={<Icon name="trash" size={16} />}
              onClick={() => onDelete(d)}
              aria-label={t('network:domains.delete_button', { domain: d.domain })}
            >
              {t('network:domains.delete')}
            </Button>
          </Group>
        </Group>
        {code === 'DOMAIN_NOT_VERIFIED' && (
          <Alert color="yellow" variant="light" role="status" title={t('network:domains.not_found_title')}>
            {t('network:domains.not_found_body', { name: d.challenge_name })}
          </Alert>
        )}
        {code === 'DNS_UNAVAILABLE' && (
          <Alert color="red" variant="light" role="alert" title={t('errors:DNS_UNAVAILABLE')}>
            {t('network:domains.dns_down_body')}
          </Alert>
        )}
        {verify.error && code !== 'DOMAIN_NOT_VERIFIED' && code !== 'DNS_UNAVAILABLE' && <ErrorAlert error={verify.error} />}
        {d.verified ? (
          <>
            <Anchor component="button" type="button" size="sm" onClick={() => setShowRecords(!showRecords)} w="fit-content">
              {showRecords ? t('network:domains.hide_records') : t('network:domains.show_records')}
            </Anchor>
            {showRecords && (
              <DnsRecords
                domain={d.domain}
                challengeName={d.challenge_name}
                challengeValue={d.challenge_value}
                ipv4={d.server_ipv4}
                ipv6={d.server_ipv6}
                withTxt={false}
              />
            )}
          </>
        ) : (
          <>
            <Text size="sm">{t('network:domains.records_intro')}</Text>
            <DnsRecords
              domain={d.domain}
              challengeName={d.challenge_name}
              challengeValue={d.challenge_value}
              ipv4={d.server_ipv4}
              ipv6={d.server_ipv6}
            />
          </>
        )}
      </Stack>
    </Paper>
  );
}
