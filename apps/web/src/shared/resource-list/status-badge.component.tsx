import { Badge } from '@mantine/core';
import classes from './resource-list.module.css';

/** A status with the server's `status_color`, never cut short. */
export function StatusBadge({ label, color }: { label: string; color: string }) {
  return (
    <Badge variant="dot" color={color} c="dark" className={classes.statusBadge}>
      {label}
    </Badge>
  );
}
