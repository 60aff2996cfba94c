/** Step 4: the system image (NewOrderGetSystems). Windows images need the Windows-optimised core. */
import { Text } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { imageFitsCoreType } from '@portside/contract/rules/order-builder';
import type { ImageOption } from '@portside/contract/schemas/offers';
import { ChoiceCards } from './choice-cards';

export interface ImageStepProps {
  images: readonly ImageOption[];
  coreType: string | null;
  value: string | null;
  onChange: (id: string) => void;
}

export function ImageStep({ images, coreType, value, onChange }: ImageStepProps) {
  const { t } = useTranslation('order');
  return (
    <ChoiceCards
      label={t('builder.image')}
      value={value}
      onChange={onChange}
      cols={{ base: 1, xs: 2, md: 4 }}
      options={images.map((i) => {
        const fits = !coreType || imageFitsCoreType(i.os_family, coreType);
        return {
          value: i.id,
          disabled: !fits,
          content: (
            <>
              <Text fw={600}>{i.name}</Text>
              <Text size="xs" c="dimmed">
                {fits ? t('builder.image_min_disk', { gb: i.min_disk_gb }) : t('builder.image_windows_only')}
              </Text>
            </>
          ),
        };
      })}
    />
  );
}
