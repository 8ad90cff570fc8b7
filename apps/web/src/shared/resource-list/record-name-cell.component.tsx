import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';

/** A row's name: a link to its edit form only for who may change the record (administration.md §6). */
export function RecordNameCell({ name, to }: { name: string; to: string | null }) {
  return to ? (
    <Anchor component={Link} to={to} fw={500}>
      {name}
    </Anchor>
  ) : (
    <Text fw={500} span>
      {name}
    </Text>
  );
}
