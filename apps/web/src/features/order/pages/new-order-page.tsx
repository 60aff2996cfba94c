/**
 * /new-order — the server builder (spec 1 §2 NewOrder): location, core type, model, system image,
 * options and the live price; 'Add to cart' and 'Order now'. The form lives in the session state
 * (serverBuilderData), so a reload keeps it. Accounts that never had a trial are offered it once
 * per session. Dedicated servers at the location are listed below (ordered through sales).
 */
import { useEffect, useState } from 'react';
import { Alert, Grid, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { buildPath } from '@portside/contract/routes';
import { useSession } from '../../../shared/session/store';
import { notifySuccess } from '../../../shared/ui/notify';
import { QueryState } from '../../../shared/ui/query-state';
import { useHostingLocations } from '../api/get-hosting-locations';
import { useModels } from '../api/get-models';
import { useProducts } from '../api/get-products';
import { useProductsVms } from '../api/get-products-vms';
import { useSystems } from '../api/get-systems';
import { useTrialEligibility } from '../api/get-trial-eligibility';
import { builderIssues, formCartItem, formConfig, formMinDisk, withDiskReset, type BuilderForm } from '../lib/builder-form';
import { updateBuilderSession, useBuilderSession } from '../lib/builder-session';
import { dispatchCart } from '../lib/use-cart';
import { ChoiceCardsSkeleton } from '../components/choice-cards';
import { CoreTypeStep } from '../components/core-type-step';
import { DedicatedOffers } from '../components/dedicated-offers';
import { ImageStep } from '../components/image-step';
import { LocationStep } from '../components/location-step';
import { ModelGrid } from '../components/model-grid';
import { OptionsStep } from '../components/options-step';
import { PricePanel } from '../components/price-panel';
import { TrialModal } from '../components/trial-modal';

const setForm = (patch: Partial<BuilderForm>) => updateBuilderSession((s) => ({ ...s, form: { ...s.form, ...patch } }));

function Step({ n, title, children }: { n: number; title: string; children: React.ReactNode }) {
  return (
    <Stack gap="xs" component="section" aria-label={title}>
      <Title order={2} fz="h4">
        {n}. {title}
      </Title>
      {children}
    </Stack>
  );
}

export default function NewOrderPage() {
  const { t } = useTranslation('order');
  const navigate = useNavigate();
  const session = useBuilderSession();
  const form = session.form;
  const locations = useHostingLocations();
  const products = useProductsVms();
  useProducts(); // the dedicated-server products list of the session state
  const models = useModels(form.location, form.core_type);
  const systems = useSystems();
  const errorMessage = useSession('errorMessage');
  const model = models.data?.find((m) => m.model_id === form.model_id);
  const image = systems.data?.find((i) => i.id === form.image);
  const issues = builderIssues(form, model, image);
  const config = formConfig(form, model, image);
  const quoteInput = config && form.location ? { p_location: form.location, p_quantity: form.quantity, p_config: config } : null;

  // The free-trial modal: once per session, to accounts that never had a trial.
  const trial = useTrialEligibility();
  const [trialOpen, setTrialOpen] = useState(false);
  useEffect(() => {
    if (trial.data === true && !session.trialOffered) {
      setTrialOpen(true);
      updateBuilderSession((s) => ({ ...s, trialOffered: true }));
    }
  }, [trial.data, session.trialOffered]);

  const addToCart = (): boolean => {
    if (!config) return false;
    dispatchCart({ type: 'add', item: formCartItem(form, config) });
    return true;
  };

  return (
    <Stack gap="lg" maw={1280}>
      <div>
        <Title order={1} fz="h2">
          {t('builder.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('builder.subtitle')}
        </Text>
      </div>
      {errorMessage && (
        <Alert color="red" variant="light" role="alert">
          {errorMessage}
        </Alert>
      )}
      {session.payment === 'trial' && (
        <Alert color="teal" variant="light">
          {t('trial.chosen')}
        </Alert>
      )}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="xl">
            <Step n={1} title={t('builder.step_location')}>
              <QueryState
                query={locations}
                loadingLabel={t('builder.loading_locations')}
                skeleton={<ChoiceCardsSkeleton count={2} />}
              >
                <LocationStep
                  locations={locations.data ?? []}
                  value={form.location}
                  onChange={(location) => setForm({ location })}
                />
              </QueryState>
            </Step>
            <Step n={2} title={t('builder.step_core_type')}>
              <QueryState
                query={products}
                loadingLabel={t('builder.loading_core_types')}
                skeleton={<ChoiceCardsSkeleton count={3} cols={{ base: 1, sm: 3 }} h={120} />}
              >
                <CoreTypeStep
                  products={products.data ?? []}
                  value={form.core_type}
                  onChange={(core_type) => setForm({ core_type, model_id: null, disk_gb: null })}
                />
              </QueryState>
            </Step>
            <Step n={3} title={t('builder.step_model')}>
              {form.location && form.core_type ? (
                <QueryState
                  query={models}
                  loadingLabel={t('builder.loading_models')}
                  skeleton={<ChoiceCardsSkeleton count={6} cols={{ base: 1, xs: 2, md: 3 }} h={96} />}
                  isEmpty={() => models.data?.length === 0}
                  empty={<Text c="dimmed">{t('builder.models_empty')}</Text>}
                >
                  <ModelGrid
                    models={models.data ?? []}
                    value={form.model_id}
                    onChange={(id) => {
                      const next = models.data?.find((m) => m.model_id === id);
                      setForm(withDiskReset({ ...form, model_id: id }, next, image));
                    }}
                  />
                </QueryState>
              ) : (
                <Text size="sm" c="dimmed">
                  {t('builder.model_first')}
                </Text>
              )}
            </Step>
            <Step n={4} title={t('builder.step_image')}>
              <QueryState
                query={systems}
                loadingLabel={t('builder.loading_images')}
                skeleton={<ChoiceCardsSkeleton count={4} cols={{ base: 1, xs: 2, md: 4 }} />}
              >
                <ImageStep
                  images={systems.data ?? []}
                  coreType={form.core_type}
                  value={form.image}
                  onChange={(id) => {
                    const next = systems.data?.find((i) => i.id === id);
                    setForm({ image: id, disk_gb: Math.max(form.disk_gb ?? 0, formMinDisk(model, next)) || null });
                  }}
                />
              </QueryState>
            </Step>
            <Step n={5} title={t('builder.step_options')}>
              <OptionsStep
                form={form}
                minDisk={formMinDisk(model, image)}
                includedDisk={model?.disk_gb ?? 0}
                issues={issues}
                onChange={setForm}
              />
            </Step>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <div style={{ position: 'sticky', top: 76 }}>
            <PricePanel
              input={quoteInput}
              onAdd={() => addToCart() && notifySuccess(t('cart.added'))}
              onOrderNow={() => addToCart() && navigate(buildPath('checkout'))}
            />
          </div>
        </Grid.Col>
      </Grid>
      <DedicatedOffers location={form.location} />
      <TrialModal
        opened={trialOpen}
        onClose={() => setTrialOpen(false)}
        onAccept={() => {
          updateBuilderSession((s) => ({ ...s, payment: 'trial', trialAccepted: true, form: { ...s.form, quantity: 1 } }));
          setTrialOpen(false);
        }}
      />
    </Stack>
  );
}
