export type DayPart = 'morning' | 'afternoon' | 'evening';

/** shell.md §9 cut-offs: morning before 12, afternoon from 12 to 17, evening from 17. */
export function dayPart(hour: number): DayPart {
  if (hour < 12) return 'morning';
  if (hour < 17) return 'afternoon';
  return 'evening';
}
