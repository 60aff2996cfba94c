/**
 * Shown instead of a screen the user's claims do not open: the page title and why, with a way back
 * to the dashboard. Pages show it rather than asking the API, whose 403 would end the session
 * (spec 2 §8).
 */
import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

export interface NoAccessPanelProps {
  /** The page's title. */
  title: string;
  /** Why the page cannot be shown, and what the button says. */
  heading: string;
  body: string;
  back: string;
}

export function NoAccessPanel({ title, heading, body, back }: NoAccessPanelProps) {
  return (
    <Stack gap="md" maw={700}>
      <Title order={1} fz="h2">
        {title}
      </Title>
      <Paper withBorder p="lg" radius="md">
        <Stack gap="sm" align="flex-start">
          <Text fw={600}>{heading}</Text>
          <Text c="dimmed">{body}</Text>
          <Button component={Link} to="/dashboard" variant="light">
            {back}
          </Button>
        </Stack>
      </Paper>
    </Stack>
  );
}
