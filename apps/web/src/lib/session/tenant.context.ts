import type { PlatformKey, PublicCompany, TenantColors } from '@meshport/contract';
import { createContext, useContext } from 'react';

export interface HostContext {
  /** Parent domain of every tenant host, e.g. `meshport.localhost`. */
  baseDomain: string;
  tenant: string | null;
  /** The platform prefix written in the host, if any. */
  hostPlatform: PlatformKey | null;
  /** The platform in effect: the prefix, or the first platform when there is none. */
  platform: PlatformKey;
}

export type TenantStatus = 'loading' | 'ready' | 'none' | 'not-found';

export interface TenantState extends HostContext {
  status: TenantStatus;
  company: PublicCompany | null;
  colors: TenantColors;
  /** The deployment's environment (GET /config), e.g. 'acceptance': which changelog dates apply. */
  environment: string;
  /** The largest upload this deployment takes (GET /config), in bytes. */
  uploadMaxBytes: number;
  /** Paints with these colours until called with null (My Company's live preview while editing). */
  previewColors: (colors: TenantColors | null) => void;
  /** Reads the company again (after a save, or when another session saved it) and re-themes. */
  reloadCompany: () => void;
}

/** Provided by the app's TenantProvider (app/session/tenant.provider.tsx); read here by every layer. */
export const TenantContext = createContext<TenantState | null>(null);

export function useTenant(): TenantState {
  const value = useContext(TenantContext);
  if (!value) throw new Error('useTenant outside TenantProvider');
  return value;
}
