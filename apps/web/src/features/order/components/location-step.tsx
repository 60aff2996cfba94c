/**
 * Step 1: the data centre (spec 1 §1: Lisbon, Portugal and Frankfurt, Germany). A location whose
 * electricity costs more (Frankfurt) carries the German-electricity banner once chosen.
 */
import { Alert, Badge, Text } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Icon } from '../../../shared/ui/icons';
import type { HostingLocation } from '@portside/contract/schemas/reference';
import { ChoiceCards } from './choice-cards';
import { useLocationName } from '../../../shared/format/use-location-name';

/** Country names in the interface language (the browser knows them all). */
function regionNames(language: string): Intl.DisplayNames | null {
  try {
    return new Intl.DisplayNames([language], { type: 'region' });
  } catch {
    return null;
  }
}

export interface LocationStepProps {
  locations: readonly HostingLocation[];
  value: string | null;
  onChange: (id: string) => void;
}

export function LocationStep({ locations, value, onChange }: LocationStepProps) {
  const { t, i18n } = useTranslation('order');
  const locationName = useLocationName();
  const chosen = locations.find((l) => l.id === value);
  const regions = regionNames(i18n.resolvedLanguage ?? i18n.language ?? 'en');
  return (
    <>
      <ChoiceCards
        label={t('builder.location')}
        value={value}
        onChange={onChange}
        options={locations.map((l) => ({
          value: l.id,
          content: (
            <>
              <Text fw={600}>{`${locationName(l.id, l.name)}, ${regions?.of(l.country_code) ?? l.country}`}</Text>
              {l.electricity_warning && (
                <Badge color="orange" variant="light" size="sm">
                  {t('builder.electricity_badge')}
                </Badge>
              )}
            </>
          ),
        }))}
      />
      {chosen?.electricity_warning && (
        <Alert color="orange" variant="light" icon={<Icon name="alert" />} title={t('builder.electricity_title')} role="status">
          {t('builder.electricity_body')}
        </Alert>
      )}
    </>
  );
}
