import { Stack, Text, Title } from '@mantine/core';

interface AuthHeadingProps {
  title: string;
  subtitle?: string;
  eyebrow?: string | null;
}

/** The heading block that opens every guest page. */
export function AuthHeading({ title, subtitle, eyebrow }: AuthHeadingProps) {
  return (
    <Stack gap={6}>
      {eyebrow ? (
        <Text size="xs" fw={700} tt="uppercase" c="clay.7" lts="0.08em">
          {eyebrow}
        </Text>
      ) : null}
      <Title order={1}>{title}</Title>
      {subtitle ? <Text c="dimmed">{subtitle}</Text> : null}
    </Stack>
  );
}
