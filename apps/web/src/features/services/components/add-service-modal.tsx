/**
 * 'Add service' (spec 1 'My Services: add service'): a product of the catalogue with its monthly
 * price and minimum term, the server it belongs to when it is a server add-on, and an optional
 * comment. Checked with the contract's schema; the server's refusals show in the dialog.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { Button, Group, Modal, Select, Skeleton, Stack, Text, Textarea } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { fieldErrors } from '@portside/contract/schemas/issues';
import { addClientServiceSchema, SERVICE_COMMENT_MAX } from '@portside/contract/schemas/services';
import { useMoney } from '../../../shared/format/use-money';
import { ErrorAlert } from '../../../shared/ui/error-alert';
import { notifySuccess } from '../../../shared/ui/notify';
import { QueryState } from '../../../shared/ui/query-state';
import { useAddClientService } from '../api/add-client-service';
import { useServerServices } from '../api/get-server-services';
import { useServiceCatalogue } from '../api/get-service-catalogue';
import { useServiceName } from '../lib/use-service-name';

type Field = 'p_product' | 'p_parent_equipment_id' | 'p_comment';

export function AddServiceModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation(['services', 'validation', 'common']);
  const money = useMoney();
  const name = useServiceName();
  const catalogue = useServiceCatalogue(opened);
  const servers = useServerServices(opened);
  const add = useAddClientService();
  const [product, setProduct] = useState<string | null>(null);
  const [parent, setParent] = useState<string | null>(null);
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<unknown>(null);

  useEffect(() => {
    if (!opened) return;
    setProduct(null);
    setParent(null);
    setComment('');
    setErrors({});
    setFailure(null);
  }, [opened]);

  const chosen = catalogue.data?.find((p) => p.code === product) ?? null;
  const productOptions = (catalogue.data ?? []).map((p) => ({
    value: p.code,
    label: `${name({ product_code: p.code, description: p.name })} — ${t('services:add.price', { price: money(p.monthly_cents), count: p.contract_months })}`,
  }));
  const serverOptions = (servers.data ?? []).map((s) => ({
    value: String(s.equipment_id),
    label: `${s.server_name ?? name(s)} (${s.equipment_id})`,
  }));
  const err = (f: Field) => (errors[f] ? t(`validation:${errors[f]}`) : undefined);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    const body = {
      p_product: product ?? '',
      p_parent_equipment_id: chosen?.needs_parent && parent ? Number(parent) : null,
      p_comment: comment,
    };
    const parsed = addClientServiceSchema.safeParse(body);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    if (chosen?.needs_parent && !parent) return setErrors({ p_parent_equipment_id: 'service_required' });
    setErrors({});
    add.mutate(parsed.data, {
      onSuccess: (r) => {
        notifySuccess(t('services:add.done', { id: r.equipment_id }));
        onClose();
      },
      onError: setFailure,
    });
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('services:add.title')}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
      size="lg"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('services:add.intro')}
          </Text>
          {/* The form's choices: nothing to pick from before both lists have answered. */}
          <QueryState
            query={[catalogue, servers]}
            loadingLabel={t('services:add.loading')}
            skeleton={<Skeleton h={60} radius="sm" />}
          >
            <Select
              label={t('services:add.product')}
              placeholder={t('services:add.product_placeholder')}
              data={productOptions}
              value={product}
              onChange={(v) => {
                setProduct(v);
                setErrors({});
              }}
              error={err('p_product')}
              aria-required
              data-autofocus
              comboboxProps={{ withinPortal: true }}
            />
            {chosen?.needs_parent && (
              <Select
                label={t('services:add.parent')}
                placeholder={serverOptions.length ? t('services:add.parent_placeholder') : t('services:add.no_servers')}
                data={serverOptions}
                value={parent}
                onChange={setParent}
                error={err('p_parent_equipment_id')}
                disabled={serverOptions.length === 0}
                aria-required
                searchable
              />
            )}
          </QueryState>
          {chosen && (
            <Text size="sm">
              {t('services:add.terms', { price: money(chosen.monthly_cents), count: chosen.contract_months })}
            </Text>
          )}
          <Textarea
            label={t('services:add.comment')}
            value={comment}
            onChange={(e) => setComment(e.currentTarget.value)}
            error={err('p_comment')}
            autosize
            minRows={2}
            maxRows={6}
            description={t('services:comment.limit', { count: SERVICE_COMMENT_MAX - comment.length })}
          />
          <ErrorAlert error={failure} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={add.isPending}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" loading={add.isPending}>
              {t('services:add.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
