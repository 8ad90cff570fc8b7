import { COMPANY_CHANGED_EVENT, contentChannel } from '@meshport/contract';
import { useChannelEvent } from '@/lib/realtime/realtime.context.tsx';
import { useTenant } from '@/lib/session/tenant.context.ts';

/**
 * Issue 13 item 5: when someone saves My Company, every open session of the company reads it
 * again and re-themes at once. Mount once in the signed-in frame.
 */
export function CompanyThemeRefresh(): null {
  const { company, reloadCompany } = useTenant();
  useChannelEvent(company ? contentChannel(company.id) : null, COMPANY_CHANGED_EVENT, () => reloadCompany());
  return null;
}
