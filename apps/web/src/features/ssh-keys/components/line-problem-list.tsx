/** The refused lines of an upload, each 'Line 3: <reason>', at most 10 shown. */
import { List, Text } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import type { LineProblem } from '../lib/line-problems';

const SHOWN = 10;

export function LineProblemList({ problems, id }: { problems: readonly LineProblem[]; id?: string }) {
  const { t } = useTranslation(['ssh_keys', 'validation']);
  if (problems.length === 0) return null;
  const more = problems.length - SHOWN;
  return (
    <div id={id} role="alert">
      <List size="sm" spacing={2} c="red">
        {problems.slice(0, SHOWN).map((p) => (
          <List.Item key={`${p.line}-${p.key}`}>
            {t('ssh_keys:upload.line_problem', { line: p.line, reason: t(`validation:${p.key}`) })}
            {p.sameAs ? ` ${t('ssh_keys:upload.same_as', { line: p.sameAs })}` : ''}
          </List.Item>
        ))}
      </List>
      {more > 0 && (
        <Text size="sm" c="red" mt={4}>
          {t('ssh_keys:upload.more_problems', { count: more })}
        </Text>
      )}
    </div>
  );
}
