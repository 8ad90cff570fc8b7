/** administration.md §2: the days left to restore, or '---' when none are left. */
export function daysLeftText(days: number): string {
  return days > 0 ? String(days) : '---';
}
