/**
 * /billing (spec 1 §2 'billing'; issue 5): the credit balance with 'Add funds', the invoices with
 * their PDFs and a selection of open ones to pay together, and the deposits. Every user of the
 * account may see it (the Billing entry has no claim).
 */
import { useState } from 'react';
import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AddFundsDialog } from '../components/add-funds-dialog';
import { BalanceCard } from '../components/balance-card';
import { DepositsSection } from '../components/deposits-section';
import { InvoicesSection } from '../components/invoices-section';

export default function BillingPage() {
  const { t } = useTranslation('billing');
  const [addingFunds, setAddingFunds] = useState(false);
  return (
    <Stack gap="xl">
      <div>
        <Title order={1} fz="h2">
          {t('title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('subtitle')}
        </Text>
      </div>
      <BalanceCard onAddFunds={() => setAddingFunds(true)} />
      <InvoicesSection />
      <DepositsSection />
      {addingFunds && <AddFundsDialog onClose={() => setAddingFunds(false)} />}
    </Stack>
  );
}
