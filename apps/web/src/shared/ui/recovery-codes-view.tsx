/**
 * Recovery codes shown once (issue 19): the list, a copy and a download button, and the button
 * that says they were saved. Used by the settings section and by the enrolment at login.
 */
import { Button, CopyButton, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { downloadText } from './download-text';

export interface RecoveryCodesTexts {
  title: string;
  intro: string;
  listLabel: string;
  copy: string;
  copied: string;
  download: string;
  done: string;
}

export function RecoveryCodesView({ codes, onDone, texts }: { codes: string[]; onDone: () => void; texts: RecoveryCodesTexts }) {
  const text = codes.join('\n');
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={3} fz="h5">
          {texts.title}
        </Title>
        <Text size="sm">{texts.intro}</Text>
        <List aria-label={texts.listLabel} listStyleType="none" ff="monospace" spacing={2} data-testid="recovery-codes">
          {codes.map((c) => (
            <List.Item key={c}>{c}</List.Item>
          ))}
        </List>
        <Group gap="sm">
          <CopyButton value={text}>
            {({ copied, copy }) => (
              <Button variant="default" onClick={copy}>
                {copied ? texts.copied : texts.copy}
              </Button>
            )}
          </CopyButton>
          <Button variant="default" onClick={() => downloadText('portside-recovery-codes.txt', `${text}\n`)}>
            {texts.download}
          </Button>
          <Button onClick={onDone}>{texts.done}</Button>
        </Group>
      </Stack>
    </Paper>
  );
}
