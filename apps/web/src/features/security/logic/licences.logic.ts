import type { CompanyLicence, Licence } from '@meshport/contract';

/**
 * administration.md §4: hatch requires design_and_sales, and unchecking design_and_sales also
 * clears hatch. Answers the new selection.
 */
export function toggleLicence(selected: readonly string[], licence: Licence, checked: boolean): string[] {
  const without = selected.filter((key) => key !== licence);
  if (checked) return [...without, licence];
  return licence === 'design_and_sales' ? without.filter((key) => key !== 'hatch') : without;
}

/**
 * A checkbox is disabled when none were bought, hatch also while design_and_sales is unchecked,
 * and an unchecked one when every seat is taken (a licence the member holds can always be removed).
 */
export function licenceDisabled(
  licence: Licence,
  selected: readonly string[],
  seat: CompanyLicence | undefined,
  held: readonly string[],
): boolean {
  if (!seat || seat.bought === 0) return true;
  if (licence === 'hatch' && !selected.includes('design_and_sales')) return true;
  const taken = seat.used - (held.includes(licence) ? 1 : 0);
  return !selected.includes(licence) && taken >= seat.bought;
}
