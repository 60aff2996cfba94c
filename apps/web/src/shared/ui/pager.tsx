/**
 * Page controls under a long list: nothing for a single page; every control and page number has
 * an accessible name in the interface language.
 */
import { Pagination } from '@mantine/core';
import { useTranslation } from '../i18n/use-translation';

export interface PagerProps {
  page: number;
  pages: number;
  onChange: (page: number) => void;
  /** Name of the navigation, e.g. 'Pages of projects'. */
  label?: string;
}

export function Pager({ page, pages, onChange, label }: PagerProps) {
  const { t } = useTranslation('common');
  if (pages <= 1) return null;
  return (
    <Pagination
      total={pages}
      value={page}
      onChange={onChange}
      size="sm"
      aria-label={label}
      getControlProps={(control) => ({ 'aria-label': t(`pagination.${control}`) })}
      getItemProps={(p) => ({ 'aria-label': t('pagination.page', { count: p }) })}
    />
  );
}
